import {
  addDays,
  analyticsRange,
  countryOf,
  eventTimeRefusal,
  firstKeptDay,
  namesZone,
  partitionDays,
  referrerHost,
  unknownKeys,
  visitorKey,
} from './analytics.rules';

const NOW = new Date('2026-11-30T09:00:00Z');
const visitor = {
  address: '198.51.100.7',
  userAgent: 'Mozilla/5.0',
  tourId: 'a-tour',
  visitorId: null,
  consented: false,
};

describe('visitorKey', () => {
  it('never holds the address, and changes with the UTC day without consent', () => {
    const today = visitorKey('secret', visitor, NOW);
    expect(today).not.toContain('198.51');
    expect(visitorKey('secret', visitor, new Date('2026-11-30T23:59:59Z'))).toBe(today);
    expect(visitorKey('secret', visitor, new Date('2026-12-01T00:00:00Z'))).not.toBe(today);
    expect(visitorKey('another secret', visitor, NOW)).not.toBe(today);
  });

  it('counts an IPv6 /64 as one client, and a user agent or tour apart', () => {
    const v6 = { ...visitor, address: '2001:db8:1:2::1' };
    expect(visitorKey('s', v6, NOW)).toBe(visitorKey('s', { ...v6, address: '2001:db8:1:2::ffff' }, NOW));
    expect(visitorKey('s', { ...visitor, userAgent: 'Other' }, NOW)).not.toBe(visitorKey('s', visitor, NOW));
    expect(visitorKey('s', { ...visitor, tourId: 'b' }, NOW)).not.toBe(visitorKey('s', visitor, NOW));
  });

  it('with consent, follows the visitor_id across days and networks; without, ignores it', () => {
    const consented = { ...visitor, visitorId: 'C3D4E5F6-0000-4000-8000-000000000001', consented: true };
    const key = visitorKey('s', consented, NOW);
    expect(key).toMatch(/^v:/);
    expect(visitorKey('s', { ...consented, address: '203.0.113.9' }, new Date('2027-01-05T00:00:00Z'))).toBe(
      key,
    );
    expect(visitorKey('s', { ...consented, consented: false }, NOW)).toBe(visitorKey('s', visitor, NOW));
  });
});

describe('the batch’s fields', () => {
  it.each([
    ['https://www.realestate.com.au/property/123?x=1', 'www.realestate.com.au'],
    ['http://EXAMPLE.com:8080/', 'example.com'],
    ['android-app://com.google.android.gm/', null],
    ['not a url', null],
    [null, null],
    ['', null],
  ])('referrer %s -> host %s', (given, host) => expect(referrerHost(given)).toBe(host));

  it.each([
    ['au', 'AU'],
    [' NZ ', 'NZ'],
    ['XX1', null],
    [undefined, null],
    [['de', 'fr'], 'DE'],
  ])('country header %j -> %s', (header, country) => expect(countryOf(header)).toBe(country));

  it.each([
    ['2026-11-30T09:00:00.000Z', true],
    ['2026-11-30T09:00:00+11:00', true],
    ['2026-11-30T09:00:00-0500', true],
    ['2026-11-30T09:00:00', false],
  ])('%s names its zone: %s', (at, named) => expect(namesZone(at)).toBe(named));

  it('takes events from the last day up to 5 minutes ahead', () => {
    const now = NOW.getTime();
    expect(eventTimeRefusal(now - 24 * 3600_000, now)).toBeNull();
    expect(eventTimeRefusal(now - 24 * 3600_000 - 1, now)).toBe('old');
    expect(eventTimeRefusal(now + 5 * 60_000, now)).toBeNull();
    expect(eventTimeRefusal(now + 5 * 60_000 + 1, now)).toBe('ahead');
  });

  it('names every unknown key on its own path', () => {
    expect(
      unknownKeys({
        batch: {
          id: 'x',
          extraThing: 1,
          events: [{ type: 'dwell' }, { type: 'dwell', colour: 'red' }, 'text'],
        },
        more: true,
      }),
    ).toEqual({
      more: 'is not a known field',
      'batch.extraThing': 'is not a known field',
      'batch.events.1.colour': 'is not a known field',
    });
    expect(unknownKeys(null)).toEqual({});
  });
});

describe('days', () => {
  it('keeps the retention’s days, today included, and makes partitions from yesterday to two days ahead', () => {
    expect(firstKeptDay(NOW, 90)).toBe(addDays('2026-11-30', -89));
    expect(partitionDays(NOW)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it.each([
    [{}, { from: '2026-11-01', to: '2026-11-30' }],
    [{ to: '2026-06-30' }, { from: '2026-06-01', to: '2026-06-30' }],
    [{ from: '2026-11-20' }, { from: '2026-11-20', to: '2026-11-30' }],
    [
      { from: '2025-11-30', to: '2026-11-30' },
      { from: '2025-11-30', to: '2026-11-30' },
    ],
    [{ from: '2025-11-29', to: '2026-11-30' }, { errors: { to: 'must be at most 366 days after from' } }],
    [{ from: '2026-11-30', to: '2026-11-29' }, { errors: { to: 'must not be before from' } }],
    [{ from: '2026-02-30' }, { errors: { from: 'must be a date (YYYY-MM-DD)' } }],
    [{ to: 'yesterday' }, { errors: { to: 'must be a date (YYYY-MM-DD)' } }],
  ])('range %j -> %j', (given, range) => expect(analyticsRange(given, NOW)).toEqual(range));
});
