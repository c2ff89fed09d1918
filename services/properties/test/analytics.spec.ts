import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ANALYTICS_MESSAGES, PLAYER_MESSAGES, tourPublicId, type AnalyticsBatchV1 } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { untilNothingLeft } from '@tourly/platform/testing';
import { aProperty, aSharedTour, onStarter } from '../../../test/support/provider';
import { AnalyticsJobs } from '../src/analytics/analytics-jobs';
import { AnalyticsService } from '../src/analytics/analytics.service';
import { AnalyticsStore } from '../src/analytics/analytics-store.port';
import { addDays, dayBounds, utcDay } from '../src/analytics/analytics.rules';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const BATCH_SUBJECT = 'properties.analytics.batch.v1';

type StoredEvent = AnalyticsBatchV1['events'][number] & { viewId: string; batchId: string };

/**
 * Visitor analytics (issue 33; the contract's §1, §3, §4): batches refused whole or queued whole, stored once by the
 * consumer, rolled up per (property, day), and read by the provider from the rollups on a paid plan only. The whole
 * platform: identity counts the per-address limit, billing puts the provider on a paid plan.
 */
describe('visitor analytics', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let tour: { propertyId: string; publicId: string };
  let addresses = 0;

  const anAddress = () => `203.0.113.${++addresses}`;
  const db = () => it_.propertiesDb.dataSource;
  const app = () => it_.platform.services.properties.app;
  const jobs = () => app().get(AnalyticsJobs);

  const post = (
    publicId: string,
    body: unknown,
    address = anAddress(),
    headers: Record<string, string> = {},
  ) =>
    it_.http
      .post(`/digital_twin/${encodeURIComponent(publicId)}/analytics.json`)
      .set('x-forwarded-for', address)
      .set('user-agent', 'Mozilla/5.0 (test)')
      .set(headers)
      .send(body as object);

  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const aBatch = (
    overrides: Record<string, unknown> = {},
    events: unknown[] = [{ type: 'view_started', at: ago(1000) }],
  ) => ({
    batch: {
      id: randomUUID(),
      view_id: randomUUID(),
      visitor_id: null,
      consent: 'unknown',
      device: 'desktop',
      language: 'en',
      referrer: null,
      events,
      ...overrides,
    },
  });

  const count = async (text: string, parameters: unknown[]) =>
    Number((await rows<{ n: string }>(db(), text, parameters))[0]!.n);

  /** Batches the route queued: outbox rows of the subject. */
  const queued = () => count('SELECT count(*) AS n FROM outbox WHERE subject = $1', [BATCH_SUBJECT]);

  /** Every queued batch handled by the consumer (its event id in the inbox). */
  const allStored = () =>
    untilNothingLeft(
      () =>
        count(
          `SELECT count(*) AS n FROM outbox o
            WHERE o.subject = $1 AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.event_id = o.id)`,
          [BATCH_SUBJECT],
        ),
      (left) => left,
      'analytics batches to store',
    );

  const storedEvents = (propertyId: string) =>
    count('SELECT count(*) AS n FROM analytics_events WHERE property_id = $1', [propertyId]);

  const aTour = async (person: Person, title: string) => {
    const shared = await aSharedTour(person, title);
    return {
      propertyId: shared.propertyId,
      publicId: tourPublicId(shared.link.client_slug, shared.link.model_slug),
    };
  };

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ env: () => ({ ANALYTICS_COUNTRY_HEADER: 'cf-ipcountry' }) });
    provider = await it_.signUp('Analytics Maker');
    other = await it_.signUp('Other Analytics Maker');
    await onStarter(it_, provider);
    tour = await aTour(provider, 'Analytics Villa');
  });
  afterAll(() => it_.stop());

  describe('collection', () => {
    it('queues a valid batch as one event and answers 202 with no body; a batch sent twice is stored once', async () => {
      const body = aBatch({}, [
        { type: 'view_started', at: ago(3000) },
        { type: 'sweep_entered', at: ago(2000), sweep: 'a1b2c3', room: 'Kitchen', floor: 0 },
        { type: 'dwell', at: ago(1000), sweep: 'a1b2c3', room: 'Kitchen', floor: 0, ms: 1200 },
      ]);
      const before = await queued();
      const first = await post(tour.publicId, body);
      expect(first.status).toBe(202);
      expect(first.text).toBe('');
      // Sent again (the player's retry, a beacon after a fetch): a second event, the same rows.
      expect((await post(tour.publicId, body)).status).toBe(202);
      expect(await queued()).toBe(before + 2);
      await allStored();
      const stored = await rows<{ seq: number; visitor_key: string; type: string }>(
        db(),
        'SELECT seq, visitor_key, type FROM analytics_events WHERE batch_id = $1 ORDER BY seq',
        [body.batch.id],
      );
      expect(stored.map((row) => row.type)).toEqual(['view_started', 'sweep_entered', 'dwell']);
      expect(stored[0]!.visitor_key).toMatch(/^d:/);
      expect(
        await count('SELECT count(*) AS n FROM analytics_rollups_due WHERE property_id = $1', [
          tour.propertyId,
        ]),
      ).toBeGreaterThan(0);
    });

    it('refuses bad batches whole, in the contract’s words, and queues nothing', async () => {
      const before = await queued();
      const event = (fields: Record<string, unknown>) => aBatch({}, [{ at: ago(1000), ...fields }]);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { batch: ['Required'] }],
        [aBatch({ events: [] }), { 'batch.events': ['Required'] }],
        [
          aBatch(
            {},
            Array.from({ length: 51 }, () => ({ type: 'view_started', at: ago(1000) })),
          ),
          { 'batch.events': ['must list at most 50'] },
        ],
        [
          aBatch({}, [
            { type: 'view_started', at: ago(1000) },
            { type: 'teleported', at: ago(1000) },
          ]),
          { 'batch.events.1.type': [ANALYTICS_MESSAGES.notAnEventType] },
        ],
        [
          event({ type: 'view_started', at: ago(25 * 3600_000) }),
          { 'batch.events.0.at': [ANALYTICS_MESSAGES.notWithinLastDay] },
        ],
        [
          event({ type: 'view_started', at: new Date(Date.now() + 10 * 60_000).toISOString() }),
          { 'batch.events.0.at': [ANALYTICS_MESSAGES.inTheFuture] },
        ],
        [
          event({ type: 'view_started', at: '2026-11-30T09:00:00' }),
          { 'batch.events.0.at': ['must be an ISO 8601 time with its zone'] },
        ],
        [event({ type: 'dwell' }), { 'batch.events.0.ms': ['Required'] }],
        [
          event({ type: 'map_opened', ms: 5 }),
          { 'batch.events.0.ms': ['must be left out unless type is dwell'] },
        ],
        [
          event({ type: 'dwell', ms: 3_600_001 }),
          { 'batch.events.0.ms': ['must be a whole number of milliseconds from 0 to 3600000'] },
        ],
        [
          event({ type: 'sweep_entered', sweep: 'no spaces' }),
          { 'batch.events.0.sweep': ['must be 1 to 64 letters, digits, _ or -'] },
        ],
        [
          event({ type: 'sweep_entered', room: 'Bad\u0007room' }),
          { 'batch.events.0.room': ['must not hold control characters'] },
        ],
        [event({ type: 'sweep_entered', floor: 100 }), { 'batch.events.0.floor': ['must be at most 99'] }],
        [
          event({ type: 'view_started', colour: 'red' }),
          { 'batch.events.0.colour': ['is not a known field'] },
        ],
        [aBatch({ extra: 1 }), { 'batch.extra': ['is not a known field'] }],
        [aBatch({ device: 'watch' }), { 'batch.device': ['must be one of: phone, tablet, desktop'] }],
        [aBatch({ view_id: 'not-a-uuid' }), { 'batch.view_id': ['is not a uuid'] }],
      ];
      for (const [body, errors] of cases) {
        const answer = await post(tour.publicId, body);
        expect({ body, status: answer.status, errors: answer.body.errors }).toEqual({
          body,
          status: 422,
          errors,
        });
      }
      const malformed = await it_.http
        .post(`/digital_twin/${encodeURIComponent(tour.publicId)}/analytics.json`)
        .set('x-forwarded-for', anAddress())
        .set('content-type', 'application/json')
        .send('{"batch":');
      expect(malformed.status).toBe(400);
      const oversized = await post(
        tour.publicId,
        aBatch({ referrer: `https://example.com/${'x'.repeat(17 * 1024)}` }),
      );
      expect(oversized.status).toBe(413);
      expect(oversized.body).toEqual({ errors: { base: [ANALYTICS_MESSAGES.bodyTooLarge] } });
      expect(await queued()).toBe(before);
    });

    it('answers 404 for an unknown tour, an unshared one and a malformed id, queuing nothing', async () => {
      const before = await queued();
      const unsharedId = await aProperty(provider, 'Unshared Analytics');
      const link = (await provider.get(`/provider/properties/${unsharedId}/player_link`)).body.data;
      for (const id of [
        'nobody~nothing',
        'not-a-public-id',
        tourPublicId(link.client_slug, link.model_slug),
      ]) {
        const answer = await post(id, aBatch());
        expect({ id, status: answer.status, body: answer.body }).toEqual({
          id,
          status: 404,
          body: { errors: { base: [PLAYER_MESSAGES.tourNotFound] } },
        });
      }
      expect(await queued()).toBe(before);
    });

    it('limits a client address to 120 batches a minute, counted before the tour is looked up', async () => {
      const address = anAddress();
      for (let sent = 0; sent < 120; sent++)
        expect((await post('nobody~nothing', aBatch(), address)).status).toBe(404);
      const refused = await post(tour.publicId, aBatch(), address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ errors: { base: [ANALYTICS_MESSAGES.tooManyBatches] } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not held back.
      expect((await post(tour.publicId, aBatch())).status).toBe(202);
    });
  });

  describe('the provider’s analytics', () => {
    let known: { propertyId: string; publicId: string };

    /** A known stream: three views of two visitors, a kitchen of two sweeps, a sweep without a room. */
    beforeAll(async () => {
      known = await aTour(provider, 'Known Stream Villa');
      const viewA = randomUUID();
      const at = (seconds: number) => ago(120_000 - seconds * 1000);
      const visitorA = { consent: 'granted', device: 'phone', visitor_id: randomUUID() };
      const sent = [
        await post(
          known.publicId,
          aBatch(
            { ...visitorA, view_id: viewA, referrer: 'https://www.realestate.com.au/property/123?utm=x' },
            [
              { type: 'view_started', at: at(0) },
              { type: 'sweep_entered', at: at(1), sweep: 'a1b2c3', room: 'Kitchen', floor: 0 },
              { type: 'dwell', at: at(11), sweep: 'a1b2c3', room: 'Kitchen', floor: 0, ms: 10_000 },
              { type: 'sweep_entered', at: at(12), sweep: 'b2c3d4', room: 'Kitchen', floor: 0 },
              { type: 'dwell', at: at(17), sweep: 'b2c3d4', room: 'Kitchen', floor: 0, ms: 5_000 },
            ],
          ),
          '198.51.100.7',
          { 'cf-ipcountry': 'au' },
        ),
        // The same view's next batch (the referrer is sent with the first only).
        await post(
          known.publicId,
          aBatch({ ...visitorA, view_id: viewA }, [
            { type: 'sweep_entered', at: at(18), sweep: 'c3d4e5' },
            { type: 'dwell', at: at(38), sweep: 'c3d4e5', ms: 20_000 },
            { type: 'menu_opened', at: at(39), target: 'photos' },
            { type: 'lead_sent', at: at(40) },
          ]),
          '198.51.100.7',
          { 'cf-ipcountry': 'au' },
        ),
        await post(
          known.publicId,
          aBatch({ language: 'de' }, [
            { type: 'view_started', at: at(0) },
            { type: 'sweep_entered', at: at(1), sweep: 'a1b2c3', room: 'Kitchen', floor: 0 },
            { type: 'dwell', at: at(4), sweep: 'a1b2c3', room: 'Kitchen', floor: 0, ms: 3_000 },
            { type: 'phone_revealed', at: at(5) },
          ]),
          '198.51.100.8',
        ),
        // The same network and browser without consent, a minute later: the same visitor that day.
        await post(
          known.publicId,
          aBatch({ language: 'de' }, [{ type: 'view_started', at: at(60) }]),
          '198.51.100.8',
        ),
      ];
      expect(sent.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
      await allStored();
      await jobs().rollUpNow();
    });

    const range = () => {
      const today = utcDay(Date.now());
      return { from: addDays(today, -1), to: today };
    };
    const report = (person: Person, propertyId: string, query = `?from=${range().from}&to=${range().to}`) =>
      person.get(`/provider/properties/${propertyId}/analytics.json${query}`);

    it('answers the numbers of a known stream, from the rollups', async () => {
      const answer = await report(provider, known.propertyId);
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect([data.from, data.to]).toEqual([range().from, range().to]);
      expect(typeof data.updated_at).toBe('string');
      expect(data.totals).toEqual({
        views: 3,
        visitors: 2,
        returning_visitors: 0,
        average_seconds: 13, // (35 + 3 + 0) / 3
        median_seconds: 3,
      });
      expect(data.days).toHaveLength(2);
      expect(data.days.reduce((sum: number, day: { views: number }) => sum + day.views, 0)).toBe(3);
      expect(data.funnel).toEqual({ views: 3, interactions: 2, contacts: 1, leads: 1 });
      expect(data.devices).toEqual([
        { device: 'desktop', views: 2 },
        { device: 'phone', views: 1 },
      ]);
      expect(data.referrers).toEqual([
        { host: null, views: 2 },
        { host: 'www.realestate.com.au', views: 1 },
      ]);
      expect(data.countries).toEqual([
        { country: null, views: 2 },
        { country: 'AU', views: 1 },
      ]);
      expect(data.languages).toEqual([
        { language: 'de', views: 2 },
        { language: 'en', views: 1 },
      ]);
      expect(data.places).toEqual([
        { sweep: 'c3d4e5', room: null, floor: null, seconds: 20, visits: 1, share: 0.5263 },
        { sweep: 'a1b2c3', room: 'Kitchen', floor: 0, seconds: 18, visits: 2, share: 0.4737 },
      ]);
    });

    it('lists the properties with views in the overview, most views first, paged', async () => {
      const answer = await provider.get(
        `/provider/analytics.json?from=${range().from}&to=${range().to}&page_size=1`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.items).toEqual([
        {
          property_id: known.propertyId,
          title: 'Known Stream Villa',
          views: 3,
          visitors: 2,
          average_seconds: 13,
          leads: 1,
        },
      ]);
      expect(answer.body.data.total_count).toBeGreaterThanOrEqual(2);
    });

    it('refuses a bad range in words', async () => {
      const bad = await report(provider, known.propertyId, '?from=2026-02-30');
      expect([bad.status, bad.body.errors]).toEqual([422, { from: ['must be a date (YYYY-MM-DD)'] }]);
      const long = await report(provider, known.propertyId, '?from=2025-01-01&to=2026-12-31');
      expect(long.body.errors).toEqual({ to: ['must be at most 366 days after from'] });
      const backwards = await report(provider, known.propertyId, '?from=2026-01-02&to=2026-01-01');
      expect(backwards.body.errors).toEqual({ to: ['must not be before from'] });
    });

    it('rolls up idempotently: the same pairs again give the same rows', async () => {
      const snapshot = async () => ({
        views: await rows(
          db(),
          'SELECT * FROM analytics_view_days WHERE property_id = $1 ORDER BY day, view_id',
          [known.propertyId],
        ),
        places: await rows(
          db(),
          'SELECT * FROM analytics_place_days WHERE property_id = $1 ORDER BY day, place',
          [known.propertyId],
        ),
        days: await rows(
          db(),
          `SELECT provider_id, property_id, day, views, visitors, events FROM analytics_days
            WHERE property_id = $1 ORDER BY day`,
          [known.propertyId],
        ),
      });
      const before = await snapshot();
      await db().query(
        `INSERT INTO analytics_rollups_due (property_id, day, provider_id)
         SELECT property_id, day, provider_id FROM analytics_days WHERE property_id = $1 ON CONFLICT DO NOTHING`,
        [known.propertyId],
      );
      expect(await jobs().rollUpNow()).toBeGreaterThan(0);
      expect(await snapshot()).toEqual(before);
    });

    it('exports the raw events still kept as CSV', async () => {
      const answer = await provider.get(`/provider/properties/${known.propertyId}/analytics/export.csv`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = answer.text.trim().split('\r\n');
      expect(lines[0]).toBe(
        'occurred_at,view_id,type,sweep,room,floor,ms,target,device,language,referrer_host,country,consent',
      );
      expect(lines).toHaveLength(1 + 14);
      expect(
        lines.filter((line) => line.includes(',dwell,c3d4e5,,,20000,,phone,en,,AU,granted')),
      ).toHaveLength(1);
      expect(lines.filter((line) => line.includes(',www.realestate.com.au,AU,granted'))).toHaveLength(5);
    });

    it('answers another provider 404 on every route, and the free plan 403', async () => {
      for (const path of [
        `/provider/properties/${known.propertyId}/analytics.json`,
        `/provider/properties/${known.propertyId}/analytics/export.csv`,
      ]) {
        const answer = await other.get(path);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 404,
          body: { errors: { base: ['Property not found'] } },
        });
      }
      const erase = await other.send('delete', `/provider/properties/${known.propertyId}/analytics`);
      expect([erase.status, erase.body]).toEqual([404, { errors: { base: ['Property not found'] } }]);
      expect(await storedEvents(known.propertyId)).toBe(14);

      const own = await aProperty(other, 'Free Plan Villa');
      const paidOnly = { errors: { base: [ANALYTICS_MESSAGES.paidPlanOnly] } };
      for (const path of [
        `/provider/properties/${own}/analytics.json`,
        `/provider/properties/${own}/analytics/export.csv`,
        '/provider/analytics.json',
      ]) {
        const answer = await other.get(path);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 403,
          body: paidOnly,
        });
      }
    });

    it('keeps the rollups when a day’s partition is dropped after retention', async () => {
      const { propertyId } = await aTour(provider, 'Old Visits Villa');
      const day = addDays(utcDay(Date.now()), -10);
      const none = { sweep: null, room: null, floor: null, ms: null, target: null };
      const batch: AnalyticsBatchV1 = {
        providerId: provider.providerId,
        propertyId,
        batchId: randomUUID(),
        viewId: randomUUID(),
        visitorKey: 'd:old-visitor',
        consent: 'denied',
        device: 'tablet',
        language: 'fr',
        referrerHost: null,
        country: null,
        receivedAt: `${day}T10:00:00.000Z`,
        events: [
          { ...none, seq: 0, type: 'view_started', at: `${day}T10:00:00.000Z` },
          { ...none, seq: 1, type: 'dwell', at: `${day}T10:01:00.000Z`, sweep: 'zz9', ms: 60_000 },
        ],
      };
      // The consumer's own call, as the demo seed makes it for days the route no longer takes.
      await it_.propertiesDb.transaction((tx) => app().get(AnalyticsService).storeBatch(batch, tx));
      await jobs().rollUpNow();
      const partition = `analytics_events_${day.replace(/-/g, '')}`;
      const exists = async () =>
        (await rows<{ found: string | null }>(db(), 'SELECT to_regclass($1)::text AS found', [partition]))[0]!
          .found;
      expect(await exists()).toBe(partition);
      // 85 days on, keeping 90 days: the day 10 days ago is past retention; yesterday and today are not.
      expect(await jobs().maintain(new Date(Date.now() + 85 * 24 * 3600_000))).toBeGreaterThan(0);
      expect(await exists()).toBeNull();
      expect(await storedEvents(tour.propertyId)).toBeGreaterThan(0);
      const answer = await report(provider, propertyId, `?from=${day}&to=${day}`);
      expect(answer.body.data.totals).toMatchObject({ views: 1, visitors: 1, average_seconds: 60 });
      expect(answer.body.data.places).toEqual([
        { sweep: 'zz9', room: null, floor: null, seconds: 60, visits: 0, share: 1 },
      ]);
    });

    it('deletes the property’s raw events and rollups: 204', async () => {
      const answer = await provider.send('delete', `/provider/properties/${known.propertyId}/analytics`);
      expect(answer.status).toBe(204);
      expect(await storedEvents(known.propertyId)).toBe(0);
      const after = await report(provider, known.propertyId);
      expect(after.body.data.totals.views).toBe(0);
      expect(after.body.data.updated_at).toBeNull();
      expect(after.body.data.places).toEqual([]);
    });
  });

  describe('rollups equal what the raw events say (property-based)', () => {
    const SWEEPS = ['a1', 'b2', 'c3'];
    const ROOMS = ['Kitchen', 'Hall'];
    const TYPES = [
      'view_started',
      'sweep_entered',
      'dwell',
      'menu_opened',
      'phone_revealed',
      'lead_sent',
    ] as const;

    const anEvent = fc.record({
      type: fc.constantFrom(...TYPES),
      // Whole seconds over the day, so that events of a view often share a time (ordered then by batch and seq).
      offsetMs: fc.integer({ min: 0, max: 600 }).map((seconds) => seconds * 1000),
      sweep: fc.option(fc.constantFrom(...SWEEPS), { nil: null }),
      room: fc.option(fc.constantFrom(...ROOMS), { nil: null }),
      floor: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
      ms: fc.integer({ min: 0, max: 120_000 }),
    });
    const aView = fc.record({
      visitor: fc.integer({ min: 0, max: 2 }),
      device: fc.constantFrom('phone' as const, 'tablet' as const, 'desktop' as const),
      batches: fc.array(fc.array(anEvent, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
    });

    const placeOf = (event: { room: string | null; sweep: string | null; floor: number | null }) =>
      event.room !== null
        ? `room:${event.floor ?? ''}:${event.room}`
        : event.sweep !== null
          ? `sweep:${event.sweep}`
          : null;
    const byKey =
      <T>(key: keyof T) =>
      (a: T, b: T) =>
        String(a[key]).localeCompare(String(b[key]));

    it('per view, per place and per day, for random event streams', async () => {
      const day = addDays(utcDay(Date.now()), -1);
      const { from } = dayBounds(day);
      const service = app().get(AnalyticsService);
      await fc.assert(
        fc.asyncProperty(fc.array(aView, { minLength: 1, maxLength: 4 }), async (views) => {
          const propertyId = randomUUID();
          const providerId = randomUUID();
          const stored: StoredEvent[] = [];
          const viewMeta = new Map<string, { device: string; visitorKey: string }>();
          for (const view of views) {
            const viewId = randomUUID();
            const visitorKey = `d:visitor-${view.visitor}`;
            viewMeta.set(viewId, { device: view.device, visitorKey });
            for (const events of view.batches) {
              const batch: AnalyticsBatchV1 = {
                providerId,
                propertyId,
                batchId: randomUUID(),
                viewId,
                visitorKey,
                consent: 'unknown',
                device: view.device,
                language: 'en',
                referrerHost: null,
                country: null,
                receivedAt: new Date().toISOString(),
                events: events.map((event, seq) => ({
                  seq,
                  type: event.type,
                  at: new Date(from.getTime() + event.offsetMs).toISOString(),
                  sweep: event.sweep,
                  room: event.room,
                  floor: event.floor,
                  ms: event.type === 'dwell' ? event.ms : null,
                  target: null,
                })),
              };
              await it_.propertiesDb.transaction((tx) => service.storeBatch(batch, tx));
              for (const event of batch.events) stored.push({ ...event, viewId, batchId: batch.batchId });
            }
          }
          await jobs().rollUpNow();

          // Straight from the raw events.
          const expectedViews = [...viewMeta].map(([viewId, meta]) => {
            const mine = stored.filter((event) => event.viewId === viewId);
            return {
              view_id: viewId,
              visitor_key: meta.visitorKey,
              device: meta.device,
              events: mine.length,
              ms: String(mine.reduce((sum, event) => sum + (event.ms ?? 0), 0)),
              sweep_entries: mine.filter((event) => event.type === 'sweep_entered').length,
              opened: mine.some((event) => !['view_started', 'dwell', 'sweep_entered'].includes(event.type)),
              contacted: mine.some((event) => event.type === 'phone_revealed'),
              lead: mine.some((event) => event.type === 'lead_sent'),
            };
          });
          const placed = stored.filter(
            (event) => (event.type === 'dwell' || event.type === 'sweep_entered') && placeOf(event),
          );
          const places = new Map<
            string,
            { ms: number; visits: number; sweeps: string[]; floors: number[]; room: string | null }
          >();
          for (const event of placed) {
            const key = placeOf(event)!;
            const place = places.get(key) ?? { ms: 0, visits: 0, sweeps: [], floors: [], room: event.room };
            if (event.type === 'dwell') place.ms += event.ms ?? 0;
            if (event.sweep !== null) place.sweeps.push(event.sweep);
            if (event.floor !== null) place.floors.push(event.floor);
            places.set(key, place);
          }
          const inOrder = (a: StoredEvent, b: StoredEvent) =>
            a.at.localeCompare(b.at) || a.batchId.localeCompare(b.batchId) || a.seq - b.seq;
          for (const viewId of viewMeta.keys()) {
            let last: string | null = null;
            const entered = placed.filter((e) => e.viewId === viewId && e.type === 'sweep_entered');
            for (const event of entered.sort(inOrder)) {
              const place = placeOf(event)!;
              if (place !== last) places.get(place)!.visits++;
              last = place;
            }
          }
          const expectedPlaces = [...places].map(([place, value]) => ({
            place,
            room: value.room,
            sweep: value.sweeps.length ? [...value.sweeps].sort()[0]! : null,
            floor: value.floors.length ? Math.min(...value.floors) : null,
            ms: String(value.ms),
            visits: value.visits,
          }));

          const actualViews = await rows<(typeof expectedViews)[number]>(
            db(),
            `SELECT view_id, visitor_key, device, events, ms::text AS ms, sweep_entries, opened, contacted, lead
               FROM analytics_view_days WHERE property_id = $1 AND day = $2`,
            [propertyId, day],
          );
          const actualPlaces = await rows<(typeof expectedPlaces)[number]>(
            db(),
            `SELECT place, room, sweep, floor, ms::text AS ms, visits FROM analytics_place_days
              WHERE property_id = $1 AND day = $2`,
            [propertyId, day],
          );
          const daily = await rows(
            db(),
            'SELECT views, visitors, events FROM analytics_days WHERE property_id = $1 AND day = $2',
            [propertyId, day],
          );
          expect(actualViews.sort(byKey('view_id'))).toEqual(expectedViews.sort(byKey('view_id')));
          expect(actualPlaces.sort(byKey('place'))).toEqual(expectedPlaces.sort(byKey('place')));
          expect(daily).toEqual([
            {
              views: viewMeta.size,
              visitors: new Set([...viewMeta.values()].map((meta) => meta.visitorKey)).size,
              events: stored.length,
            },
          ]);
        }),
        { numRuns: 15 },
      );
    });

    /**
     * The page's numbers over a range, which come from per-day rows (single-day views summed per day, views spanning
     * days row by row, visitors by the day they came before), against the same numbers counted straight from the raw
     * events by the definitions (README, "Reads"): views spanning days, visitors coming back, a view's key turning
     * into its consented one, and late batches rolled up after the days around them, over every range of four days.
     */
    it('over any range of days, the report equals the numbers counted from the raw events', async () => {
      const today = utcDay(Date.now());
      const days = [4, 3, 2, 1].map((back) => addDays(today, -back));
      const store = app().get(AnalyticsStore);
      const service = app().get(AnalyticsService);
      const aBatchOfDays = fc.record({
        consent: fc.constantFrom('granted' as const, 'unknown' as const),
        device: fc.constantFrom('phone' as const, 'tablet' as const, 'desktop' as const),
        late: fc.boolean(),
        events: fc.array(
          fc.record({
            type: fc.constantFrom(...TYPES),
            day: fc.integer({ min: 0, max: 3 }),
            second: fc.integer({ min: 0, max: 86_399 }),
            // Times from a blink to an hour, so that a view's time falls in every bucket of the median.
            ms: fc.oneof(fc.integer({ min: 0, max: 150_000 }), fc.integer({ min: 0, max: 3_600_000 })),
          }),
          { minLength: 1, maxLength: 5 },
        ),
      });
      const aViewOfDays = fc.record({
        visitor: fc.integer({ min: 0, max: 2 }),
        batches: fc.array(aBatchOfDays, { minLength: 1, maxLength: 3 }),
      });
      const bucket = (ms: number) => {
        const s = Math.round(ms / 1000);
        if (s < 120) return s;
        if (s < 600) return Math.round(s / 5) * 5;
        if (s < 3600) return Math.round(s / 30) * 30;
        return Math.round(s / 300) * 300;
      };
      const min = (values: string[]) => [...values].sort()[0]!;
      type Raw = {
        viewId: string;
        key: string;
        granted: boolean;
        device: string;
        day: string;
        type: string;
        ms: number;
      };

      await fc.assert(
        fc.asyncProperty(fc.array(aViewOfDays, { minLength: 1, maxLength: 6 }), async (views) => {
          const propertyId = randomUUID();
          const providerId = randomUUID();
          await db().query(
            `INSERT INTO properties (id, provider_id, slug, title, address, matterport_key)
             VALUES ($1, $2, 'days', 'Days Villa', '1 Days St', 'Model12345')`,
            [propertyId, providerId],
          );
          const raw: Raw[] = [];
          const batches = views.flatMap((view) => {
            const viewId = randomUUID();
            return view.batches.map((batch) => ({ ...batch, viewId, visitor: view.visitor }));
          });
          const send = async (late: boolean) => {
            for (const batch of batches.filter((b) => b.late === late)) {
              const key =
                batch.consent === 'granted' ? `v:visitor-${batch.visitor}` : `d:visitor-${batch.visitor}`;
              const stored: AnalyticsBatchV1 = {
                providerId,
                propertyId,
                batchId: randomUUID(),
                viewId: batch.viewId,
                visitorKey: key,
                consent: batch.consent,
                device: batch.device,
                language: 'en',
                referrerHost: null,
                country: null,
                receivedAt: new Date().toISOString(),
                events: batch.events.map((event, seq) => ({
                  seq,
                  type: event.type,
                  at: new Date(
                    dayBounds(days[event.day]!).from.getTime() + event.second * 1000,
                  ).toISOString(),
                  sweep: null,
                  room: null,
                  floor: null,
                  ms: event.type === 'dwell' ? event.ms : null,
                  target: null,
                })),
              };
              await it_.propertiesDb.transaction((tx) => service.storeBatch(stored, tx));
              for (const event of batch.events)
                raw.push({
                  viewId: batch.viewId,
                  key,
                  granted: batch.consent === 'granted',
                  device: batch.device,
                  day: days[event.day]!,
                  type: event.type,
                  ms: event.type === 'dwell' ? event.ms : 0,
                });
            }
            await jobs().rollUpNow();
          };
          await send(false);
          await send(true);

          // One row per view and day, as the definitions have it.
          const viewDays = new Map<string, Raw[]>();
          for (const event of raw) {
            const id = `${event.viewId} ${event.day}`;
            viewDays.set(id, [...(viewDays.get(id) ?? []), event]);
          }
          const rowsOfDays = [...viewDays.values()].map((events) => {
            const granted = events.filter((event) => event.granted).map((event) => event.key);
            return {
              viewId: events[0]!.viewId,
              day: events[0]!.day,
              key: granted.length ? min(granted) : min(events.map((event) => event.key)),
              device: min(events.map((event) => event.device)),
              ms: events.reduce((sum, event) => sum + event.ms, 0),
              entries: events.filter((event) => event.type === 'sweep_entered').length,
              opened: events.some(
                (event) => !['view_started', 'dwell', 'sweep_entered'].includes(event.type),
              ),
              contacted: events.some((event) => event.type === 'phone_revealed'),
              lead: events.some((event) => event.type === 'lead_sent'),
            };
          });

          for (let first = 0; first < days.length; first++) {
            for (let last = first; last < days.length; last++) {
              const [from, to] = [days[first]!, days[last]!];
              const inRange = rowsOfDays.filter((row) => row.day >= from && row.day <= to);
              const perView = new Map<string, typeof inRange>();
              for (const row of inRange) perView.set(row.viewId, [...(perView.get(row.viewId) ?? []), row]);
              const merged = [...perView.values()].map((parts) => ({
                ms: parts.reduce((sum, part) => sum + part.ms, 0),
                entries: parts.reduce((sum, part) => sum + part.entries, 0),
                opened: parts.some((part) => part.opened),
                contacted: parts.some((part) => part.contacted),
                lead: parts.some((part) => part.lead),
                device: min(parts.map((part) => part.device)),
              }));
              const lastDays = new Map<string, string>();
              for (const row of inRange)
                if (!(row.day <= (lastDays.get(row.key) ?? ''))) lastDays.set(row.key, row.day);
              const returning = [...lastDays].filter(([key, lastDay]) =>
                rowsOfDays.some((row) => row.key === key && row.day < lastDay),
              ).length;
              const times = merged.map((view) => bucket(view.ms)).sort((a, b) => a - b);
              const n = times.length;
              const allMs = merged.reduce((sum, view) => sum + view.ms, 0);
              const devices = new Map<string, number>();
              for (const view of merged) devices.set(view.device, (devices.get(view.device) ?? 0) + 1);
              const funnel = {
                views: n,
                interactions: merged.filter((view) => view.opened || view.entries > 1).length,
                contacts: merged.filter((view) => view.contacted).length,
                leads: merged.filter((view) => view.lead).length,
              };

              const report = await store.report(providerId, propertyId, { from, to });
              expect({ range: [from, to], totals: report.totals, funnel: report.funnel }).toEqual({
                range: [from, to],
                totals: {
                  views: n,
                  visitors: lastDays.size,
                  returningVisitors: returning,
                  averageSeconds: n ? Math.round(allMs / n / 1000) : 0,
                  medianSeconds: n
                    ? Math.round((times[Math.floor((n - 1) / 2)]! + times[Math.floor(n / 2)]!) / 2)
                    : 0,
                },
                funnel,
              });
              expect(report.devices.map(({ device, views }) => [device, views]).sort()).toEqual(
                [...devices].sort(),
              );
              const overview = await store.overview(
                providerId,
                { from, to },
                { page: 1, pageSize: 5, offset: 0 },
              );
              expect(overview.items).toEqual(
                n
                  ? [
                      {
                        propertyId,
                        title: 'Days Villa',
                        views: n,
                        visitors: lastDays.size,
                        averageSeconds: Math.round(allMs / n / 1000),
                        leads: funnel.leads,
                      },
                    ]
                  : [],
              );
            }
          }
        }),
        { numRuns: 25 },
      );
    });
  });
});
