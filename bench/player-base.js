// The visitor's player: base.json of a published tour through the gateway, against a static file of the same
// bytes served by the same gateway (its /assets/, as the web app's files), each for 10 s with autocannon. Target:
// base.json >= 50% of the static file's throughput. Revalidation (If-None-Match: a 304 without a body) is
// measured separately, against the static file's own 304. The load generator, the gateway, properties and
// identity share the machine's two cores: three alternating rounds, the median reported.
const autocannon = require('autocannon');
const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { freshDatabase, serve, signIn, NATS_URL, record } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 32;
const STATIC_PATH = '/assets/base.json';

function load(url, headers) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { accept: 'application/json', ...headers },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const warm = (url, headers) =>
  new Promise((resolve) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: 2, headers: { accept: 'application/json', ...headers } },
      resolve,
    ),
  );

const figures = (result) => ({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
});

/** Requests that did not answer as expected: anything but `status`. */
const failures = (result, status) =>
  result.errors +
  result.timeouts +
  Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== status)
    .reduce((sum, [, stats]) => sum + stats.count, 0);

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-player-'));
  mkdirSync(path.join(webDist, 'assets'));
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  const identity = await serve('identity', { ...shared, NODE_ENV: 'development' });
  // One address sends every request here: the per-address limit is lifted for the measurement.
  const properties = await serve('properties', { ...shared, PUBLIC_RATE_LIMIT: '100000000' });
  const gateway = await serve('gateway', {
    ...shared,
    IDENTITY_URL: identity.url,
    BILLING_URL: identity.url,
    PROPERTIES_URL: properties.url,
    ORDERS_URL: identity.url,
    CREDENTIAL_RATE_LIMIT: '1000',
    WEB_DIST: webDist,
  });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  try {
    // A shared tour of the demo provider: its property, a plan that publishes, its player link (made at the first read).
    const owner = await signIn(gateway.url, 'provider@demo.test');
    const propertyId = randomUUID();
    await db.query(
      `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published)
       VALUES ($1, $2, 'seaside-villa', 'Seaside Villa', '12 Harbour St, Sydney NSW 2000, Australia', 'SxQL3iGyoDo', true)`,
      [propertyId, owner.providerId],
    );
    await db.query(
      `INSERT INTO properties.provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())
       ON CONFLICT (provider_id) DO UPDATE SET product_code = 'vt_creator_plan', status = 'active'`,
      [owner.providerId],
    );
    const link = await (
      await fetch(`${gateway.url}/provider/properties/${propertyId}/player_link`, {
        headers: { cookie: owner.cookie },
      })
    ).json();
    const tourPath = `/digital_twin/${link.data.client_slug}~${link.data.model_slug}/layers/base.json`;
    const first = await fetch(`${gateway.url}${tourPath}`, { headers: { accept: 'application/json' } });
    if (first.status !== 200) throw new Error(`base.json answered ${first.status}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag');
    writeFileSync(path.join(webDist, 'assets', 'base.json'), bytes);
    const staticAnswer = await fetch(`${gateway.url}${STATIC_PATH}`);
    const staticBytes = Buffer.from(await staticAnswer.arrayBuffer());
    if (!staticBytes.equals(bytes)) throw new Error('the static file is not the same bytes');
    const staticEtag = staticAnswer.headers.get('etag');

    const tourUrl = `${gateway.url}${tourPath}`;
    const staticUrl = `${gateway.url}${STATIC_PATH}`;
    await warm(staticUrl);
    await warm(tourUrl);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const file = await load(staticUrl);
      const tour = await load(tourUrl);
      const fileRevalidated = await load(staticUrl, { 'if-none-match': staticEtag });
      const tourRevalidated = await load(tourUrl, { 'if-none-match': etag });
      rounds.push({
        full: {
          staticFile: figures(file),
          baseJson: figures(tour),
          throughputRatio: +(tour.requests.average / file.requests.average).toFixed(3),
        },
        notModified: {
          staticFile: figures(fileRevalidated),
          baseJson: figures(tourRevalidated),
          throughputRatio: +(tourRevalidated.requests.average / fileRevalidated.requests.average).toFixed(3),
        },
        failedRequests:
          failures(file, 200) +
          failures(tour, 200) +
          failures(fileRevalidated, 304) +
          failures(tourRevalidated, 304),
      });
    }
    const medianOf = (kind) =>
      [...rounds].sort((a, b) => a[kind].throughputRatio - b[kind].throughputRatio)[
        Math.floor(rounds.length / 2)
      ][kind];
    const result = {
      request: `GET ${tourPath} against GET ${STATIC_PATH} (${bytes.length} bytes each)`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      median: { full: medianOf('full'), notModified: medianOf('notModified') },
      rounds,
      target: 'median full.throughputRatio >= 0.50',
    };
    record('player-base', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failedRequests > 0)) process.exitCode = 1;
  } finally {
    await db.end();
    await gateway.stop();
    await properties.stop();
    await identity.stop();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
