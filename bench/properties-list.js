// The properties list as the page asks for it (search + filter + page) through the gateway with a session
// cookie, for a provider with 10,000 properties, against the same request for a provider with 10 (the
// baseline: what the list costs apart from its size). Two loads: a steady 100 requests a second (far more
// than a team's pages ask; the latency a person sees) and saturation (8 connections as fast as they go: the
// throughput, where p99 is mostly queueing on 2 cores). Three alternating rounds of 10 s each, median reported.
// Target: p99 < 50 ms on this machine.
const autocannon = require('autocannon');
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { freshDatabase, serve, paced, signIn, NATS_URL, record, secondProvider } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 8;
const STEADY_RATE = 100;
const LARGE = 10_000;
const PATH = '/provider/properties?search=harbour&filters[status]=published&page=2&page_size=20';
const WORDS = ['Harbour', 'Ocean', 'Park', 'Hill', 'River', 'Garden', 'Bay', 'Forest', 'Lake', 'Bridge'];

/** Saturation: each connection sends as soon as its answer came. */
function load(url, cookie) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url: `${url}${PATH}`, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const steadily = (url, cookie) =>
  paced(`${url}${PATH}`, { headers: { cookie }, rate: STEADY_RATE, durationS: DURATION_S });

const figures = (result) => ({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
});
const failures = (...results) => results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);

/** Properties straight into the table, as years of use would leave them: a tenth published, searchable titles. */
async function seedProperties(db, providerId, count) {
  const rows = [];
  for (let n = 0; n < count; n += 1) {
    const word = WORDS[n % WORDS.length];
    rows.push([
      randomUUID(),
      providerId,
      `tour-${n}`,
      `${n} ${word} View`,
      `${n} ${word} St, Sydney NSW`,
      n % 10 === 0,
    ]);
  }
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    const values = chunk.map(
      (_, i) =>
        `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, 'Model12345', $${i * 6 + 6}, now() - make_interval(mins => ${count - start - i}))`,
    );
    await db.query(
      `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published, created_at)
       VALUES ${values.join(', ')}`,
      chunk.flat(),
    );
  }
  await db.query('ANALYZE properties.properties');
}

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  // The demo accounts are seeded outside production only.
  const [identity, properties] = await Promise.all([
    serve('identity', { ...shared, NODE_ENV: 'development' }),
    serve('properties', shared),
  ]);
  const gateway = await serve('gateway', {
    ...shared,
    IDENTITY_URL: identity.url,
    BILLING_URL: identity.url,
    PROPERTIES_URL: properties.url,
    ORDERS_URL: identity.url,
    CREDENTIAL_RATE_LIMIT: '1000',
  });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  try {
    const large = await signIn(gateway.url, 'provider@demo.test');
    await secondProvider(db);
    const small = await signIn(gateway.url, 'small@bench.test');
    await seedProperties(db, large.providerId, LARGE);
    await seedProperties(db, small.providerId, 10);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const steadyBaseline = await steadily(gateway.url, small.cookie);
      const steady = await steadily(gateway.url, large.cookie);
      const baseline = await load(gateway.url, small.cookie);
      const saturated = await load(gateway.url, large.cookie);
      rounds.push({
        steady: {
          tenProperties: steadyBaseline,
          tenThousandProperties: steady,
          p99Ratio: +(steady.p99Ms / steadyBaseline.p99Ms).toFixed(2),
        },
        saturated: {
          tenProperties: figures(baseline),
          tenThousandProperties: figures(saturated),
          p99Ratio: +(saturated.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(2),
        },
        failedRequests: failures(baseline, saturated) + steadyBaseline.failures + steady.failures,
      });
    }
    const medianOf = (load) =>
      [...rounds].sort((a, b) => a[load].tenThousandProperties.p99Ms - b[load].tenThousandProperties.p99Ms)[
        Math.floor(rounds.length / 2)
      ][load];
    const median = { steady: medianOf('steady'), saturated: medianOf('saturated') };
    const result = {
      request: `GET ${PATH}`,
      connections: CONNECTIONS,
      steadyRequestsPerSecond: STEADY_RATE,
      durationSeconds: DURATION_S,
      median,
      rounds,
    };
    record('properties-list', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failedRequests > 0)) process.exitCode = 1;
  } finally {
    await db.end();
    await gateway.stop();
    await properties.stop();
    await identity.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
