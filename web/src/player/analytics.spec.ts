import { describe, expect, it } from '@jest/globals';
import {
  consentOf,
  deviceOf,
  eventOf,
  MAX_BODY_BYTES,
  NO_ANALYTICS,
  startAnalytics,
  toAttribution,
  toBatches,
  uuid,
  VISITOR_ID_KEY,
  type AnalyticsEvent,
  type AnalyticsIo,
  type Batch,
  type BatchMeta,
  type Consent,
} from './analytics';

const T0 = Date.parse('2026-11-30T09:00:00.000Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A page the collector runs in: a clock moved by hand, the timer run by hand, every body sent kept. */
function aPage(options: { consent?: Consent; width?: number; storage?: Map<string, string> | null } = {}) {
  let now = T0;
  let ids = 0;
  let timer: (() => void) | null = null;
  let hidden = false;
  let onHide: (hidden: boolean) => void = () => undefined;
  const sent: Array<{ url: string; batch: Batch }> = [];
  const storage = options.storage === undefined ? new Map<string, string>() : options.storage;
  const io: AnalyticsIo = {
    now: () => now,
    uuid: () => `id-${++ids}`,
    send: (url, json) => sent.push({ url, batch: (JSON.parse(json) as { batch: Batch }).batch }),
    width: () => options.width ?? 1280,
    referrer: () => 'https://www.realestate.com.au/property/123',
    hidden: () => hidden,
    storage: () =>
      storage && {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
      },
    setTimer: (run) => {
      timer = run;
      return () => (timer = null);
    },
    listen: (handler) => {
      onHide = handler;
      return () => (onHide = () => undefined);
    },
  };
  const analytics = startAnalytics(
    { tourId: 'harbour~view-apartment', language: 'en', consent: options.consent ?? 'unknown' },
    io,
  );
  return {
    analytics,
    sent,
    storage,
    wait: (ms: number) => (now += ms),
    /** The 5 s timer going off. */
    tick: () => timer?.(),
    timerSet: () => timer !== null,
    hide: () => ((hidden = true), onHide(true)),
    show: () => ((hidden = false), onHide(false)),
    events: () => sent.flatMap(({ batch }) => batch.events),
  };
}

describe('the analytics collector', () => {
  it('sends view_started first, in a batch with the view, the device, the language and the referrer', () => {
    const page = aPage({ width: 390 });
    expect(page.timerSet()).toBe(true);
    page.tick();
    expect(page.sent).toEqual([
      {
        url: '/digital_twin/harbour~view-apartment/analytics.json',
        batch: {
          id: 'id-2',
          view_id: 'id-1',
          visitor_id: null,
          consent: 'unknown',
          device: 'phone',
          language: 'en',
          referrer: 'https://www.realestate.com.au/property/123',
          events: [{ type: 'view_started', at: '2026-11-30T09:00:00.000Z' }],
        },
      },
    ]);
    // Nothing waits: no timer, nothing more sent.
    expect(page.timerSet()).toBe(false);
    page.tick();
    expect(page.sent).toHaveLength(1);
  });

  it('batches what the page records until the timer, each batch with a fresh id and the same view', () => {
    const page = aPage();
    page.tick();
    page.wait(1000);
    page.analytics.record('menu_opened', { target: 'photos' });
    page.analytics.record('map_opened');
    expect(page.sent).toHaveLength(1);
    page.tick();
    expect(page.sent[1]!.batch).toMatchObject({
      id: 'id-3',
      view_id: 'id-1',
      events: [
        { type: 'menu_opened', at: '2026-11-30T09:00:01.000Z', target: 'photos' },
        { type: 'map_opened', at: '2026-11-30T09:00:01.000Z' },
      ],
    });
  });

  it('gives each place its dwell when the visitor moves, stops the clock while hidden, and sends at hide', () => {
    const page = aPage();
    page.analytics.place({ sweep: 'a1b2c3', room: 'Kitchen', floor: 0 });
    page.wait(12_500);
    page.analytics.place({ sweep: 'd4e5f6', room: 'Living room', floor: 0 });
    page.wait(3000);
    page.hide();
    // Hidden: what waited leaves at once, the open part of the place included.
    expect(page.events().map(({ at: _, ...event }) => event)).toEqual([
      { type: 'view_started' },
      { type: 'sweep_entered', sweep: 'a1b2c3', room: 'Kitchen', floor: 0 },
      { type: 'dwell', sweep: 'a1b2c3', room: 'Kitchen', floor: 0, ms: 12_500 },
      { type: 'sweep_entered', sweep: 'd4e5f6', room: 'Living room', floor: 0 },
      { type: 'dwell', sweep: 'd4e5f6', room: 'Living room', floor: 0, ms: 3000 },
    ]);
    // A pagehide after the visibilitychange adds nothing; the time away is not counted.
    page.hide();
    page.wait(60_000);
    page.show();
    page.wait(2000);
    page.analytics.place({ sweep: 'a1b2c3', room: 'Kitchen', floor: 0 });
    page.tick();
    expect(page.events().slice(5)).toEqual([
      {
        type: 'dwell',
        at: '2026-11-30T09:01:17.500Z',
        sweep: 'd4e5f6',
        room: 'Living room',
        floor: 0,
        ms: 2000,
      },
      { type: 'sweep_entered', at: '2026-11-30T09:01:17.500Z', sweep: 'a1b2c3', room: 'Kitchen', floor: 0 },
    ]);
  });

  it('keeps no visitor id and writes nothing without consent; with it, one id kept across views', () => {
    const declined = aPage({ consent: 'denied' });
    declined.hide();
    expect(declined.sent[0]!.batch).toMatchObject({ visitor_id: null, consent: 'denied' });
    expect([...declined.storage!.keys()]).toEqual([]);

    const storage = new Map<string, string>();
    const first = aPage({ storage });
    first.hide();
    expect(first.sent[0]!.batch).toMatchObject({ visitor_id: null, consent: 'unknown' });
    expect(storage.size).toBe(0);
    // The banner accepted: the next batches carry the consent and the id, kept in localStorage.
    first.analytics.setConsent('granted');
    first.analytics.record('contact_opened');
    first.tick();
    const visitorId = storage.get(VISITOR_ID_KEY);
    expect(visitorId).toBeDefined();
    expect(first.sent[1]!.batch).toMatchObject({ visitor_id: visitorId, consent: 'granted' });

    const next = aPage({ storage, consent: 'granted' });
    next.tick();
    expect(next.sent[0]!.batch.visitor_id).toBe(visitorId);
  });

  it('sends with consent but no storage (refused) without a visitor id, and never throws', () => {
    const page = aPage({ consent: 'granted', storage: null });
    page.tick();
    expect(page.sent[0]!.batch).toMatchObject({ visitor_id: null, consent: 'granted' });

    const broken = startAnalytics(
      { tourId: 'x~y', language: 'en', consent: 'unknown' },
      {
        ...({} as AnalyticsIo),
        uuid: () => {
          throw new Error('no crypto');
        },
      },
    );
    expect(() => {
      broken.record('lead_sent');
      broken.place({ sweep: 'a' });
      broken.stop();
    }).not.toThrow();
  });

  it('follows the language the visitor switches to', () => {
    const page = aPage();
    page.analytics.setLanguage('jp');
    page.tick();
    expect(page.sent[0]!.batch.language).toBe('jp');
  });

  it('sends what waits when stopped, and listens no more', () => {
    const page = aPage();
    page.analytics.record('phone_revealed');
    page.analytics.stop();
    expect(page.events().map(({ type }) => type)).toEqual(['view_started', 'phone_revealed']);
    page.hide();
    expect(page.sent).toHaveLength(1);
  });
});

describe('a lead’s attribution', () => {
  /** A visitor walking the tour: each step a place, then the time spent there. */
  function walk(
    page: ReturnType<typeof aPage>,
    steps: Array<[sweep: string, room: string | null, ms: number]>,
  ) {
    for (const [sweep, room, ms] of steps) {
      page.analytics.place({ sweep, room, floor: room ? 0 : null });
      page.wait(ms);
    }
  }
  const tour: Array<[string, string | null, number]> = [
    ['s1', 'Hall', 5_000],
    ['s2', 'Kitchen', 70_000],
    ['s3', 'Kitchen', 50_000],
    ['s4', null, 4_000],
    ['s5', 'Living room', 45_000],
    ['s2', 'Kitchen', 10_400],
  ];

  it('with consent: the rooms stayed in longest, the one the visitor is in counted up to now, and the path walked', () => {
    const page = aPage({ consent: 'granted' });
    walk(page, tour);
    expect(page.analytics.attribution()).toEqual({
      rooms: [
        { room: 'Kitchen', floor: 0, seconds: 130 },
        { room: 'Living room', floor: 0, seconds: 45 },
        { room: 'Hall', floor: 0, seconds: 5 },
      ],
      // Two sweeps of one kitchen are one step; a sweep the tour names no room for is none.
      path: ['Hall', 'Kitchen', 'Living room', 'Kitchen'],
    });
    // Asking changes nothing the analytics send: the open room's dwell leaves when the visitor moves on.
    page.wait(1000);
    expect(page.analytics.attribution()!.rooms[0]).toEqual({ room: 'Kitchen', floor: 0, seconds: 131 });
  });

  it.each<Consent>(['denied', 'unknown'])(
    'without consent (%s): none, whatever the visitor walked',
    (consent) => {
      const page = aPage({ consent });
      walk(page, tour);
      expect(page.analytics.attribution()).toBeNull();
    },
  );

  it('consent granted during the view: the rooms from its start; withdrawn: none again', () => {
    const page = aPage();
    walk(page, tour.slice(0, 2));
    page.analytics.setConsent('granted');
    expect(page.analytics.attribution()).toEqual({
      rooms: [
        { room: 'Kitchen', floor: 0, seconds: 70 },
        { room: 'Hall', floor: 0, seconds: 5 },
      ],
      path: ['Hall', 'Kitchen'],
    });
    page.analytics.setConsent('denied');
    expect(page.analytics.attribution()).toBeNull();
  });

  it('does not count the time the page was hidden', () => {
    const page = aPage({ consent: 'granted' });
    walk(page, [['s1', 'Study', 3_000]]);
    page.hide();
    page.wait(600_000);
    page.show();
    page.wait(2_000);
    expect(page.analytics.attribution()!.rooms).toEqual([{ room: 'Study', floor: 0, seconds: 5 }]);
  });

  it('none when the tour names no room, and none on a page without a tour', () => {
    const page = aPage({ consent: 'granted' });
    walk(page, [
      ['s1', null, 30_000],
      ['s2', '  ', 30_000],
    ]);
    expect(page.analytics.attribution()).toBeNull();
    // The website's pages: no collector, so a lead from there carries none.
    expect(NO_ANALYTICS.attribution()).toBeNull();
  });

  it('keeps to the limits: the five longest stays, the last thirty rooms entered', () => {
    const page = aPage({ consent: 'granted' });
    const rooms = Array.from({ length: 35 }, (_, n) => `Room ${n + 1}`);
    walk(
      page,
      rooms.map((room, n) => [`s${n}`, room, (n % 7) * 1000 + 1000]),
    );
    const attribution = page.analytics.attribution()!;
    expect(attribution.rooms.map(({ room, seconds }) => [room, seconds])).toEqual([
      ['Room 7', 7],
      ['Room 14', 7],
      ['Room 21', 7],
      ['Room 28', 7],
      ['Room 35', 7],
    ]);
    expect(attribution.path).toEqual(rooms.slice(5));
  });
});

describe('toAttribution', () => {
  it('leaves out rooms of less than half a second, caps a stay at a day, keeps the first stayed first among equals', () => {
    expect(
      toAttribution(
        [
          { room: 'Porch', floor: null, ms: 499 },
          { room: 'Attic', floor: 2, ms: 3_000 },
          { room: 'Cellar', floor: 0, ms: 2_600 },
          { room: 'Office', floor: 1, ms: 200_000_000 },
        ],
        ['Porch', 'Attic', 'Cellar', 'Office'],
      ),
    ).toEqual({
      rooms: [
        { room: 'Office', floor: 1, seconds: 86_400 },
        { room: 'Attic', floor: 2, seconds: 3 },
        { room: 'Cellar', floor: 0, seconds: 3 },
      ],
      path: ['Porch', 'Attic', 'Cellar', 'Office'],
    });
  });

  it('is none for nothing', () => {
    expect(toAttribution([], [])).toBeNull();
    expect(toAttribution([{ room: 'Porch', floor: null, ms: 100 }], [])).toBeNull();
  });
});

describe('toBatches', () => {
  const meta: BatchMeta = {
    view_id: 'view',
    visitor_id: null,
    consent: 'unknown',
    device: 'desktop',
    language: 'en',
    referrer: null,
  };
  const events = (count: number, fields = {}): AnalyticsEvent[] =>
    Array.from({ length: count }, () => eventOf('sweep_entered', new Date(T0), fields));
  let ids = 0;
  const newId = () => `batch-${++ids}`;

  it.each([
    [1, [1]],
    [50, [50]],
    [51, [50, 1]],
    [120, [50, 50, 20]],
  ])('splits %i events into batches of %j', (count, sizes) => {
    const batches = toBatches(events(count), meta, newId);
    expect(batches.map((batch) => batch.events.length)).toEqual(sizes);
    expect(new Set(batches.map((batch) => batch.id)).size).toBe(batches.length);
  });

  it('splits a batch whose body would pass 16 KB', () => {
    // The longest fields the contract takes, in three-byte characters: 50 of them are more than 16 KB.
    const long = events(50, { sweep: 'a'.repeat(64), room: '厨'.repeat(80), floor: 99 });
    expect(new Blob([JSON.stringify({ batch: { ...meta, id: 'x', events: long } })]).size).toBeGreaterThan(
      MAX_BODY_BYTES,
    );
    const batches = toBatches(long, meta, newId);
    expect(batches.map((batch) => batch.events.length)).toEqual([25, 25]);
    for (const batch of batches)
      expect(new Blob([JSON.stringify({ batch })]).size).toBeLessThanOrEqual(MAX_BODY_BYTES);
  });
});

describe('eventOf', () => {
  const at = new Date(T0);

  it('keeps the fields the contract takes', () => {
    expect(eventOf('dwell', at, { sweep: 'a1_b-2', room: 'Kitchen', floor: 2, ms: 1234.4 })).toEqual({
      type: 'dwell',
      at: '2026-11-30T09:00:00.000Z',
      sweep: 'a1_b-2',
      room: 'Kitchen',
      floor: 2,
      ms: 1234,
    });
  });

  it('leaves out what the contract would refuse, rather than lose the batch', () => {
    expect(
      eventOf('sweep_entered', at, { sweep: 'not a sweep!', room: '\u0007 ', floor: 100, target: '' }),
    ).toEqual({ type: 'sweep_entered', at: '2026-11-30T09:00:00.000Z' });
    expect(eventOf('sweep_entered', at, { sweep: 'a'.repeat(65), floor: 1.5 })).toEqual({
      type: 'sweep_entered',
      at: '2026-11-30T09:00:00.000Z',
    });
    expect(eventOf('menu_opened', at, { target: `x${'y'.repeat(100)}`, room: 'Bed\nroom' })).toMatchObject({
      target: `x${'y'.repeat(79)}`,
      room: 'Bedroom',
    });
  });

  it('gives a dwell its ms within 0..3,600,000, and no other event any', () => {
    expect(eventOf('dwell', at, { ms: 5_000_000 }).ms).toBe(3_600_000);
    expect(eventOf('dwell', at, { ms: -5 }).ms).toBe(0);
    expect(eventOf('lead_sent', at, { ms: 5 } as object)).not.toHaveProperty('ms');
  });
});

describe('deviceOf', () => {
  it.each([
    [320, 'phone'],
    [575, 'phone'],
    [576, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ])('%i px wide is a %s', (width, device) => expect(deviceOf(width)).toBe(device));
});

describe('consentOf', () => {
  const none = { cookie: '', declined: false };

  it.each([
    ['no answer yet: asks', none, { consent: 'unknown', ask: true }],
    [
      'the accept cookie',
      { ...none, cookie: 'a=1; cookie_policy_accepted=2026-11-30' },
      { consent: 'granted', ask: false },
    ],
    ['declined in this tab', { ...none, declined: true }, { consent: 'denied', ask: false }],
    ['Do Not Track', { ...none, doNotTrack: '1' }, { consent: 'denied', ask: false }],
    ['Do Not Track off', { ...none, doNotTrack: '0' }, { consent: 'unknown', ask: true }],
    ['Global Privacy Control', { ...none, globalPrivacyControl: true }, { consent: 'denied', ask: false }],
    [
      'Global Privacy Control over an earlier accept',
      { cookie: 'cookie_policy_accepted=2026-11-30', declined: false, globalPrivacyControl: true },
      { consent: 'denied', ask: false },
    ],
    [
      'another cookie ending in the name',
      { ...none, cookie: 'not_cookie_policy_accepted=1' },
      { consent: 'unknown', ask: true },
    ],
  ])('%s', (_, signals, expected) => expect(consentOf(signals)).toEqual(expected));
});

describe('uuid', () => {
  it('is a version 4 uuid, with or without crypto.randomUUID', () => {
    expect(uuid()).toMatch(UUID);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(uuid()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
