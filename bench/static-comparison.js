// What the player's JSON benchmarks share (player-base, tags-json): the platform behind the gateway with a web
// folder of its own, and an answer of the player measured with autocannon against a static file of the same bytes
// served by the same gateway (its /assets/, as the web app's files), in alternating rounds, the median reported.
const autocannon = require('autocannon');
const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { randomUUID } = require('node:crypto');
const { freshDatabase, serve, signIn, NATS_URL, WARM_UP_S } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 32;

function load(url, headers, duration = DURATION_S) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration, headers: { accept: 'application/json', ...headers } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const warm = (url, headers) => load(url, headers, WARM_UP_S).catch(() => undefined);

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

/**
 * Identity, properties and the gateway on a fresh database, the gateway serving `webDist` as the web app; `work`
 * gets them and a client of the database; everything is stopped and dropped after it.
 */
async function withPlayerPlatform(work) {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-player-'));
  mkdirSync(path.join(webDist, 'assets'));
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  const [identity, properties] = await Promise.all([
    serve('identity', { ...shared, NODE_ENV: 'development' }),
    // One address sends every request here: the per-address limit is lifted for the measurement.
    serve('properties', { ...shared, PUBLIC_RATE_LIMIT: '100000000' }),
  ]);
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
    return await work({ gatewayUrl: gateway.url, webDist, db });
  } finally {
    await db.end();
    await gateway.stop();
    await properties.stop();
    await identity.stop();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

/**
 * The answer at `answerPath` copied byte for byte to `/assets/<staticName>`, then both loaded in alternating
 * rounds: in full, and (`revalidate`) with `If-None-Match` each their own ETag (a 304 without a body).
 */
async function compareWithStatic({ gatewayUrl, webDist, answerPath, staticName, revalidate }) {
  const staticPath = `/assets/${staticName}`;
  const first = await fetch(`${gatewayUrl}${answerPath}`, { headers: { accept: 'application/json' } });
  if (first.status !== 200) throw new Error(`${answerPath} answered ${first.status}`);
  const bytes = Buffer.from(await first.arrayBuffer());
  writeFileSync(path.join(webDist, 'assets', staticName), bytes);
  const staticAnswer = await fetch(`${gatewayUrl}${staticPath}`);
  if (!Buffer.from(await staticAnswer.arrayBuffer()).equals(bytes)) {
    throw new Error('the static file is not the same bytes');
  }
  const answerUrl = `${gatewayUrl}${answerPath}`;
  const staticUrl = `${gatewayUrl}${staticPath}`;
  const etags = { answer: first.headers.get('etag'), file: staticAnswer.headers.get('etag') };
  await warm(staticUrl);
  await warm(answerUrl);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const file = await load(staticUrl);
    const answer = await load(answerUrl);
    const measured = {
      full: {
        staticFile: figures(file),
        answer: figures(answer),
        throughputRatio: +(answer.requests.average / file.requests.average).toFixed(3),
      },
      failedRequests: failures(file, 200) + failures(answer, 200),
    };
    if (revalidate) {
      const fileRevalidated = await load(staticUrl, { 'if-none-match': etags.file });
      const answerRevalidated = await load(answerUrl, { 'if-none-match': etags.answer });
      measured.notModified = {
        staticFile: figures(fileRevalidated),
        answer: figures(answerRevalidated),
        throughputRatio: +(answerRevalidated.requests.average / fileRevalidated.requests.average).toFixed(3),
      };
      measured.failedRequests += failures(fileRevalidated, 304) + failures(answerRevalidated, 304);
    }
    rounds.push(measured);
  }
  const medianOf = (kind) =>
    [...rounds].sort((a, b) => a[kind].throughputRatio - b[kind].throughputRatio)[
      Math.floor(rounds.length / 2)
    ][kind];
  return {
    request: `GET ${answerPath} against GET ${staticPath} (${bytes.length} bytes each)`,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    median: revalidate
      ? { full: medianOf('full'), notModified: medianOf('notModified') }
      : { full: medianOf('full') },
    rounds,
    failed: rounds.some((r) => r.failedRequests > 0),
  };
}

/**
 * A shared tour of the demo provider (signed in): its property (premium when asked), a plan that publishes, and its
 * player link (made at the first read). Its owner (cookie, CSRF token), property id and public id.
 */
async function aSharedTour({ gatewayUrl, db }, { premium = false } = {}) {
  const owner = await signIn(gatewayUrl, 'provider@demo.test');
  const propertyId = randomUUID();
  await db.query(
    `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published,
                                        premium, premium_since)
     VALUES ($1, $2, 'seaside-villa', 'Seaside Villa', '12 Harbour St, Sydney NSW 2000, Australia', 'SxQL3iGyoDo',
             true, $3, CASE WHEN $3 THEN now() END)`,
    [propertyId, owner.providerId, premium],
  );
  await db.query(
    `INSERT INTO properties.provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
     VALUES ($1, 'vt_creator_plan', 'active', 100, now())
     ON CONFLICT (provider_id) DO UPDATE SET product_code = 'vt_creator_plan', status = 'active'`,
    [owner.providerId],
  );
  const link = await (
    await fetch(`${gatewayUrl}/provider/properties/${propertyId}/player_link`, {
      headers: { cookie: owner.cookie },
    })
  ).json();
  return { owner, propertyId, publicId: `${link.data.client_slug}~${link.data.model_slug}` };
}

module.exports = { withPlayerPlatform, compareWithStatic, aSharedTour };
