// Issue 35: the same read-heavy load (a published tour's base.json as visitors read it, and the provider's properties
// list with its session) through HAProxy, against the cluster of `npm run start:cluster` with one replica of every
// service and gateway answering, then with two. The second replicas are stopped and started again between rounds (the
// balancer's checks take them out and back), so both counts share everything else: the balancer, the three NATS
// nodes, the database. Three alternating rounds of 10 s each, the median reported as two replicas' throughput over
// one's. On this machine's two cores a second process of everything cannot add processor time: the ratio shows what
// the replicas cost (more processes, more connections, the balancer spreading work), not what N machines gain.
const autocannon = require('autocannon');
const { chmodSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { createLogger } = require('@tourly/platform');
const { freePort } = require('@tourly/platform/testing');
const { startEmulators } = require('@tourly/emulators');
const { ClusterPorts, startCluster } = require('../infra/launcher/dist/cluster');
const { startEmbeddedPostgres } = require('../infra/launcher/dist/embedded-postgres');
const { emulatorEnv } = require('../infra/launcher/dist/platform');
const { seedDemoOnCluster } = require('../infra/launcher/dist/demo');
const { WARM_UP_S, record, signIn } = require('./support');
const { aSharedTour } = require('./static-comparison');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** Per kind of request: visitors' tour reads and the provider's list, side by side. */
const CONNECTIONS = 8;
const PORTS = new ClusterPorts(21_500);
const LIST = '/provider/properties?page=1&page_size=20';

function load(url, headers, duration) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** Both kinds at once for the round's duration: requests a second of each and in all, p99, what failed. */
async function mixed(base, tourPath, cookie, duration = DURATION_S) {
  const [tour, list] = await Promise.all([
    load(`${base}${tourPath}`, {}, duration),
    load(`${base}${LIST}`, { cookie }, duration),
  ]);
  return {
    requestsPerSecond: Math.round(tour.requests.average + list.requests.average),
    tour: { requestsPerSecond: tour.requests.average, p99Ms: tour.latency.p99 },
    list: { requestsPerSecond: list.requests.average, p99Ms: list.latency.p99 },
    failed: tour.non2xx + tour.errors + list.non2xx + list.errors,
  };
}

async function until(ready, what) {
  const deadline = Date.now() + 120_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const readyAt = (port) =>
  fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (answer) => answer.ok,
    () => false,
  );

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  // PostgreSQL runs as its own user when the bench runs as root.
  chmodSync(dir, 0o755);
  const logger = createLogger('bench', 'warn');
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
  });
  const emulators = await startEmulators({ port: 0 });
  const env = {
    ...process.env,
    ...Object.assign({}, ...Object.values(emulatorEnv(emulators.url))),
    // The demo accounts are seeded outside production only.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: postgres.url,
    EMULATORS_URL: emulators.url,
    APP_URL: `http://127.0.0.1:${PORTS.base}`,
    INTERNAL_TOKEN_SECRET: process.env.BENCH_SECRET,
    // One address sends every request here: the per-address limits are lifted for the measurement.
    PUBLIC_RATE_LIMIT: '100000000',
    CREDENTIAL_RATE_LIMIT: '100000',
  };
  delete env.NATS_URL;
  const cluster = await startCluster(env, {
    dataDir: path.join(dir, 'cluster'),
    logger,
    ports: PORTS,
    replicas: 2,
  });
  try {
    await seedDemoOnCluster(cluster, env, logger);
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    const { publicId } = await aSharedTour({ gatewayUrl: cluster.url, db }).finally(() => db.end());
    const tourPath = `/digital_twin/${publicId}/layers/base.json`;
    const { cookie } = await signIn(cluster.url, 'provider@demo.test');
    const second = Object.values(cluster.replicas).map((replicas) => replicas[1]);
    const secondPorts = Object.keys(cluster.replicas).map((service) => PORTS.replica(service, 2));

    /** The second replicas stopped, and out of the balancer (its checks see them gone), or back and in. */
    async function replicas(count) {
      if (count === 1) {
        await Promise.all(second.map((child) => child.stop()));
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      } else {
        second.forEach((child) => child.start());
        await until(
          async () => (await Promise.all(secondPorts.map(readyAt))).every(Boolean),
          'the second replicas',
        );
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
    }

    // Each measured load follows a warm-up: replicas just started back compile and fill their caches, as warm ones have.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      await replicas(1);
      await mixed(cluster.url, tourPath, cookie, WARM_UP_S);
      const one = await mixed(cluster.url, tourPath, cookie);
      await replicas(2);
      await mixed(cluster.url, tourPath, cookie, WARM_UP_S);
      const two = await mixed(cluster.url, tourPath, cookie);
      rounds.push({ one, two, throughputRatio: +(two.requestsPerSecond / one.requestsPerSecond).toFixed(3) });
    }
    const median = [...rounds].sort((a, b) => a.throughputRatio - b.throughputRatio)[
      Math.floor(rounds.length / 2)
    ];
    const result = {
      load: `GET ${tourPath} (visitors) and GET ${LIST} (the provider's session), ${CONNECTIONS} connections each`,
      durationSeconds: DURATION_S,
      median,
      rounds,
      note: 'two replicas of everything over one, on one 2-core machine: the overhead of the replicas, not a gain',
    };
    record('cluster', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((round) => round.one.failed > 0 || round.two.failed > 0)) process.exitCode = 1;
  } finally {
    await cluster.close();
    await emulators.close();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
