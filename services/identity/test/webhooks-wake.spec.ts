import { randomUUID } from 'node:crypto';
import { EventBus, uuidv7 } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { startIdentity, type SignedIn } from './support';

const BASE = '/provider/developers/webhooks_subscription';
/** The fallback poll, far past anything this file waits for: only a wake-up sends a delivery in time. */
const POLL_MS = 60_000;
/** "At once" on a loaded machine: a platform event crosses the outbox, NATS and the inbox before it is queued. */
const PROMPTLY_MS = 5_000;

/**
 * The dispatcher wakes when a transaction that makes a delivery due commits (NOTIFY), on identity alone with real
 * PostgreSQL, NATS and a receiver: with the poll a minute away, a platform event, a test event, a replay and an
 * endpoint enabled again each reach the receiver within seconds.
 */
describe('webhook dispatch woken on commit', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let admin: SignedIn;
  let providerId: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    it_ = await startIdentity({ WEBHOOK_POLL_MS: String(POLL_MS) });
    admin = await it_.signedIn('provider@demo.test');
    providerId = (admin.body.current_provider as { id: string }).id;
  });
  afterAll(async () => {
    await it_?.stop();
    await receiver?.stop();
  });

  const send = (method: 'post' | 'patch', path: string, body?: object) => {
    const call = it_.http[method](path).set('cookie', admin.cookie);
    return body ? call.send(body) : call;
  };

  async function anEndpoint(path: string, eventTypes: string[]): Promise<string> {
    const response = await send('post', `${BASE}/endpoints`, {
      endpoint: { url: receiver.url(path), event_types: eventTypes },
    });
    expect(response.status).toBe(201);
    return (response.body.data as { id: string }).id;
  }

  /** The webhooks at `path` once there are `count`; fails when they take longer than PROMPTLY_MS. */
  const arrived = (path: string, count = 1) =>
    eventually(
      async () => receiver.at(path),
      (list) => list.length >= count,
      `${count} deliveries at ${path}`,
      PROMPTLY_MS,
    );

  it('sends a platform event’s delivery once the inbox transaction that queued it commits', async () => {
    await anEndpoint('/events', ['property.created']);
    // Properties' event, through identity's own outbox: the same stream, subject and listener.
    await it_.db.transaction((tx) =>
      it_.service.app
        .get(EventBus)
        .publish(
          'properties.property.created.v1',
          { providerId, propertyId: uuidv7(), title: 'Woken House' },
          tx,
        ),
    );
    const [webhook] = await arrived('/events');
    expect(webhook!.payload).toMatchObject({ type: 'property.created', data: { title: 'Woken House' } });
  });

  it('sends a test event, and a replay of it, at once', async () => {
    const endpointId = await anEndpoint('/tested', ['lead.received']);
    const test = await send('post', `${BASE}/endpoints/${endpointId}/test`);
    expect(test.status).toBe(202);
    await arrived('/tested');
    const replay = await send(
      'post',
      `${BASE}/endpoints/${endpointId}/deliveries/${test.body.data.id}/replay`,
    );
    expect(replay.status).toBe(202);
    const [first, again] = await arrived('/tested', 2);
    expect(again!.id).toBe(first!.id);
  });

  it('sends what waited for a disabled endpoint as soon as it is enabled again', async () => {
    const endpointId = await anEndpoint('/enabled', ['property.updated']);
    const disabled = await send('patch', `${BASE}/endpoints/${endpointId}`, { endpoint: { enabled: false } });
    expect(disabled.status).toBe(200);
    // A delivery queued before the endpoint was disabled, still pending (a test builder, straight into the tables).
    const messageId = randomUUID();
    await it_.db.dataSource.query(
      `WITH message AS (
         INSERT INTO webhook_messages (id, provider_id, event_type, body) VALUES ($1, $2, 'property.updated', $3)
         RETURNING id)
       INSERT INTO webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
       SELECT gen_random_uuid(), id, $4, $2, 'property.updated', now() FROM message`,
      [
        messageId,
        providerId,
        JSON.stringify({ type: 'property.updated', timestamp: new Date().toISOString(), data: {} }),
        endpointId,
      ],
    );
    const enabled = await send('patch', `${BASE}/endpoints/${endpointId}`, { endpoint: { enabled: true } });
    expect(enabled.status).toBe(200);
    const [webhook] = await arrived('/enabled');
    expect(webhook!.id).toBe(messageId);
  });
});
