import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { connect } from 'nats';
import type { PlatformConfig } from '../config/config';
import { InternalTokens, ANONYMOUS, type CallerIdentity } from '../auth/internal-token';
import { startService, type RunningService, type ServiceDefinition } from '../service';
import { openDatabase } from '../database/database';
import { PLATFORM_MIGRATIONS } from '../database/platform-tables.migration';
import { installImpersonationAudit } from '../audit/impersonation-audit.migration';
import { createLogger } from '../logging/logger';
import { jobStreamName, streamName } from '../events/transport';
import type { SettledDelivery } from '../events/event-consumer';
import { ApiError } from '../http/errors';

/** The secret every test service shares, so tests can mint the gateway's token. */
export const TEST_INTERNAL_SECRET = 'test-internal-token-secret-0123456789abcdef';
/** The key identity encrypts the providers' Matterport tokens with in tests (32 bytes in base64). */
export const TEST_MATTERPORT_TOKEN_KEY = Buffer.alloc(32, 'tourly-test-matterport-key').toString('base64');
export const TEST_SKETCHFAB_TOKEN_KEY = Buffer.alloc(32, 'tourly-test-sketchfab-key').toString('base64');
export const testTokens = new InternalTokens(TEST_INTERNAL_SECRET);

export function requiredEnv(name: 'DATABASE_URL' | 'NATS_URL'): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests through Jest (its global setup provides it)`);
  return value;
}

/** A name unique to this test file within this run (lowercase letters and digits). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.env.TOURLY_TEST_RUN ?? 'local'}_${randomBytes(4).toString('hex')}`;
}

/**
 * A TCP port on 127.0.0.1 for a server that must know its port before it starts (its URL in its own settings or in
 * another's, the same port again after a restart); every other server listens on port 0 and reports its port.
 * Taken below the kernel's ephemeral range: a port from that range (what `listen(0)` picks) can be handed to any
 * outgoing connection or port-0 listener on the machine between this check and the server's own listen, which
 * under load happened (EADDRINUSE); below it only another explicit pick can collide, and a random one rarely does.
 */
export async function freePort(): Promise<number> {
  const ephemeralFrom = Number(readEphemeralRange()?.[0] ?? 32768);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(10_000, ephemeralFrom);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between 10000 and ${ephemeralFrom} on 127.0.0.1 after 100 tries`);
}

function readEphemeralRange(): string[] | undefined {
  try {
    return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
  } catch {
    return undefined;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the shared server, for one test file: a copy of the migrated template when the run has one
 * (`TOURLY_TEST_TEMPLATE`, see `useMigratedTemplate`), so the services booting on it find their migrations applied;
 * `empty`: a database no service has migrated yet, as a release finds it the first time.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = requiredEnv('DATABASE_URL');
  const name = uniqueName('tourly_t');
  const template = options.empty ? undefined : process.env.TOURLY_TEST_TEMPLATE;
  await withAdmin(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = databaseUrl(serverUrl, name);
  return {
    url,
    drop: async () => {
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Makes every test database of this process a copy of one with the services' migrations applied: running the 56
 * migrations took each booting test 4 s; copying a migrated database takes a fraction of that. The template is
 * built once per set of migrations (its name is a hash of their code, so a changed migration builds a new one) and
 * kept on the server for the next run; test processes starting together take turns on an advisory lock, and the
 * one that builds it renames it into place only when complete.
 */
export async function useMigratedTemplate(services: readonly ServiceDefinition[]): Promise<void> {
  const serverUrl = requiredEnv('DATABASE_URL');
  const owners = services.filter((service) => service.migrations);
  const hash = createHash('sha256');
  for (const part of [PLATFORM_MIGRATIONS, installImpersonationAudit]) hash.update(String(part));
  for (const service of owners) {
    hash.update(service.name).update(JSON.stringify(service.unaudited ?? []));
    for (const migration of service.migrations!) hash.update(migration.name).update(String(migration));
  }
  const template = `tourly_template_${hash.digest('hex').slice(0, 16)}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['tourly-test-template']);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const logger = createLogger('test-template', 'silent');
      for (const service of owners) {
        const dataSource = await openDatabase(
          {
            url: databaseUrl(serverUrl, building),
            schema: service.name,
            migrations: [...PLATFORM_MIGRATIONS, ...service.migrations!],
            unaudited: service.unaudited,
            logger,
          },
          [],
        );
        await dataSource.destroy();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  });
  process.env.TOURLY_TEST_TEMPLATE = template;
}

async function withAdmin<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An events namespace of its own (stream and subjects), and a way to remove the stream afterwards. */
export function createTestNamespace(): { namespace: string; drop(): Promise<void> } {
  const namespace = uniqueName('t').toLowerCase();
  return {
    namespace,
    drop: async () => {
      const nc = await connect({ servers: requiredEnv('NATS_URL') });
      try {
        const jsm = await nc.jetstreamManager();
        for (const stream of [streamName(namespace), jobStreamName(namespace)]) {
          await jsm.streams.delete(stream).catch(() => undefined);
        }
      } finally {
        await nc.close();
      }
    },
  };
}

export interface TestEnvOptions {
  databaseUrl?: string;
  namespace: string;
  /** Default true: events over NATS JetStream, as in CI and production. */
  nats?: boolean;
  extra?: Record<string, string>;
}

export function testEnv(options: TestEnvOptions): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PORT: '0',
    INTERNAL_TOKEN_SECRET: TEST_INTERNAL_SECRET,
    MATTERPORT_TOKEN_KEY: TEST_MATTERPORT_TOKEN_KEY,
    SKETCHFAB_TOKEN_KEY: TEST_SKETCHFAB_TOKEN_KEY,
    EVENTS_NAMESPACE: options.namespace,
    // The tests' webhook receivers listen on 127.0.0.1, which only this explicit setting lets identity reach.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.nats === false ? {} : { NATS_URL: requiredEnv('NATS_URL') }),
    ...options.extra,
  };
}

export interface TestService<C extends PlatformConfig> extends RunningService<C> {
  database?: TestDatabase;
  namespace: string;
  /** Closes the service, then drops its database and stream. */
  stop(): Promise<void>;
}

/** Boots a service on a free port with a fresh database (if it owns a schema) and namespace. */
export async function startTestService<C extends PlatformConfig>(
  definition: ServiceDefinition<C>,
  options: { nats?: boolean; extra?: Record<string, string>; namespace?: string } = {},
): Promise<TestService<C>> {
  const database = definition.migrations ? await createTestDatabase() : undefined;
  const ownNamespace = options.namespace ? undefined : createTestNamespace();
  const namespace = options.namespace ?? ownNamespace!.namespace;
  const service = await startService(
    definition,
    testEnv({ databaseUrl: database?.url, namespace, nats: options.nats, extra: options.extra }),
  );
  return Object.assign(service, {
    database,
    namespace,
    stop: async () => {
      await service.close();
      await database?.drop();
      if (options.nats !== false) await ownNamespace?.drop();
    },
  });
}

/** The header a request through the gateway would carry for this caller. */
export function internalHeaders(identity: Partial<CallerIdentity> = {}): Record<string, string> {
  return { 'x-internal-token': testTokens.sign({ ...ANONYMOUS, ...identity }) };
}

export { widgetsFixture } from './widgets.fixture';

/**
 * Resolves with the next delivery of `subject` that the service settles with `outcome`: await this, started
 * before the action that publishes, instead of polling for the effect.
 */
export function nextDelivery(
  service: Pick<RunningService, 'deliveries'>,
  subject: string,
  outcome: SettledDelivery['outcome'] = 'handled',
): Promise<SettledDelivery> {
  return new Promise((resolve) => {
    const listener = (settled: SettledDelivery) => {
      if (settled.subject !== subject || settled.outcome !== outcome) return;
      service.deliveries.off('settled', listener);
      resolve(settled);
    };
    service.deliveries.on('settled', listener);
  });
}

/**
 * Waits until `read` answers something `done` accepts, reading again every 50 ms (a condition, never a fixed
 * sleep); the accepted answer. Fails after `timeoutMs` naming `what` and the last answer.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what = 'the awaited state',
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`no ${what} in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until `left` counts nothing left in what `read` answers, for as long as the count keeps falling: a budget
 * from the work itself rather than a clock, since a loaded machine is slower, not stuck. Fails naming `what` and the
 * last answer once the count has not fallen for `stalledAfterMs`; answers the last read.
 */
export async function untilNothingLeft<T>(
  read: () => Promise<T>,
  left: (value: T) => number,
  what: string,
  stalledAfterMs = 15_000,
): Promise<T> {
  let fewest = Infinity;
  let fellAt = Date.now();
  for (;;) {
    const value = await read();
    const count = left(value);
    if (count === 0) return value;
    if (count < fewest) [fewest, fellAt] = [count, Date.now()];
    else if (Date.now() - fellAt > stalledAfterMs)
      throw new Error(`${what}: nothing done for ${stalledAfterMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** How a request-reply ask was refused: the status and errors its ApiError carries (fails if it was answered). */
export async function rpcRefusal(
  asked: Promise<unknown>,
): Promise<{ status: number; errors: Record<string, string[]> }> {
  const error = await asked.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  return { status: error.getStatus(), errors: error.errors };
}

/** An operation of an OpenAPI document, as far as tests read it. */
export interface DocumentedOperation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Each operation of an OpenAPI document, named `METHOD /path`. */
export function operationsOf(document: {
  paths: Record<string, Record<string, DocumentedOperation>>;
}): Array<[string, DocumentedOperation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, DocumentedOperation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** The schema of an operation's answer under `status`, for one media type (JSON unless said). */
export function answerSchema(
  operation: DocumentedOperation | undefined,
  status: string,
  mediaType = 'application/json',
): unknown {
  return operation?.responses?.[status]?.content?.[mediaType]?.schema;
}

/**
 * The operations of an OpenAPI document (`METHOD /path`) whose success answer has no body schema (JSON through
 * `@Responds`, or bytes a route declares itself): what a route without a declared answer looks like. A service's
 * test and the route guard expect none.
 */
export function undeclaredAnswers(document: {
  paths: Record<string, Record<string, DocumentedOperation>>;
}): string[] {
  return operationsOf(document)
    .filter(([, operation]) => {
      const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      return !Object.values(success?.[1].content ?? {}).some((media) => media.schema);
    })
    .map(([name]) => name);
}
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';
