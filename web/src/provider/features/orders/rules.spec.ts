import { describe, expect, it } from '@jest/globals';
import { ORDER_STEPS } from '@tourly/contracts';
import {
  amendedDelivery,
  amendedWork,
  canAmend,
  canCancel,
  KIND_OPTIONS,
  orderName,
  placedNotice,
  statusParam,
  STATUS_OPTIONS,
  STEP_LABELS,
  timeliness,
} from './rules';

const HOUR = 60 * 60 * 1000;
const PROMISED = '2026-03-02T12:00:00.000Z';
const promised = Date.parse(PROMISED);

describe('floor-plan orders', () => {
  it('offers each kind with its name and credits, from the contracts', () => {
    expect(KIND_OPTIONS).toEqual([
      { kind: 'floorplan', label: 'Floor plan', credits: 5 },
      { kind: 'schematic_floorplan', label: 'Schematic floor plan', credits: 3 },
      { kind: 'universal_floorplan', label: 'Universal floor plan', credits: 8 },
      { kind: 'trueplan', label: 'TruePlan', credits: 10 },
    ]);
  });

  it('filters by the statuses in the order an order moves through them', () => {
    expect(STATUS_OPTIONS.map(([status]) => status)).toEqual([
      'placed',
      'in_progress',
      'paused',
      'delivered',
      'cancelled',
    ]);
    // One word per status, the back office's too: a placed order is "Placed" (issue 29), never "Received".
    expect(STATUS_OPTIONS.map(([, label]) => label)).toEqual([
      'Placed',
      'In progress',
      'Paused',
      'Delivered',
      'Cancelled',
    ]);
    expect(STEP_LABELS[ORDER_STEPS[0]]).toBe('Placed');
    expect(statusParam('paused')).toBe('paused');
    expect(statusParam('shipped')).toBeUndefined();
    expect(statusParam(null)).toBeUndefined();
  });

  it('names an order as people quote it, and says what placing it holds', () => {
    expect(orderName({ number: 1042 })).toBe('Order 1042');
    expect(placedNotice({ credits: 5, kind: 'floorplan' })).toBe(
      'Your order was placed. Its 5 credits are held until the plan is delivered.',
    );
    expect(placedNotice({ credits: 1, kind: 'trueplan' })).toBe(
      'Your order was placed. Its 1 credit is held until the plan is delivered.',
    );
    expect(placedNotice({ credits: 18, kind: 'photo_retouching' })).toBe(
      'Your order was placed. Its 18 credits are held until the photos are delivered.',
    );
    expect(placedNotice({ credits: 6, kind: 'workshop_assistant' })).toBe(
      'Your order was placed. Its 6 credits are held until the draft is delivered.',
    );
  });

  it.each([
    ['floorplan', 'The drafter changes the delivered plan'],
    ['trueplan', 'The drafter changes the delivered plan'],
    ['photo_retouching', 'The retoucher redoes the delivered photos'],
    ['workshop_assistant', "Our team changes your tour's draft"],
  ] as const)('says who amends a %s order: %s', (kind, words) => {
    expect(amendedWork(kind)).toBe(words);
  });

  it.each([
    ['floorplan', 'The changed plan takes the place of the one delivered on your property.'],
    ['schematic_floorplan', 'The changed plan takes the place of the one delivered on your property.'],
    ['photo_retouching', 'Each photo redone takes the place of the one delivered on your property.'],
    ['workshop_assistant', 'The changes are made in the draft, for you to review and publish.'],
  ] as const)('says where an amendment of a %s order goes: %s', (kind, words) => {
    expect(amendedDelivery(kind)).toBe(words);
  });

  it.each([
    ['placed', true, false],
    ['in_progress', false, false],
    ['paused', false, false],
    ['delivered', false, true],
    ['cancelled', false, false],
  ] as const)('a %s order: cancel %s, amend %s', (status, cancel, amend) => {
    expect(canCancel({ status })).toBe(cancel);
    expect(canAmend({ status })).toBe(amend);
  });

  describe('the promised time against what happened', () => {
    it.each([
      ['delivered before the promise', PROMISED, -2 * HOUR, { text: 'Delivered on time', tone: 'success' }],
      ['delivered at the promise', PROMISED, 0, { text: 'Delivered on time', tone: 'success' }],
      [
        'delivered late',
        PROMISED,
        3 * HOUR + 5 * 60_000,
        { text: 'Delivered 3 hours 5 minutes late', tone: 'danger' },
      ],
    ] as const)('%s', (_, promisedAt, deliveredAfter, expected) => {
      const deliveredAt = new Date(promised + deliveredAfter).toISOString();
      expect(timeliness({ status: 'delivered', promisedAt, deliveredAt })).toEqual(expected);
    });

    it('counts down while open, then says how overdue it is (to the minute)', () => {
      const open = { status: 'in_progress' as const, promisedAt: PROMISED, deliveredAt: null };
      expect(timeliness(open, promised - 23 * HOUR - 59 * 60_000 - 20_000)).toEqual({
        text: 'Due in 23 hours 59 minutes',
        tone: 'neutral',
      });
      expect(timeliness(open, promised - 10_000)).toEqual({ text: 'Due in 1 minute', tone: 'neutral' });
      expect(timeliness(open, promised + 26 * HOUR)).toEqual({
        text: 'Overdue by 1 day 2 hours',
        tone: 'danger',
      });
    });

    it('says nothing of a cancelled order, or of times that are not', () => {
      expect(timeliness({ status: 'cancelled', promisedAt: PROMISED, deliveredAt: null })).toBeNull();
      expect(timeliness({ status: 'placed', promisedAt: 'soon', deliveredAt: null })).toBeNull();
      expect(timeliness({ status: 'delivered', promisedAt: PROMISED, deliveredAt: null })).toBeNull();
    });
  });
});
