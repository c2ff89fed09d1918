import { eventually } from '@tourly/platform/testing';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { startIdentityPlatform, type SignedIn } from './support';

const BASE = '/provider/developers/webhooks_subscription';

/**
 * Outgoing webhooks on the whole platform (NATS, every service): the platform's events reach a real receiver on
 * 127.0.0.1, signed as Standard Webhooks; retries, disabling, replays and the delivery log, as the provider sees
 * them through the gateway.
 */
describe('outgoing webhooks', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let admin: SignedIn;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    it_ = await startIdentityPlatform({
      // Three quick retries, and an endpoint failing through a whole round is disabled at once.
      WEBHOOK_RETRY_BACKOFF_MS: '100,200,300',
      WEBHOOK_DISABLE_AFTER_MS: '0',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    admin = await it_.signedIn('provider@demo.test');
  }, 60_000);
  afterAll(async () => {
    await it_?.stop();
    await receiver?.stop();
  });

  const send = (user: SignedIn, method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object) => {
    const call = it_.http[method](path).set('cookie', user.cookie).set('x-csrf-token', user.csrfToken);
    return body ? call.send(body) : call;
  };

  async function anEndpoint(path: string, eventTypes: string[], user = admin) {
    const response = await send(user, 'post', `${BASE}/endpoints`, {
      endpoint: { url: receiver.url(path), event_types: eventTypes, description: `receiver ${path}` },
    });
    expect(response.status).toBe(201);
    return response.body.data as { id: string; secret: string };
  }

  const deliveries = async (endpointId: string, query = '') =>
    (await send(admin, 'get', `${BASE}/endpoints/${endpointId}/deliveries${query}`)).body.data;

  it('starts with no subscription; setting it up answers 201 once, then 200', async () => {
    const before = await send(admin, 'get', BASE);
    expect(before.status).toBe(200);
    expect(before.body.data.subscription).toBeNull();
    expect(before.body.data.event_types).toContainEqual({
      type: 'property.created',
      description: 'A property was created.',
    });
    const first = await send(admin, 'post', BASE);
    expect(first.status).toBe(201);
    expect(first.body.data.subscription).toMatchObject({ id: expect.any(String), endpoints: [] });
    const again = await send(admin, 'post', BASE);
    expect(again.status).toBe(200);
    expect(again.body.data.subscription.id).toBe(first.body.data.subscription.id);
  });

  it('refuses what it cannot send to, in words, and keeps nothing', async () => {
    const refuse = async (endpoint: object) => {
      const response = await send(admin, 'post', `${BASE}/endpoints`, { endpoint });
      expect(response.status).toBe(422);
      return response.body.errors;
    };
    expect(await refuse({ url: 'ftp://example.com/x', event_types: ['property.created'] })).toEqual({
      'endpoint.url': ['must use https'],
    });
    expect(await refuse({ url: 'not a url', event_types: ['property.created'] })).toEqual({
      'endpoint.url': ['must be a valid URL'],
    });
    expect(await refuse({ url: 'http://example.com/x', event_types: ['property.created'] })).toEqual({
      'endpoint.url': ['must use https (plain http is accepted only for localhost in development)'],
    });
    const unknown = await refuse({ url: 'https://example.com/x', event_types: ['property.exploded'] });
    expect(unknown['endpoint.event_types'][0]).toMatch(
      /^must list only these event types: property\.created/,
    );
    expect(await refuse({ url: 'https://example.com/x', event_types: [] })).toEqual({
      'endpoint.event_types': ['must list at least one event type'],
    });
    // Left out, or null: required (these reached the service as a 500 once).
    expect(await refuse({ event_types: ['property.created'] })).toEqual({ 'endpoint.url': ['Required'] });
    expect(await refuse({ url: null, event_types: ['property.created'] })).toEqual({
      'endpoint.url': ['Required'],
    });
    expect(await refuse({})).toEqual({
      'endpoint.url': ['Required'],
      'endpoint.event_types': ['must list at least one event type'],
    });
    const listed = await send(admin, 'get', BASE);
    expect(listed.body.data.subscription.endpoints).toEqual([]);
  });

  it('sends one event as one signed delivery, which any Standard Webhooks verifier accepts', async () => {
    const endpoint = await anEndpoint('/one', ['property.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const created = await send(admin, 'post', '/provider/properties', {
      create_tour_params: {
        title: 'Webhook House',
        address: '1 Hook St, Sydney',
        matterport_key: 'Hook1abcdefg',
      },
    });
    expect(created.status).toBe(201);
    const [webhook] = await eventually(
      async () => receiver.at('/one'),
      (list) => list.length > 0,
      'a delivery at /one',
    );
    expect(receiver.verify(endpoint.secret, webhook!)).toMatchObject({
      type: 'property.created',
      data: { property_id: created.body.data.id, title: 'Webhook House' },
    });
    // A payload changed on the way fails verification.
    const tampered = webhook!.body.replace('Webhook House', 'Webhook Hovel');
    expect(() => receiver.verify(endpoint.secret, { ...webhook!, body: tampered })).toThrow();
    // Another secret does not verify it either.
    const other = await anEndpoint('/other', ['order.placed']);
    expect(() => receiver.verify(other.secret, webhook!)).toThrow();

    const log = await eventually(
      () => deliveries(endpoint.id),
      (page) => page.items[0]?.status === 'succeeded',
      'the delivery logged as succeeded',
    );
    expect(log.total_count).toBe(1);
    expect(log.items[0]).toMatchObject({
      message_id: webhook!.id,
      event_type: 'property.created',
      attempts: 1,
      last_status_code: 204,
      last_latency_ms: expect.any(Number),
    });
    // The receiver got it exactly once, and the endpoint for another type got nothing.
    expect(receiver.at('/one')).toHaveLength(1);
    expect(receiver.at('/other')).toHaveLength(0);
  });

  it('retries a receiver that is down, then failing, with the same webhook-id until it answers', async () => {
    const endpoint = await anEndpoint('/flaky', ['property.updated']);
    await receiver.down();
    const test = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    const refused = await eventually(
      () => send(admin, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}`),
      (response) => response.body.data.attempt_log.length >= 1,
      'a refused attempt',
    );
    expect(refused.body.data.attempt_log[0]).toMatchObject({
      status_code: null,
      error: 'Connection refused.',
    });
    let failures = 1;
    receiver.answerWith((webhook) =>
      webhook.path === '/flaky' && failures-- > 0
        ? { status: 500, body: 'database is restarting' }
        : { status: 200 },
    );
    await receiver.up();
    const done = await eventually(
      () => send(admin, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}`),
      (response) => response.body.data.status === 'succeeded',
      'the delivery succeeding after retries',
    );
    const arrived = receiver.at('/flaky');
    expect(arrived.length).toBe(2);
    expect(new Set(arrived.map((webhook) => webhook.id))).toEqual(new Set([done.body.data.message_id]));
    for (const webhook of arrived) expect(receiver.verify(endpoint.secret, webhook)).toBeTruthy();
    const log = done.body.data.attempt_log as Array<{ number: number; status_code: number | null }>;
    // Newest first: the answer, the failure, and the refusals while it was down (one, or more on a slow machine
    // where a retry came before the receiver was back), every attempt numbered in turn.
    const codes = log.map((attempt) => attempt.status_code);
    expect(codes.slice(0, 2)).toEqual([200, 500]);
    expect(codes.slice(2)).toEqual(codes.slice(2).map(() => null));
    expect(codes.length).toBeGreaterThanOrEqual(3);
    expect(log.map((attempt) => attempt.number)).toEqual(codes.map((_, index) => codes.length - index));
    expect(JSON.parse(done.body.data.body)).toMatchObject({ type: 'webhook.test' });
    receiver.answerWith(() => ({ status: 204 }));
  });

  it('disables an endpoint whose receiver fails every attempt, tells the admins, and replays once fixed', async () => {
    const endpoint = await anEndpoint('/broken', ['property.created']);
    receiver.answerWith((webhook) =>
      webhook.path === '/broken' ? { status: 500, body: 'boom' } : { status: 204 },
    );
    const test = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/test`);
    const failed = await eventually(
      () => send(admin, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}`),
      (response) => response.body.data.status === 'failed',
      'the delivery failing for good',
    );
    expect(failed.body.data.attempt_log).toHaveLength(4);
    expect(failed.body.data.last_response_snippet).toBe('boom');
    const listed = await send(admin, 'get', BASE);
    const disabled = listed.body.data.subscription.endpoints.find(
      (e: { id: string }) => e.id === endpoint.id,
    );
    expect(disabled).toMatchObject({ enabled: false, counts: { failed: 1, pending: 0, succeeded: 0 } });
    expect(disabled.disabled_reason).toContain('HTTP 500');
    const mail = await it_.emailsTo('provider@demo.test', 1);
    expect(mail.find((email) => email.subject === 'A webhook endpoint was disabled')?.textBody).toContain(
      receiver.url('/broken'),
    );
    // Disabled: no test, and new events are not queued for it.
    const refused = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.base).toEqual([
      'This endpoint is disabled: enable it before sending a test event.',
    ]);

    receiver.answerWith(() => ({ status: 204 }));
    const enabled = await send(admin, 'patch', `${BASE}/endpoints/${endpoint.id}`, {
      endpoint: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    const replayed = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/replay_failed`);
    expect(replayed.status).toBe(202);
    expect(replayed.body.data).toEqual({ replayed: 1 });
    await eventually(
      () => deliveries(endpoint.id, '?status=succeeded'),
      (page) => page.total_count === 1,
      'the replayed delivery succeeding',
    );
    const sameId = receiver.at('/broken').map((webhook) => webhook.id);
    expect(new Set(sameId)).toEqual(new Set([failed.body.data.message_id]));
    expect(sameId).toHaveLength(5);
  });

  it('signs with the old and the new secret for a while after a rotation', async () => {
    const endpoint = await anEndpoint('/rotated', ['property.created']);
    const rotated = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    expect(rotated.body.data.previous_secret_expires_at).toEqual(expect.any(String));
    expect(rotated.body.data.secret_hint).toBe(`whsec_…${rotated.body.data.secret.slice(-4)}`);
    await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/test`);
    const [webhook] = await eventually(
      async () => receiver.at('/rotated'),
      (list) => list.length > 0,
      'a delivery at /rotated',
    );
    expect(webhook!.signature.split(' ')).toHaveLength(2);
    expect(receiver.verify(rotated.body.data.secret, webhook!)).toBeTruthy();
    expect(receiver.verify(endpoint.secret, webhook!)).toBeTruthy();
  });

  it('refuses to replay a delivery while an attempt is on its way; one that timed out is tried again', async () => {
    const endpoint = await anEndpoint('/slow', ['lead.received']);
    receiver.answerWith((webhook) => (webhook.path === '/slow' ? 'hang' : { status: 204 }));
    const test = await send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/test`);
    await eventually(
      async () => receiver.at('/slow'),
      (list) => list.length === 1,
      'the attempt reaching the receiver',
    );
    const replay = () =>
      send(admin, 'post', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}/replay`);
    const refused = await replay();
    expect(refused.status).toBe(409);
    expect(refused.body.errors.base).toEqual([
      'This delivery is being sent right now: wait for its answer, then replay it.',
    ]);
    // The receiver gives up on the request (the timeout is 2 s); the delivery waits for its next attempt.
    receiver.answerWith(() => ({ status: 204 }));
    await eventually(
      () => send(admin, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}`),
      (response) => response.body.data.attempt_log.length === 1 || response.body.data.status === 'succeeded',
      'the first attempt timing out',
    );
    const sent = await eventually(
      () => send(admin, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries/${test.body.data.id}`),
      (response) => response.body.data.status === 'succeeded',
      'the delivery succeeding',
    );
    expect(sent.body.data.attempt_log[1]).toMatchObject({ error: 'No answer within 2 s.' });
  });

  it('keeps each provider’s endpoints and deliveries to itself, and to its admins', async () => {
    const endpoint = await anEndpoint('/mine', ['property.created']);
    const providerB = await it_.aProvider('Other Agency');
    await it_.aUser('other-admin@webhooks.test', { providerId: providerB, role: 'admin' });
    await it_.aUser('member@webhooks.test', {
      providerId: (admin.body.current_provider as { id: string }).id,
      role: 'member',
    });
    const other = await it_.signedIn('other-admin@webhooks.test');
    const member = await it_.signedIn('member@webhooks.test');
    expect((await send(other, 'get', `${BASE}/endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect(
      (await send(other, 'patch', `${BASE}/endpoints/${endpoint.id}`, { endpoint: { enabled: false } }))
        .status,
    ).toBe(404);
    expect((await send(other, 'delete', `${BASE}/endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await send(other, 'get', BASE)).body.data.subscription).toBeNull();
    expect((await send(member, 'get', BASE)).status).toBe(403);

    // Provider B's own property events never reach provider A's endpoint.
    await anEndpoint('/theirs', ['property.created'], other);
    const before = receiver.at('/mine').length;
    const created = await send(other, 'post', '/provider/properties', {
      create_tour_params: {
        title: 'Their House',
        address: '2 Hook St, Sydney',
        matterport_key: 'Hook2abcdefg',
      },
    });
    expect(created.status).toBe(201);
    await eventually(
      async () => receiver.at('/theirs'),
      (list) => list.length === 1,
      'provider B’s delivery',
    );
    expect(receiver.at('/mine')).toHaveLength(before);
    expect(receiver.at('/theirs')[0]!.payload.data).toMatchObject({ title: 'Their House' });
  });

  it('limits a provider to ten endpoints', async () => {
    const listed = await send(admin, 'get', BASE);
    for (let n = listed.body.data.subscription.endpoints.length; n < 10; n++) {
      await anEndpoint(`/extra-${n}`, ['lead.received']);
    }
    const refused = await send(admin, 'post', `${BASE}/endpoints`, {
      endpoint: { url: receiver.url('/eleventh'), event_types: ['lead.received'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ base: ['A provider can have at most 10 endpoints.'] });
  });
});
