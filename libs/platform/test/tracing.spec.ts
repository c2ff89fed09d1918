import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  internalHeaders,
  startOtlpReceiver,
  testEnv,
  type OtlpReceiver,
  type TestDatabase,
} from '@tourly/platform/testing';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PROVIDER = { userId: 'u-1', role: 'admin' as const, providerId: 'p-tracing' };
const CREATED = 'identity.provider.created.v1';

/** A service process (the widgets fixture, started as main.ts starts one) and the JSON lines it logged. */
async function startWidgets(database: TestDatabase, namespace: string, extra: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', './test/runner/register.cjs', 'libs/platform/test/support/widgets-main.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...testEnv({ databaseUrl: database.url, namespace, extra: { LOG_LEVEL: 'info', ...extra } }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines: Array<Record<string, unknown>> = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = (partial + chunk.toString('utf8')).split('\n');
    partial = text.pop() ?? '';
    for (const line of text)
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await eventually(
    async () => lines.find((line) => line.msg === 'widgets ready'),
    (line) => line !== undefined,
    'the widgets service to start',
    30_000,
  );
  return {
    http: request(ready!.url as string),
    lines,
    /** SIGTERM, as an orchestrator stops it: it drains, and exports what it still holds. */
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The fixture's consumer handled the widget's event (it writes the audit row in its transaction). */
async function audited(database: TestDatabase, name: string): Promise<void> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await eventually(
      async () =>
        (await client.query('SELECT 1 FROM identity.widget_audit WHERE widget_name = $1', [name])).rowCount,
      (count) => count === 1,
      'the event handled',
    );
  } finally {
    await client.end();
  }
}

/** A request that fails (a log line at error inside it) and one that publishes an event the service consumes. */
async function failAndPublish(http: ReturnType<typeof request>, name: string): Promise<void> {
  await http.get('/public/boom').expect(500);
  await http
    .post('/provider/widgets')
    .set(internalHeaders(PROVIDER))
    .send({ name, price_cents: 100 })
    .expect(201);
}

describe('tracing of a service process', () => {
  let receiver: OtlpReceiver;
  let database: TestDatabase;
  let namespace: ReturnType<typeof createTestNamespace>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createTestDatabase();
    namespace = createTestNamespace();
  });

  afterAll(async () => {
    await receiver.close();
    await database.drop();
    await namespace.drop();
  });

  it('exports nothing without OTEL_EXPORTER_OTLP_ENDPOINT, and its log lines carry no trace', async () => {
    const widgets = await startWidgets(database, namespace.namespace, {});
    try {
      await failAndPublish(widgets.http, 'untraced');
      await audited(database, 'untraced');
    } finally {
      await widgets.stop();
    }
    expect(receiver.exports).toBe(0);
    const failed = widgets.lines.find((line) => line.msg === 'unhandled error');
    expect(failed).toBeDefined();
    expect(widgets.lines.filter((line) => 'trace_id' in line || 'span_id' in line)).toEqual([]);
  });

  it('with it, exports the request, the publish and the handling as one trace, and logs the trace id', async () => {
    const widgets = await startWidgets(database, namespace.namespace, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    try {
      await failAndPublish(widgets.http, 'traced');
      await audited(database, 'traced');
    } finally {
      await widgets.stop();
    }
    const spans = receiver.spans.filter((span) => span.service === 'identity');
    const boom = spans.find((span) => span.name === 'GET /public/boom')!;
    expect(boom).toBeDefined();
    // The error's log line names the request's span.
    expect(widgets.lines.find((line) => line.msg === 'unhandled error')).toMatchObject({
      trace_id: boom.traceId,
      span_id: boom.spanId,
    });
    const created = spans.find((span) => span.name === 'POST /provider/widgets')!;
    const published = spans.find((span) => span.name === `publish ${CREATED}`)!;
    const handled = spans.find((span) => span.name === `process ${CREATED}`)!;
    expect(published).toMatchObject({ traceId: created.traceId, parentSpanId: created.spanId });
    expect(handled).toMatchObject({ traceId: created.traceId, parentSpanId: published.spanId });
    // Lines outside any span (start, stop) carry none.
    expect(widgets.lines.find((line) => line.msg === 'widgets ready')).not.toHaveProperty('trace_id');
  });
});
