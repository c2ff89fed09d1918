import { Client } from 'pg';
import request from 'supertest';
import { eventually, internalHeaders } from '@tourly/platform/testing';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { aProperty } from './support/provider';
import { builtServices, ownProcess, ready, type Program } from './support/processes';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver';

const ROUNDS = 3;
const BASE = '/provider/developers/webhooks_subscription';
const ADMIN = 'provider@demo.test';
/** Hangs the first attempt of each message (the sender gives up after WEBHOOK_TIMEOUT_MS), answers the next. */
const SLOW = '/hooks/slow';
/** Answers every attempt at once. */
const FAST = '/hooks/fast';
const PROPERTY_EVENTS = ['property.created', 'property.updated'];
const PROPERTY_SUBJECTS = ['properties.property.created.v1', 'properties.property.updated.v1'];

/** One event a receiver must end up with, once its duplicates are dropped by `webhook-id`. */
interface Expected {
  type: string;
  propertyId: string | null;
  title: string | null;
}

interface Kill {
  /** Deliveries whose lease was live when the process died: sent, and never recorded. */
  leased: number;
  /** Property events committed by properties that identity had not handled when it came back. */
  unhandled: number;
}

/**
 * Outgoing webhooks across kill -9: the identity service (its listener turning the platform's events into
 * deliveries, its dispatcher sending them) run as a process of its own, the rest of the platform in this one, on
 * NATS JetStream. Each round the provider's admin changes properties and sends a test event while one receiver
 * holds the first attempt of every message; identity is killed while those attempts are in flight (leased), the
 * admin goes on changing properties while it is down (straight to properties, as the gateway presents them, since
 * sign-in is identity's; those events wait in the stream for identity), and identity starts again on the same
 * database and stream. In the end every event reached both receivers at least once, each copy verifies, duplicates
 * carry the same `webhook-id`, and the delivery log shows every delivery succeeded.
 */
describe('identity killed with -9 while webhooks are in flight', () => {
  let it_: PlatformWithEmulators;
  let identity: Program;
  let identityUrl: string;
  let receiver: WebhookReceiver;
  let admin: Person;
  /** The test database, read as identity's and properties' schemas while the process runs. */
  let db: Client;
  const kills: Kill[] = [];
  /** The admin as the gateway presents them to properties: the way to change properties while identity is down. */
  let inProperties: Person;

  function straightToProperties(userId: string, providerId: string): Person {
    const url = it_.platform.services.properties.url;
    const headers = internalHeaders({ userId, role: 'admin', providerId });
    return {
      cookie: '',
      csrfToken: '',
      providerId,
      get: (path) => request(url).get(path).set(headers),
      send: (method, path, body) => {
        const agent = request(url);
        return agent[method](path)
          .set(headers)
          .send(body ?? {});
      },
    };
  }

  beforeAll(async () => {
    await builtServices();
    receiver = await startWebhookReceiver();
    const seen = new Set<string>();
    receiver.answerWith((webhook) => {
      if (webhook.path !== SLOW || seen.has(webhook.id)) return { status: 204 };
      seen.add(webhook.id);
      return 'hang';
    });
    it_ = await startPlatformWithEmulators();
    // The identity service in this process gives its port, database and stream to a process of its own.
    const moved = await ownProcess(it_.platform.services.identity, {
      // An attempt the receiver holds gives up after 2 s; a lease a dead process left expires 5 s after its claim.
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_LEASE_MARGIN_MS: '3000',
      WEBHOOK_RETRY_BACKOFF_MS: '500,1000,2000,4000,8000',
      // An event in flight to the killed process comes again 5 s after its delivery, not JetStream's usual 30 s.
      EVENT_ACK_WAIT_MS: '5000',
    });
    identity = moved.program;
    identityUrl = moved.url;
    db = new Client({ connectionString: moved.env.DATABASE_URL });
    await db.connect();
    identity.start();
    await ready(identityUrl);
    admin = await it_.signIn(ADMIN);
    const me = await admin.get('/users/me').expect(200);
    inProperties = straightToProperties(me.body.data.user_id as string, admin.providerId);
  }, 120_000);

  afterAll(async () => {
    await identity?.stop();
    await db?.end();
    await it_?.stop();
    await receiver?.stop();
  });

  const select = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];

  async function anEndpoint(path: string): Promise<{ id: string; secret: string }> {
    const created = await admin
      .send('post', `${BASE}/endpoints`, {
        endpoint: { url: receiver.url(path), event_types: PROPERTY_EVENTS, description: `restart ${path}` },
      })
      .expect(201);
    return created.body.data as { id: string; secret: string };
  }

  async function rename(person: Person, propertyId: string, title: string): Promise<void> {
    const updated = await person.send('patch', `/provider/properties/${propertyId}`, { property: { title } });
    if (updated.status !== 200) {
      throw new Error(`rename refused: ${updated.status} ${JSON.stringify(updated.body)}`);
    }
  }

  /** Deliveries leased now: attempts a dispatcher started and has not recorded. */
  async function leased(): Promise<number> {
    const [{ count }] = await select<{ count: number }>(
      `SELECT count(*)::int AS count FROM identity.webhook_deliveries
        WHERE status = 'pending' AND lease_until > now()`,
    );
    return count;
  }

  /** Property events of the provider that properties committed and identity's listener has not handled. */
  async function unhandled(providerId: string): Promise<number> {
    const [{ count }] = await select<{ count: number }>(
      `SELECT count(*)::int AS count FROM properties.outbox o
        WHERE o.subject = ANY($1::text[]) AND o.envelope -> 'data' ->> 'provider_id' = $2
          AND NOT EXISTS (SELECT 1 FROM identity.inbox i WHERE i.event_id = o.id)`,
      [PROPERTY_SUBJECTS, providerId],
    );
    return count;
  }

  /** The endpoint's delivery log as its page shows it (at most 100: this test makes fewer). */
  async function deliveryLog(endpointId: string) {
    const page = await admin.get(`${BASE}/endpoints/${endpointId}/deliveries?page_size=100`).expect(200);
    return page.body.data as {
      total_count: number;
      items: Array<{ message_id: string; event_type: string; status: string; attempts: number }>;
    };
  }

  it('delivers every event at least once, under one webhook-id each, and logs each as succeeded', async () => {
    const slow = await anEndpoint(SLOW);
    const fast = await anEndpoint(FAST);
    const expected: Record<string, Expected[]> = { [SLOW]: [], [FAST]: [] };
    const happened = (type: string, propertyId: string, title: string) => {
      for (const path of [SLOW, FAST]) expected[path]!.push({ type, propertyId, title });
    };
    const properties: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      // Before the kill: a property made, the one before renamed, a test event; the slow receiver holds them.
      const title = `${round} Restart Road`;
      const created = await aProperty(admin, title);
      properties.push(created);
      happened('property.created', created, title);
      if (round > 0) {
        const renamed = `${round - 1} Restart Road, renamed in round ${round}`;
        await rename(admin, properties[round - 1]!, renamed);
        happened('property.updated', properties[round - 1]!, renamed);
      }
      const test = await admin.send('post', `${BASE}/endpoints/${slow.id}/test`).expect(202);
      expected[SLOW]!.push({ type: 'webhook.test', propertyId: null, title: null });
      await eventually(
        async () => receiver.at(SLOW).some((webhook) => webhook.id === test.body.data.message_id),
        (arrived) => arrived,
        `round ${round}'s test event held by the slow receiver`,
        40_000,
      );

      // kill -9 while the receiver holds it (well inside the 2 s the sender waits for an answer).
      await identity.kill9();
      const inFlight = await leased();

      // While identity is down (and with it sign-in at the gateway), the admin's changes reach properties as the
      // gateway presents them; their events wait in the stream for identity.
      const renamedNow = `${round} Restart Road, renamed while identity was down`;
      const downTitle = `${round} Downtime Lane`;
      const [, madeDown] = await Promise.all([
        rename(inProperties, created, renamedNow),
        aProperty(inProperties, downTitle),
      ]);
      happened('property.updated', created, renamedNow);
      happened('property.created', madeDown, downTitle);
      properties[round] = madeDown;
      kills.push({ leased: inFlight, unhandled: await unhandled(admin.providerId) });

      identity.start();
      await ready(identityUrl);
    }
    console.log(
      `webhooks restart: at each kill, deliveries leased (in flight): ${kills.map((k) => k.leased).join(', ')}; ` +
        `property events identity had not handled when it restarted: ${kills.map((k) => k.unhandled).join(', ')}`,
    );
    // Each kill caught attempts in flight, and events still on their way to identity.
    for (const kill of kills) {
      expect(kill.leased).toBeGreaterThan(0);
      expect(kill.unhandled).toBeGreaterThan(0);
    }

    // The log: one delivery per event and endpoint, each succeeded (leases left by a dead process expire and the
    // delivery is sent again; events redelivered by JetStream after its ack wait are handled then).
    const logs = await eventually(
      async () => ({ slow: await deliveryLog(slow.id), fast: await deliveryLog(fast.id) }),
      ({ slow: s, fast: f }) =>
        s.total_count === expected[SLOW]!.length &&
        f.total_count === expected[FAST]!.length &&
        [...s.items, ...f.items].every((delivery) => delivery.status === 'succeeded'),
      'every delivery logged as succeeded',
      90_000,
    );

    const duplicates: Record<string, number> = {};
    for (const [path, endpoint, log] of [
      [SLOW, slow, logs.slow],
      [FAST, fast, logs.fast],
    ] as const) {
      const arrived = receiver.at(path);
      // Every copy verifies as any Standard Webhooks receiver checks it.
      for (const webhook of arrived) expect(() => receiver.verify(endpoint.secret, webhook)).not.toThrow();
      // A copy sent again carries the same webhook-id and the same bytes: the receiver keeps the first.
      const byId = new Map<string, ReceivedWebhook>();
      for (const webhook of arrived) {
        const first = byId.get(webhook.id);
        if (first) expect(webhook.body).toBe(first.body);
        else byId.set(webhook.id, webhook);
      }
      duplicates[path] = arrived.length - byId.size;
      const kept = [...byId.values()].map((webhook): Expected => ({
        type: webhook.payload.type,
        propertyId: webhook.payload.type === 'webhook.test' ? null : String(webhook.payload.data.property_id),
        title: webhook.payload.type === 'webhook.test' ? null : String(webhook.payload.data.title),
      }));
      expect(sorted(kept)).toEqual(sorted(expected[path]!));
      // The log names the same messages the receiver got, one delivery each.
      expect(new Set(log.items.map((delivery) => delivery.message_id))).toEqual(new Set(byId.keys()));
    }
    console.log(
      `webhooks restart: arrivals ${receiver.received.length}, duplicates dropped by webhook-id: ` +
        `${SLOW} ${duplicates[SLOW]}, ${FAST} ${duplicates[FAST]}`,
    );
    // The slow receiver held the first copy of every message: each came at least twice.
    expect(duplicates[SLOW]).toBeGreaterThanOrEqual(expected[SLOW]!.length);

    // A property event's message id is the event's own id: the ids the receivers got are properties' events.
    const events = await select<{ id: string }>(
      `SELECT id FROM properties.outbox
        WHERE subject = ANY($1::text[]) AND envelope -> 'data' ->> 'provider_id' = $2`,
      [PROPERTY_SUBJECTS, admin.providerId],
    );
    expect(new Set(events.map((event) => event.id))).toEqual(
      new Set(receiver.at(FAST).map((webhook) => webhook.id)),
    );
    expect(await unhandled(admin.providerId)).toBe(0);
    expect(await select('SELECT consumer, event_id, error FROM identity.dead_letters')).toEqual([]);
    expect(await leased()).toBe(0);
    expect(identity.crashes).toEqual([]);
  }, 170_000);
});

function sorted(events: Expected[]): Expected[] {
  const key = (event: Expected) => `${event.type}|${event.propertyId}|${event.title}`;
  return [...events].sort((a, b) => key(a).localeCompare(key(b)));
}
