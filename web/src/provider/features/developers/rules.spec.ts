import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_EVENT_TYPES } from '@tourly/contracts';
import { ApiError } from '../../../api/errors';
import { formErrors } from '../../../shared/forms/formErrors';
import {
  anyEndpointPending,
  ENDPOINT_FIELDS,
  endpointHealth,
  endpointRefusal,
  EVENT_TYPE_OPTIONS,
  eventTypesSummary,
  formatLatency,
  hasPending,
  lastAnswer,
  nextAttemptIn,
  orderedSelection,
  pendingKey,
  pollDelay,
  replayLabel,
  prettyJson,
  statusParam,
  STATUS_OPTIONS,
  toggleEventType,
} from './rules';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const OFFERED = [
  { type: 'property.created', description: 'A property was created.' },
  { type: 'order.placed', description: 'An order was placed.' },
  { type: 'lead.received', description: 'A lead came.' },
];

describe('webhooks on the Developers page', () => {
  it('offers every event type of the contracts, each with its description', () => {
    expect(EVENT_TYPE_OPTIONS.map((option) => option.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(EVENT_TYPE_OPTIONS.every((option) => option.description.length > 0)).toBe(true);
  });

  it('filters deliveries by the three statuses, anything else meaning all', () => {
    expect(STATUS_OPTIONS).toEqual([
      ['pending', 'Pending'],
      ['succeeded', 'Succeeded'],
      ['failed', 'Failed'],
    ]);
    expect(statusParam('failed')).toBe('failed');
    expect(statusParam('')).toBeUndefined();
    expect(statusParam('delivered')).toBeUndefined();
    expect(statusParam(null)).toBeUndefined();
  });

  it.each([
    [0, '0 ms'],
    [85, '85 ms'],
    [999.4, '999 ms'],
    [1000, '1.0 s'],
    [1234, '1.2 s'],
    [9_940, '9.9 s'],
    [9_960, '10 s'],
    [12_400, '12 s'],
    [null, '—'],
    [undefined, '—'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('shows a latency of %p ms as %p', (ms, shown) => {
    expect(formatLatency(ms)).toBe(shown);
  });

  it('says what the receiver last answered: its status, else why it never answered', () => {
    expect(lastAnswer({ lastStatusCode: 500, lastError: null })).toBe('HTTP 500');
    expect(lastAnswer({ lastStatusCode: 200, lastError: 'ignored' })).toBe('HTTP 200');
    expect(lastAnswer({ lastStatusCode: null, lastError: 'Connection refused' })).toBe('Connection refused');
    expect(lastAnswer({ lastStatusCode: null, lastError: null })).toBe('—');
  });

  it.each([
    ['2026-03-02T12:00:30.000Z', 'in 30 seconds'],
    ['2026-03-02T12:05:05.000Z', 'in 5 minutes 5 seconds'],
    ['2026-03-02T14:00:00.000Z', 'in 2 hours'],
    ['2026-03-02T12:00:00.400Z', 'any moment now'],
    ['2026-03-02T11:59:00.000Z', 'any moment now'],
    [null, null],
    ['soon', null],
  ])('says when a pending delivery goes out next (%p): %p', (at, shown) => {
    expect(nextAttemptIn(at, NOW)).toBe(shown);
  });

  it('sums up what an endpoint listens to', () => {
    expect(eventTypesSummary(['order.placed'], 13)).toBe('1 event type');
    expect(eventTypesSummary(['order.placed', 'lead.received'], 13)).toBe('2 event types');
    expect(eventTypesSummary([...WEBHOOK_EVENT_TYPES], 13)).toBe('All 13 event types');
    expect(eventTypesSummary([], 13)).toBe('0 event types');
  });

  it('keeps the chosen event types in the order offered, unknown ones last, with or without one', () => {
    expect(orderedSelection(['lead.received', 'old.type', 'property.created'], OFFERED)).toEqual([
      'property.created',
      'lead.received',
      'old.type',
    ]);
    expect(toggleEventType(['lead.received'], 'property.created', true, OFFERED)).toEqual([
      'property.created',
      'lead.received',
    ]);
    expect(
      toggleEventType(['property.created', 'lead.received'], 'property.created', false, OFFERED),
    ).toEqual(['lead.received']);
    // Checking a box twice chooses it once.
    expect(toggleEventType(['order.placed'], 'order.placed', true, OFFERED)).toEqual(['order.placed']);
  });

  it.each([
    [{ enabled: true, disabledReason: null, failingSince: null }, 'healthy'],
    [{ enabled: true, disabledReason: null, failingSince: '2026-03-01T00:00:00Z' }, 'failing'],
    [
      {
        enabled: false,
        disabledReason: 'Every delivery failed for 5 days.',
        failingSince: '2026-02-25T00:00:00Z',
      },
      'disabled',
    ],
    [{ enabled: false, disabledReason: null, failingSince: null }, 'paused'],
  ] as const)('tells how an endpoint is doing: %p is %p', (endpoint, health) => {
    expect(endpointHealth(endpoint)).toBe(health);
  });

  it('keeps asking while anything is pending', () => {
    expect(hasPending([{ status: 'succeeded' }, { status: 'pending' }])).toBe(true);
    expect(hasPending([{ status: 'succeeded' }, { status: 'failed' }])).toBe(false);
    expect(hasPending(undefined)).toBe(false);
    expect(anyEndpointPending([{ counts: { pending: 0 } }, { counts: { pending: 2 } }])).toBe(true);
    expect(anyEndpointPending([{ counts: { pending: 0 } }])).toBe(false);
    expect(anyEndpointPending(undefined)).toBe(false);
  });

  it.each([
    ['nothing pending', [{ status: 'succeeded', nextAttemptAt: null }], false],
    ['no list yet', undefined, false],
    ['a delivery being sent (no attempt planned)', [{ status: 'pending', nextAttemptAt: null }], 2_000],
    ['an attempt due in 5 s', [{ status: 'pending', nextAttemptAt: '2026-03-02T12:00:05.000Z' }], 5_500],
    ['an attempt overdue', [{ status: 'pending', nextAttemptAt: '2026-03-02T11:59:00.000Z' }], 2_000],
    ['an attempt in 5 minutes', [{ status: 'pending', nextAttemptAt: '2026-03-02T12:05:00.000Z' }], 30_000],
    [
      'the earliest of several',
      [
        { status: 'pending', nextAttemptAt: '2026-03-02T12:05:00.000Z' },
        { status: 'failed', nextAttemptAt: null },
        { status: 'pending', nextAttemptAt: '2026-03-02T12:00:10.000Z' },
      ],
      10_500,
    ],
  ] as const)('asks for deliveries again with %s: %p', (_, items, delay) => {
    expect(pollDelay(items, NOW)).toBe(delay);
  });

  it('keys the pending deliveries, to notice one ending', () => {
    expect(
      pendingKey([
        { id: 'a', status: 'pending' },
        { id: 'b', status: 'succeeded' },
        { id: 'c', status: 'pending' },
      ]),
    ).toBe('a c');
    expect(pendingKey([{ id: 'b', status: 'failed' }])).toBe('');
    expect(pendingKey(undefined)).toBe('');
  });

  it('replays a finished delivery, and sends a pending one now', () => {
    expect(replayLabel({ status: 'failed' })).toBe('Replay');
    expect(replayLabel({ status: 'succeeded' })).toBe('Replay');
    expect(replayLabel({ status: 'pending' })).toBe('Send now');
  });

  it('shows a body indented, keys as sent, and text that is not JSON as it is', () => {
    expect(prettyJson('{"type":"webhook.test","data":{"property_id":"p1"}}')).toBe(
      '{\n  "type": "webhook.test",\n  "data": {\n    "property_id": "p1"\n  }\n}',
    );
    expect(prettyJson('not json')).toBe('not json');
  });

  it('puts the endpoint form’s refusals under their fields, nested under endpoint or bare', () => {
    const nested = new ApiError(
      422,
      { 'endpoint.url': ['must use https'], 'endpoint.eventTypes': ['must list at least one event type'] },
      ['Endpoint.url - must use https', 'Endpoint.event types - must list at least one event type'],
    );
    expect(endpointRefusal(nested)).toBe(nested);
    expect(formErrors(endpointRefusal(nested), ENDPOINT_FIELDS)).toEqual({
      alert: null,
      fields: { url: ['must use https'], eventTypes: ['must list at least one event type'] },
    });

    const bare = new ApiError(
      422,
      { url: ['must be a valid URL'], description: ['must be at most 200 characters'], base: ['Too many.'] },
      ['Url - must be a valid URL', 'Description - must be at most 200 characters', 'Too many.'],
    );
    expect(formErrors(endpointRefusal(bare), ENDPOINT_FIELDS)).toEqual({
      alert: ['Too many.'],
      fields: { url: ['must be a valid URL'], description: ['must be at most 200 characters'] },
    });

    const limit = new ApiError(422, { base: ['A provider can have at most 10 endpoints.'] }, [
      'A provider can have at most 10 endpoints.',
    ]);
    expect(endpointRefusal(limit)).toBe(limit);
    expect(endpointRefusal('offline')).toBe('offline');
  });
});
