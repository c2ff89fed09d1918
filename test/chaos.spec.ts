import { randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import type Stripe from 'stripe';
import { BACKEND_SERVICES, SERVICES, type ServiceName } from '@tourly/contracts';
import { startEmulators, type RunningEmulators } from '@tourly/emulators';
import { createLogger, streamName } from '@tourly/platform';
import { eventually, testEnv } from '@tourly/platform/testing';
import { ClusterPorts, startCluster, type RunningCluster } from '../infra/launcher/src/cluster';
import { startEmbeddedPostgres, type RunningPostgres } from '../infra/launcher/src/embedded-postgres';
import { startLocalS3, type RunningS3 } from '../infra/launcher/src/local-s3';
import { emulatorEnv } from '../infra/launcher/src/platform';
import {
  addUp,
  caughtUp,
  doubled,
  outboxRows,
  planChangeBurst,
  stripeAt,
  subscribedProviders,
} from './support/end-state';
import { SteadyLoad, type LoadFigures, type Step } from './support/load';
import type { Person } from './support/platform';
import { builtServices, machineLock, pause, seededRandom } from './support/processes';
import { aSharedTour } from './support/provider';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * Issue 35's chaos suite: the cluster of `npm run start:cluster` (three NATS JetStream nodes, two processes of every
 * service and of the gateway, HAProxy in front) on a PostgreSQL, S3 and Stripe of the suite's own, under a steady
 * mixed load (sign-ins, property lists and edits, public tour reads, the webhooks the edits cause, plan changes made
 * in Stripe), while its parts fail one at a time and then together: a NATS node, a replica of each service and a
 * gateway, PostgreSQL restarted, Stripe down, then several at once. After each: no request without an answer, and
 * the fault suite's end state (every service agreeing with Stripe, nothing lost, nothing doubled); the share of
 * server errors and the p99 during each fault, and the time to catch up, are printed.
 *
 * `npm test` runs the short version (faults of seconds); `npm run chaos` (CHAOS=full) the long one: PostgreSQL
 * refusing for a minute, Stripe down for two. CHAOS_SEED=<seed> replays the same plan changes.
 */
const FULL = process.env.CHAOS === 'full';
const SEED = Number(process.env.CHAOS_SEED ?? randomInt(2 ** 31));
const STEADY_MS = FULL ? 60_000 : 6_000;
const NATS_DOWN_MS = FULL ? 30_000 : 6_000;
const POSTGRES_DOWN_MS = FULL ? 60_000 : 5_000;
const STRIPE_DOWN_MS = FULL ? 120_000 : 8_000;
const PROVIDERS = 3;
/** Two virtual users per provider, a request every 100 ms or so each: about 40 requests a second in all. */
const USERS_PER_PROVIDER = 2;
const USER_PAUSE_MS = 100;
/** Ports of the suite's own, below the kernel's ephemeral range; a machine lock keeps a second run off them. */
const PORTS = new ClusterPorts(21_000);
const POSTGRES_PORT = 21_020;
const EMULATORS_PORT = 21_010;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const PROPERTY_EVENTS = ['property.created', 'property.updated'];
const PHASE_TIMEOUT_MS = FULL ? 900_000 : 300_000;

interface Phase {
  name: string;
  figures: LoadFigures;
  /** From the fault's end until the end state held again. */
  recoveryMs: number;
}

describe('the cluster under a steady load while its parts fail', () => {
  let release: () => void;
  let dir: string;
  let postgres: RunningPostgres;
  let storage: RunningS3;
  let emulators: RunningEmulators;
  let stripe: Stripe;
  let cluster: RunningCluster;
  let receiver: WebhookReceiver;
  let load: SteadyLoad;
  let providers: Array<Person & { email: string; password: string }>;
  let tours: Array<{ propertyId: string; basePath: string }>;
  let subscriptionIds: string[];
  const made = new Map<string, number>();
  const phases: Phase[] = [];
  const output: string[] = [];
  const random = seededRandom(SEED);

  /** A connection to the cluster's database for one read: PostgreSQL itself is restarted on the way. */
  async function withDb<T>(read: (db: Client) => Promise<T>): Promise<T> {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      return await read(db);
    } finally {
      await db.end();
    }
  }

  const startStripe = () =>
    startEmulators({
      port: EMULATORS_PORT,
      stateDir: path.join(dir, 'emulators'),
      stripe: {
        webhookEndpoints: [
          { url: `http://127.0.0.1:${PORTS.base}/api/webhooks/stripe`, secret: WEBHOOK_SECRET },
        ],
        // Stripe retries a webhook for days; here for longer than any fault lasts.
        retryDelaysMs: [
          250, 500, 1_000, 2_000, 5_000, 10_000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000,
        ],
      },
    });

  /**
   * Runs `fault` under the load (with plan changes in Stripe meanwhile unless Stripe is what fails), then waits for
   * the end state and records the phase. Throws, naming the processes' last output, when anything is wrong.
   */
  async function underFault(
    name: string,
    fault: () => Promise<void>,
    options: { stripeUp?: boolean; killed?: number } = {},
  ) {
    const from = Date.now();
    const faultDone = fault();
    faultDone.catch(() => undefined);
    if (options.stripeUp !== false)
      addUp(made, await planChangeBurst(stripe, subscriptionIds, random, faultDone));
    await faultDone;
    const to = Date.now();
    await withDb((db) => caughtUp(db, stripe));
    const figures = load.between(from, to);
    phases.push({ name, figures, recoveryMs: Date.now() - to });
    expect(await withDb((db) => doubled(db, made))).toEqual([]);
    // Every request answered: none left in silence; a connection cut only under a process killed while answering it
    // (at most the requests in flight then: one per virtual user and kill).
    expect({ name, unanswered: figures.unanswered }).toEqual({ name, unanswered: 0 });
    expect(figures.cut).toBeLessThanOrEqual((options.killed ?? 0) * USERS_PER_PROVIDER * PROVIDERS);
  }

  beforeAll(async () => {
    console.log(`chaos suite (${FULL ? 'full' : 'short'}): CHAOS_SEED=${SEED}`);
    release = await machineLock('chaos-cluster', 600_000);
    dir = await mkdtemp(path.join(tmpdir(), 'tourly-chaos-'));
    // PostgreSQL runs as its own user when the suite runs as root: it must reach its directory inside this one.
    await chmod(dir, 0o755);
    const url = `http://127.0.0.1:${PORTS.base}`;
    [, postgres, storage, emulators, receiver] = await Promise.all([
      builtServices(),
      startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: POSTGRES_PORT }),
      startLocalS3({
        dataDir: path.join(dir, 's3'),
        port: 0,
        buckets: ['tourly-chaos'],
        allowedOrigins: [url],
      }),
      startStripe(),
      startWebhookReceiver(),
    ]);
    stripe = stripeAt(emulators.url);
    const vendors = Object.assign({}, ...Object.values(emulatorEnv(emulators.url))) as Record<string, string>;
    const env = testEnv({
      databaseUrl: postgres.url,
      namespace: 'chaos',
      nats: false,
      extra: {
        ...vendors,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        APP_URL: url,
        EMULATORS_URL: emulators.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        S3_ENDPOINT: storage.endpoint,
        S3_BUCKET: 'tourly-chaos',
        S3_REGION: storage.region,
        S3_ACCESS_KEY_ID: storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
        // The load signs in and reads tours from one address: the limits per address are not what is measured.
        CREDENTIAL_RATE_LIMIT: '100000',
        PUBLIC_RATE_LIMIT: '100000',
        // A delivery left unacked by a killed consumer comes again after 5 s, not JetStream's usual 30 s.
        EVENT_ACK_WAIT_MS: '5000',
        // Billing's safety nets (the retry of stored Stripe events, the reconciliation) pushed past the suite's
        // life: the events themselves must arrive.
        STRIPE_EVENT_RETRY_AFTER_SECONDS: '86400',
        STRIPE_RECONCILIATION_SECONDS: '86400',
      },
    });
    cluster = await startCluster(env, {
      dataDir: path.join(dir, 'cluster'),
      logger: createLogger('chaos', 'warn'),
      ports: PORTS,
      output: (line) => {
        output.push(line);
        if (output.length > 2_000) output.splice(0, 500);
      },
    });
    providers = await subscribedProviders(cluster.url, emulators.url, PROVIDERS, 'Chaos');
    subscriptionIds = await withDb(async (db) =>
      (
        await db.query('SELECT stripe_subscription_id AS id FROM billing.subscriptions ORDER BY provider_id')
      ).rows.map((row: { id: string }) => row.id),
    );
    tours = await Promise.all(
      providers.map((provider, index) => aSharedTour(provider, `Chaos House ${index + 1}`)),
    );
    for (const provider of providers) {
      const endpoint = await provider.send('post', '/provider/developers/webhooks_subscription/endpoints', {
        endpoint: {
          url: receiver.url(`/${provider.providerId}`),
          event_types: PROPERTY_EVENTS,
          description: 'chaos',
        },
      });
      expect(endpoint.status).toBe(201);
    }
    load = new SteadyLoad(
      providers.flatMap((provider, index) =>
        Array.from({ length: USERS_PER_PROVIDER }, (_, user) =>
          stepsOf(cluster.url, provider, tours[index]!, user),
        ),
      ),
      USER_PAUSE_MS,
    );
    load.start();
  }, 600_000);

  afterAll(async () => {
    await load?.stop();
    console.log(`chaos suite (${FULL ? 'full' : 'short'}, CHAOS_SEED=${SEED}):\n${report(phases)}`);
    await cluster?.close();
    await Promise.all([emulators?.close(), storage?.close(), receiver?.stop()]);
    await postgres?.stop();
    release?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  /** The test's failure carries the cluster's last output. */
  async function reported(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      console.error(
        `chaos suite failed (CHAOS_SEED=${SEED}); the cluster's last output:\n${output.slice(-300).join('\n')}`,
      );
      throw error;
    }
  }

  it(
    'serves the steady load without a server error',
    () =>
      reported(async () => {
        await underFault('steady', () => pause(STEADY_MS));
        const steady = phases.at(-1)!.figures;
        expect(steady.requests).toBeGreaterThan(0);
        expect({ errorShare: steady.errorShare, failures: steady.failures }).toEqual({
          errorShare: 0,
          failures: {},
        });
      }),
    PHASE_TIMEOUT_MS,
  );

  it(
    'keeps its events flowing with a NATS node down: the stream keeps its quorum',
    () =>
      reported(async () => {
        const node = cluster.natsNodes[0]!;
        await underFault('a NATS node down', async () => {
          await node.stop();
          // An edit made while the node is down reaches its webhook: the two nodes left hold the stream.
          const title = `Renamed while a node is down ${randomBytes(3).toString('hex')}`;
          const renamed = await providers[0]!.send('patch', `/provider/properties/${tours[0]!.propertyId}`, {
            property: { title },
          });
          expect(renamed.status).toBe(200);
          await eventually(
            async () => receiver.received.filter((webhook) => webhook.payload.data.title === title).length,
            (count) => count > 0,
            'the webhook of an edit made while a NATS node is down',
          );
          await pause(NATS_DOWN_MS);
          node.start();
          await natsHealthy(PORTS.natsMonitor(1));
        });
      }),
    PHASE_TIMEOUT_MS,
  );

  it(
    'answers every request while a replica of each service, and a gateway, is killed -9 and comes back',
    () =>
      reported(async () => {
        await underFault(
          'a replica of each service killed',
          async () => {
            for (const service of SERVICES) {
              const replica = cluster.replicas[service][0]!;
              const starts = replica.starts;
              await replica.kill9();
              // The launcher starts it again, as an orchestrator would; the other replica serves meanwhile.
              await eventually(
                async () => replica.starts > starts && (await readyAt(PORTS.replica(service, 1))),
                (back) => back,
                `${service}-1 back`,
                60_000,
              );
            }
          },
          { killed: SERVICES.length },
        );
      }),
    PHASE_TIMEOUT_MS,
  );

  it(
    'comes back by itself once PostgreSQL restarts',
    () =>
      reported(async () => {
        await underFault('PostgreSQL restarted', async () => {
          await postgres.stop();
          await pause(POSTGRES_DOWN_MS);
          postgres = await startEmbeddedPostgres({
            dataDir: path.join(dir, 'postgres'),
            port: POSTGRES_PORT,
          });
          await everyReplicaReady(BACKEND_SERVICES);
        });
        // While it was away the services said so, 503 with a time to come back: never a 500 to report.
        const answered = Object.keys(phases.at(-1)!.figures.failures);
        expect(answered.filter((failure) => / 500$/.test(failure))).toEqual([]);
      }),
    PHASE_TIMEOUT_MS,
  );

  it(
    'catches up with Stripe once Stripe is back',
    () =>
      reported(async () => {
        // Changes made just before Stripe goes: their webhooks are the ones waiting while it is down.
        addUp(made, await planChangeBurst(stripe, subscriptionIds, random, pause(500)));
        await underFault(
          'Stripe down',
          async () => {
            await emulators.close();
            await pause(STRIPE_DOWN_MS);
            emulators = await startStripe();
          },
          { stripeUp: false },
        );
      }),
    PHASE_TIMEOUT_MS,
  );

  it(
    'loses and doubles nothing when a NATS node, a billing and a properties replica and a gateway fail at once',
    () =>
      reported(async () => {
        const node = cluster.natsNodes[1]!;
        await underFault(
          'several at once',
          async () => {
            await Promise.all([
              node.stop(),
              cluster.replicas.billing[1]!.kill9(),
              cluster.replicas.properties[0]!.kill9(),
              cluster.replicas.gateway[1]!.kill9(),
            ]);
            await pause(NATS_DOWN_MS);
            node.start();
            await natsHealthy(PORTS.natsMonitor(2));
            await everyReplicaReady(SERVICES);
          },
          { killed: 3 },
        );
        // Each event once on the wire: a relay's republish after a kill is a duplicate JetStream drops. Counted with
        // the load stopped and everything published, or an edit made between the two reads counts as lost.
        await load.stop();
        await withDb((db) => caughtUp(db, stripe));
        const nc = await connect({ servers: cluster.natsUrl.split(',') });
        try {
          const stream = await (await nc.jetstreamManager()).streams.info(streamName('chaos'));
          expect(stream.config.num_replicas).toBe(3);
          expect(stream.state.messages).toBe(await withDb(outboxRows));
        } finally {
          await nc.close();
        }
        // Every edit's webhook reached its provider's system: the last title of each tour arrived.
        for (const [index, tour] of tours.entries()) {
          const current = (await providers[index]!.get(`/provider/properties/${tour.propertyId}`)).body.data
            .title;
          await eventually(
            async () => receiver.received.some((webhook) => webhook.payload.data.title === current),
            (arrived) => arrived,
            `the webhook of ${current}`,
          );
        }
      }),
    PHASE_TIMEOUT_MS,
  );
});

/**
 * What one virtual user does, round and round: its provider's property list, an edit of its tour's title (which
 * makes an event and a webhook), the tour as a visitor reads it, and a sign-in.
 */
function stepsOf(
  base: string,
  provider: Person & { email: string; password: string },
  tour: { propertyId: string; basePath: string },
  user: number,
): Step[] {
  const session = { cookie: provider.cookie, 'x-csrf-token': provider.csrfToken };
  let edits = 0;
  return [
    {
      kind: 'property list',
      send: async (signal) =>
        (await fetch(`${base}/provider/properties?page_size=10`, { headers: session, signal })).status,
    },
    {
      kind: 'property edit',
      send: async (signal) =>
        (
          await fetch(`${base}/provider/properties/${tour.propertyId}`, {
            method: 'PATCH',
            headers: { ...session, 'content-type': 'application/json' },
            body: JSON.stringify({ property: { title: `Chaos House ${user}.${++edits}` } }),
            signal,
          })
        ).status,
    },
    { kind: 'tour', send: async (signal) => (await fetch(`${base}${tour.basePath}`, { signal })).status },
    {
      kind: 'sign-in',
      send: async (signal) =>
        (
          await fetch(`${base}/users/sign_in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user: { email: provider.email, password: provider.password } }),
            signal,
          })
        ).status,
    },
  ];
}

async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

const readyAt = (port: number) => answersOk(`http://127.0.0.1:${port}/readyz`);

/** Both replicas of each service ready again (the launcher starts a killed one again by itself). */
async function everyReplicaReady(services: readonly ServiceName[]): Promise<void> {
  await Promise.all(
    services.flatMap((service) =>
      [1, 2].map((replica) =>
        eventually(
          () => readyAt(PORTS.replica(service, replica)),
          (ready) => ready,
          `${service}-${replica} ready`,
          60_000,
        ),
      ),
    ),
  );
}

/** The node back in the cluster, its JetStream current. */
async function natsHealthy(monitorPort: number): Promise<void> {
  await eventually(
    () => answersOk(`http://127.0.0.1:${monitorPort}/healthz`),
    (ok) => ok,
    'the NATS node healthy',
    60_000,
  );
}

function report(phases: Phase[]): string {
  const rows = phases.map(({ name, figures, recoveryMs }) =>
    [
      name.padEnd(34),
      String(figures.requests).padStart(6),
      String(figures.perSecond).padStart(6),
      `${(figures.errorShare * 100).toFixed(2)}%`.padStart(8),
      String(figures.unanswered).padStart(4),
      String(figures.cut).padStart(3),
      String(figures.p99Ms).padStart(7),
      String(Math.round(recoveryMs / 100) / 10).padStart(7),
      Object.keys(figures.failures).length ? JSON.stringify(figures.failures) : '',
    ].join(' '),
  );
  return [
    `${'phase'.padEnd(34)} ${'reqs'.padStart(6)} ${'req/s'.padStart(6)} ${'5xx+lost'.padStart(8)} none cut ${'p99 ms'.padStart(7)} ${'back s'.padStart(7)}`,
    ...rows,
  ].join('\n');
}
