import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import request from 'supertest';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope } from '@tourly/contracts';
import {
  Database,
  DatabaseConfig,
  EventBus,
  EventContext,
  TRANSPORT,
  defineService,
  type CallerIdentity,
  type Transport,
} from '@tourly/platform';
import { internalHeaders, nextDelivery, startTestService, type TestService } from '@tourly/platform/testing';

/**
 * Issue 19: an event whose handler keeps failing is retried, then parked; an operator lists it and replays it
 * once its dependency is back, and the replay has its one effect (a second replay none). The parked count is a
 * metric that returns to 0. For platform admins only (the gateway's own test checks the route through it).
 */
const SUBJECT = 'billing.subscription.changed.v1';
const CONSUMER = 'properties__billing_subscription_changed_v1';

/** The dependency the handler needs (a plan catalogue, say): down until the test brings it back. */
const dependency = { up: false, outage: 'plan catalogue unavailable', calls: 0 };

class PlanLimitsTable1795620000001 implements MigrationInterface {
  name = 'PlanLimitsTable1795620000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE premium_tour_limits (
      provider_id text PRIMARY KEY, premium_tour_limit integer, applied integer NOT NULL DEFAULT 1)`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE premium_tour_limits');
  }
}

const ADMIN: Partial<CallerIdentity> = { userId: 'u-admin', staffRole: 'platform_admin' };
const ASSISTANT: Partial<CallerIdentity> = { userId: 'u-va', staffRole: 'virtual_assistant' };
const PROVIDER_ADMIN: Partial<CallerIdentity> = { userId: 'u-provider', role: 'admin', providerId: 'p1' };

@Controller()
class PlanLimitsListener {
  @EventPattern(SUBJECT)
  async apply(@Payload() event: EventEnvelope<typeof SUBJECT>, @Ctx() ctx: EventContext) {
    dependency.calls += 1;
    if (!dependency.up) throw new Error(dependency.outage);
    // `applied` counts effects: a second effect of one event would show as 2.
    await ctx.tx.query(
      `INSERT INTO premium_tour_limits (provider_id, premium_tour_limit) VALUES ($1, $2)
       ON CONFLICT (provider_id) DO UPDATE
         SET premium_tour_limit = excluded.premium_tour_limit, applied = premium_tour_limits.applied + 1`,
      [event.data.providerId, event.data.premiumTourLimit],
    );
  }
}

@Module({ controllers: [PlanLimitsListener] })
class PlanLimitsModule {}

const planLimits = defineService({
  name: 'properties',
  description: 'premium tour limits kept from billing events, for the dead-letter tests',
  config: DatabaseConfig,
  module: PlanLimitsModule,
  migrations: [PlanLimitsTable1795620000001],
});

describe('parked events: listed, replayed, counted', () => {
  let service: TestService<DatabaseConfig>;
  let db: Database;
  const base = '/admin/events/properties/dead_letters';
  const as = (caller: Partial<CallerIdentity>) => internalHeaders(caller);
  const http = () => request(service.url);

  beforeAll(async () => {
    // Three tries a few milliseconds apart: the schedule is configuration, not code.
    service = await startTestService(planLimits, { extra: { EVENT_RETRY_BACKOFF_MS: '20,40' } });
    db = service.app.get(Database);
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
  });

  async function publishPlanChange(providerId: string, premiumTourLimit: number): Promise<string> {
    const bus = service.app.get(EventBus);
    const envelope = await db.transaction((tx) =>
      bus.publish(
        SUBJECT,
        { providerId, productCode: 'starter_plan', interval: 'month', status: 'active', premiumTourLimit },
        tx,
      ),
    );
    return envelope.id;
  }

  async function parkedMetric(): Promise<number | undefined> {
    const text = (await request(service.url).get('/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith('events_parked{') && l.includes(`"${CONSUMER}"`));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  }

  async function limits() {
    return db.dataSource.query('SELECT provider_id, premium_tour_limit, applied FROM premium_tour_limits');
  }

  it('parks a handler failing past its tries, lists it, keeps it parked while the dependency is down, replays it once it is back', async () => {
    const parked = nextDelivery(service, SUBJECT, 'parked');
    const eventId = await publishPlanChange('p1', 30);
    expect(await parked).toMatchObject({ eventId, attempt: 3, durable: CONSUMER });
    expect(dependency.calls).toBe(3);
    expect(await limits()).toEqual([]);
    expect(await parkedMetric()).toBe(1);

    // Listed for a platform admin.
    const listed = await http().get(base).set(as(ADMIN));
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 1 });
    const [letter] = listed.body.data.items;
    expect(letter).toMatchObject({
      consumer: CONSUMER,
      subject: SUBJECT,
      event_id: eventId,
      error: 'plan catalogue unavailable',
      attempts: 3,
      replays: 0,
      replayed_at: null,
      raw: null,
      envelope: { id: eventId, type: SUBJECT, data: { provider_id: 'p1', premium_tour_limit: 30 } },
    });

    // Replayed while the dependency is still down: it stays parked, with the new error.
    dependency.outage = 'plan catalogue still unavailable';
    const failed = await http()
      .post(`${base}/replay`)
      .set(as(ADMIN))
      .send({ ids: [letter.id] });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toEqual({
      results: [{ id: letter.id, outcome: 'failed', error: 'plan catalogue still unavailable' }],
      still_parked: 1,
    });
    const [stillParked] = (await http().get(base).set(as(ADMIN))).body.data.items;
    expect(stillParked).toMatchObject({
      id: letter.id,
      error: 'plan catalogue still unavailable',
      replays: 1,
    });
    expect(await limits()).toEqual([]);
    expect(await parkedMetric()).toBe(1);

    // The dependency is back: the replay has its one effect, and the count returns to 0.
    dependency.up = true;
    const replayedDelivery = nextDelivery(service, SUBJECT, 'replayed');
    const replayed = await http()
      .post(`${base}/replay`)
      .set(as(ADMIN))
      .send({ ids: [letter.id] });
    expect(replayed.body.data).toEqual({
      results: [{ id: letter.id, outcome: 'replayed' }],
      still_parked: 0,
    });
    expect(await replayedDelivery).toMatchObject({ eventId, durable: CONSUMER });
    expect(await limits()).toEqual([{ provider_id: 'p1', premium_tour_limit: 30, applied: 1 }]);
    expect(await parkedMetric()).toBe(0);
    expect((await http().get(base).set(as(ADMIN))).body.data.total_count).toBe(0);
    const history = await http().get(`${base}?state=replayed`).set(as(ADMIN));
    expect(history.body.data.items).toEqual([
      expect.objectContaining({ id: letter.id, replays: 2, replayed_at: expect.any(String) }),
    ]);

    // A second replay, by id or of everything, has no effect.
    const again = await http()
      .post(`${base}/replay`)
      .set(as(ADMIN))
      .send({ ids: [letter.id] });
    expect(again.body.data).toEqual({ results: [{ id: letter.id, outcome: 'not_parked' }], still_parked: 0 });
    const all = await http().post(`${base}/replay`).set(as(ADMIN)).send({ all: true });
    expect(all.body.data).toEqual({ results: [], still_parked: 0 });
    expect(await limits()).toEqual([{ provider_id: 'p1', premium_tour_limit: 30, applied: 1 }]);
    expect(dependency.calls).toBe(5);
  });

  it('replays an event the inbox already holds without a second effect', async () => {
    dependency.up = true;
    const handled = nextDelivery(service, SUBJECT, 'handled');
    const eventId = await publishPlanChange('p2', 50);
    await handled;
    // As if it had been parked as well (a redelivery after a crash on its last try, say).
    const [{ envelope }] = await db.dataSource.query('SELECT envelope FROM outbox WHERE id = $1', [eventId]);
    const [{ id }] = await db.dataSource.query(
      `INSERT INTO dead_letters (consumer, event_id, subject, envelope, error, attempts)
       VALUES ($1, $2, $3, $4, 'stopped', 3) RETURNING id`,
      [CONSUMER, eventId, SUBJECT, envelope],
    );
    const replayed = await http().post(`${base}/replay`).set(as(ADMIN)).send({ all: true });
    expect(replayed.body.data).toEqual({
      results: [{ id: Number(id), outcome: 'already_handled' }],
      still_parked: 0,
    });
    expect(
      await db.dataSource.query('SELECT applied FROM premium_tour_limits WHERE provider_id = $1', ['p2']),
    ).toEqual([{ applied: 1 }]);
  });

  it('parks an undecodable event with its bytes; its replay fails and it stays parked', async () => {
    const parked = nextDelivery(service, SUBJECT, 'parked');
    await service.app.get<Transport>(TRANSPORT).publish(SUBJECT, 'garbage-1', Buffer.from('{"not json'));
    expect(await parked).toMatchObject({ eventId: '', durable: CONSUMER });
    const listed = await http().get(base).set(as(ADMIN));
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({
        event_id: null,
        envelope: null,
        raw: '{"not json',
        error: expect.stringMatching(/^undecodable event: /),
      }),
    ]);
    expect(await parkedMetric()).toBe(1);
    const [{ id }] = listed.body.data.items;
    const replayed = await http().post(`${base}/replay`).set(as(ADMIN)).send({ all: true });
    expect(replayed.body.data).toEqual({
      results: [{ id, outcome: 'failed', error: expect.stringMatching(/^undecodable event: /) }],
      still_parked: 1,
    });
  });

  it('is for platform admins only, and validates the replay request', async () => {
    expect((await http().get(base).set(as(ASSISTANT))).status).toBe(403);
    expect((await http().get(base).set(as(PROVIDER_ADMIN))).status).toBe(403);
    expect((await http().get(base)).status).toBe(401);
    const refused = await http().post(`${base}/replay`).set(as(PROVIDER_ADMIN)).send({ all: true });
    expect(refused.status).toBe(403);
    expect(refused.body.errors.base).toEqual([expect.any(String)]);

    const invalid = async (body: object) => {
      const answer = await http().post(`${base}/replay`).set(as(ADMIN)).send(body);
      return [answer.status, answer.body.errors];
    };
    expect(await invalid({})).toEqual([
      422,
      { ids: ['must list the ids of dead letters, or send all: true'] },
    ]);
    expect(await invalid({ all: false })).toEqual([
      422,
      { all: ['must be true, or left out with ids listed'] },
    ]);
    expect(await invalid({ ids: ['x'] })).toEqual([422, { ids: ['must list whole numbers'] }]);
    expect(await invalid({ ids: [0] })).toEqual([422, { ids: ['must list whole numbers from 1'] }]);
    expect((await http().get(`${base}?state=lost`).set(as(ADMIN))).status).toBe(422);
  });
});
