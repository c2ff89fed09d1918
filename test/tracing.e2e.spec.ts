import { context, createContextKey, propagation, trace } from '@opentelemetry/api';
import { startTracing, type Tracing } from '@tourly/platform';
import {
  eventually,
  nextDelivery,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '@tourly/platform/testing';
import { startPlatformWithEmulators, type PlatformWithEmulators } from './support/platform';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;
const TOGGLED = 'identity.provider.auto_populate_models_changed.v1';

/**
 * One request followed through the whole platform in one process, as `npm start` runs it (each service under its own
 * name), with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a collector's OTLP/HTTP intake: the gateway, identity, its
 * outbox, NATS JetStream and properties' consumer in one trace.
 */
describe('tracing through the platform', () => {
  let receiver: OtlpReceiver;
  let tracing: Tracing | undefined;
  let platform: PlatformWithEmulators;
  let stopped = false;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    tracing = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '50' });
    platform = await startPlatformWithEmulators();
  });

  afterAll(async () => {
    if (!stopped) await stop();
    await receiver.close();
  });

  async function stop(): Promise<void> {
    stopped = true;
    await platform.stop();
    await tracing?.shutdown();
  }

  it('follows a request from the gateway through identity and its event to properties, in one trace', async () => {
    const admin = await platform.signIn('provider@demo.test');
    const settings = await admin.get('/provider/settings').expect(200);
    const handled = nextDelivery(platform.platform.services.properties, TOGGLED);
    await admin
      .send('post', '/provider/settings/toggle_auto_populate_models', {
        auto_populate_models: !settings.body.data.auto_populate_models,
      })
      .expect(200);
    await handled;

    const consumed = await eventually(
      async () => receiver.spans.find((span) => span.name === `process ${TOGGLED}`),
      (span) => span !== undefined,
      "properties' span for the event",
    );
    const inTrace = await eventually(
      async () => receiver.spans.filter((span) => span.traceId === consumed!.traceId),
      (spans) => spans.some((span) => span.name === `publish ${TOGGLED}`),
      'the publish span',
    );
    const byId = new Map(inTrace.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId);

    // properties handled the event in a span whose parent is identity's publish to NATS...
    expect(consumed).toMatchObject({ service: 'properties', kind: CONSUMER });
    expect(consumed!.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': TOGGLED,
      'messaging.operation.type': 'process',
    });
    const published = parentOf(consumed!)!;
    expect(published).toMatchObject({ service: 'identity', kind: PRODUCER, name: `publish ${TOGGLED}` });
    expect(published.attributes['messaging.message.id']).toBe(consumed!.attributes['messaging.message.id']);
    // ...whose parent is identity's span of the request that wrote the event to its outbox...
    const served = parentOf(published)!;
    expect(served).toMatchObject({
      service: 'identity',
      kind: SERVER,
      name: 'POST /provider/settings/toggle_auto_populate_models',
    });
    // ...which the gateway's forward called, in the gateway's span of the browser's request, the trace's root.
    const forwarded = parentOf(served)!;
    expect(forwarded).toMatchObject({ service: 'gateway', kind: CLIENT });
    const root = parentOf(forwarded)!;
    expect(root).toMatchObject({ service: 'gateway', kind: SERVER, parentSpanId: '' });
    expect(root.attributes['url.path']).toBe('/provider/settings/toggle_auto_populate_models');

    // Inside them, their queries: the request's transaction wrote the event to identity's outbox, and properties'
    // handling committed its own.
    const queriesUnder = (parent: ReceivedSpan) =>
      inTrace.filter(
        (span) => span.parentSpanId === parent.spanId && span.attributes['db.system.name'] === 'postgresql',
      );
    expect(queriesUnder(served)).toContainEqual(
      expect.objectContaining({
        service: 'identity',
        attributes: expect.objectContaining({
          'db.query.text': expect.stringContaining('INSERT INTO outbox'),
        }),
      }),
    );
    expect(queriesUnder(consumed!)).toContainEqual(
      expect.objectContaining({
        service: 'properties',
        attributes: expect.objectContaining({ 'db.query.text': 'COMMIT' }),
      }),
    );

    // The gateway's asks of identity over NATS (request-reply) carry the trace in their headers: the sign-in's rate
    // limit was answered by identity in a span under the gateway's ask, in the sign-in's trace.
    const answered = receiver.spans.find((span) => span.name === 'answer identity.rate_limits.hit');
    expect(answered).toMatchObject({ service: 'identity', kind: SERVER });
    const ask = receiver.spans.find((span) => span.spanId === answered!.parentSpanId);
    expect(ask).toMatchObject({ service: 'gateway', kind: CLIENT, traceId: answered!.traceId });
    expect(receiver.spans.find((span) => span.spanId === ask!.parentSpanId)).toMatchObject({
      service: 'gateway',
      kind: SERVER,
      parentSpanId: '',
      attributes: expect.objectContaining({ 'url.path': '/users/sign_in' }),
    });
  });

  it('leaves the process as it found it once shut down: nothing traced, nothing carried', async () => {
    await stop();
    const exports = receiver.exports;
    const span = trace.getTracer('after').startSpan('after');
    expect(span.isRecording()).toBe(false);
    span.end();
    const key = createContextKey('after');
    expect(
      context.with(context.active().setValue(key, 1), () => context.active().getValue(key)),
    ).toBeUndefined();
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    expect(carrier).toEqual({});
    expect(receiver.exports).toBe(exports);
  });
});
