// Outgoing webhooks: deliveries a second to a local receiver with 100 endpoints (10 providers with 10 endpoints
// each, the per-provider limit), and the healthy endpoints' delivery latency, first with all 100 answering (the
// baseline), then with one of them hanging (it never answers; the sender gives up after WEBHOOK_TIMEOUT_MS, the
// default 10 s, and retries on its schedule). Each event is a property renamed through the gateway (properties ->
// outbox -> JetStream -> identity's listener -> a delivery per endpoint -> the dispatcher), one per provider at
// each tick, so a tick fans out to all 100 endpoints. Latency: the receiver's arrival time minus the event's
// `timestamp` in the body (when properties committed it). Two loads per run: a steady pace (BENCH_RATE ticks a
// second, 100 deliveries each: the latency a receiver sees) and a burst (BENCH_BURST ticks at once: the
// throughput, deliveries a second from the first event to the last arrival). Three alternating pairs of runs
// (BENCH_ROUNDS), a different endpoint hanging in each (replaced by one that answers afterwards), median pair reported.
// BENCH_HANGING_BACKLOG=n starts each hanging run with n deliveries already due to the hanging endpoint (one that
// has hung for hours), which every claim of the dispatcher reads.
// Target: the healthy endpoints' p99 at the steady pace with the hanging one at most 2x the baseline's.
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { Webhook } = require('standardwebhooks');
const { connect } = require('nats');
const { streamName } = require('@tourly/platform');
const { freshDatabase, serve, percentile, record, signIn, NATS_URL } = require('./support');

const PROVIDERS = 10;
const ENDPOINTS_PER_PROVIDER = 10;
/** Ticks the steady load sends, each fanning out to every endpoint. */
const TICKS = Number(process.env.BENCH_EVENTS || 20);
/** Ticks a second of the steady load (x 100 deliveries). */
const RATE = Number(process.env.BENCH_RATE || 1);
/** Ticks the burst sends at once. */
const BURST = Number(process.env.BENCH_BURST || 10);
/** Alternating pairs of runs (baseline, then with a hanging endpoint); the median pair is reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WARM_UP_TICKS = 5;
/**
 * Deliveries already waiting for the hanging endpoint when its run starts (default none): an endpoint that has hung
 * for hours, sent 4 attempts per timeout while its events kept coming. 20000 is about 9 h at one event a second.
 */
const HANGING_BACKLOG = Number(process.env.BENCH_HANGING_BACKLOG || 0);
const TARGET_RATIO = 2;
const BASE = '/provider/developers/webhooks_subscription';
const DRAIN_TIMEOUT_MS = 180_000;

/**
 * The providers' systems: one HTTP server on 127.0.0.1, a path per endpoint. It notes each arrival (the time first)
 * and answers 204 at once, except on a hanging path, where it never answers. The first arrival of each message at
 * each path is kept by run: a title is `<run> <tick>`.
 */
function startReceiver() {
  const arrivals = [];
  const seen = new Set();
  const byRun = new Map();
  const hangingPaths = new Set();
  const held = new Set();
  const server = http.createServer((request, response) => {
    const arrivedAt = Date.now();
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (hangingPaths.has(request.url)) {
        held.add(response);
        response.on('close', () => held.delete(response));
      } else {
        response.writeHead(204).end();
      }
      const arrival = {
        arrivedAt,
        path: request.url,
        id: request.headers['webhook-id'],
        timestamp: request.headers['webhook-timestamp'],
        signature: request.headers['webhook-signature'],
        body: Buffer.concat(chunks).toString('utf8'),
      };
      arrivals.push(arrival);
      const key = `${arrival.path} ${arrival.id}`;
      if (seen.has(key)) return;
      seen.add(key);
      arrival.payload = JSON.parse(arrival.body);
      const title = String(arrival.payload.data.title);
      const run = title.slice(0, title.lastIndexOf(' '));
      if (!byRun.has(run)) byRun.set(run, []);
      byRun.get(run).push(arrival);
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: (path) => `http://127.0.0.1:${server.address().port}${path}`,
        arrivals,
        /** The first arrival of each message of a run at each path. */
        firstArrivals: (run) => byRun.get(run) ?? [],
        hangingPaths,
        held,
        /** The path answers again; what it held ends (the sender sees the connection reset). */
        release(path) {
          hangingPaths.delete(path);
          for (const response of held) response.destroy();
        },
        stop: () => {
          for (const response of held) response.destroy();
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

/** The demo provider and nine more with an admin each (the demo password), in identity's tables. */
async function seedProviders(db) {
  const emails = ['provider@demo.test'];
  for (let n = 1; n < PROVIDERS; n += 1) {
    const email = `hooks-${n}@bench.test`;
    await db.query(
      `WITH provider AS (INSERT INTO identity.providers (id, name) VALUES (gen_random_uuid(), $2) RETURNING id),
            usr AS (
              INSERT INTO identity.users (id, email, first_name, last_name, password_hash, primary_provider_id,
                                          email_confirmed_at)
              SELECT gen_random_uuid(), $1, 'Hooks', 'Admin', u.password_hash, p.id, now()
                FROM identity.users u, provider p WHERE u.email = 'provider@demo.test'
              RETURNING id, primary_provider_id)
       INSERT INTO identity.memberships (user_id, provider_id, role)
       SELECT id, primary_provider_id, 'admin' FROM usr`,
      [email, `Hooks Media ${n}`],
    );
    emails.push(email);
  }
  return emails;
}

/** A session through the gateway: the cookie and the CSRF token unsafe requests echo, and the provider. */
async function session(gatewayUrl, email) {
  const { cookie, csrfToken, providerId } = await signIn(gatewayUrl, email);
  return { headers: { cookie, 'x-csrf-token': csrfToken }, providerId };
}

async function call(gatewayUrl, admin, method, path, body, expected) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: body === undefined ? admin.headers : { ...admin.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (![expected].flat().includes(response.status)) {
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
  return response.status === 204 ? null : (await response.json()).data;
}

/** One property per provider, straight into properties' table: the one its events are about. */
async function seedProperty(db, providerId) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published)
     VALUES ($1, $2, 'hooks-house', 'Hooks House', '1 Hook St, Sydney NSW', 'Model12345', false)`,
    [id, providerId],
  );
  return id;
}

/**
 * Sends `ticks` ticks at `rate` a second (Infinity: all at once), each on its schedule whatever the ones before are
 * doing: at each, every provider renames its property to `<tag> <tick>`. Resolves once every rename has answered.
 */
async function sendTicks(gatewayUrl, providers, tag, ticks, rate) {
  const start = performance.now();
  const renames = [];
  for (let tick = 0; tick < ticks; tick += 1) {
    const wait = start + (tick * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (const provider of providers) {
      renames.push(
        call(
          gatewayUrl,
          provider.admin,
          'PATCH',
          `/provider/properties/${provider.propertyId}`,
          { property: { title: `${tag} ${tick}` } },
          200,
        ),
      );
    }
  }
  await Promise.all(renames);
}

/** Waits until every healthy endpoint has every message of the run. */
async function drained(receiver, tag, healthyExpected) {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const healthy = receiver.firstArrivals(tag).filter((a) => !receiver.hangingPaths.has(a.path));
    if (healthy.length >= healthyExpected) return healthy;
    if (Date.now() > deadline) {
      throw new Error(`run ${tag}: ${healthy.length} of ${healthyExpected} healthy deliveries arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One load of a run: the ticks, then the healthy endpoints' figures once every healthy delivery arrived. */
async function load(gatewayUrl, receiver, providers, tag, ticks, rate) {
  const endpoints = PROVIDERS * ENDPOINTS_PER_PROVIDER;
  const healthyEndpoints = endpoints - receiver.hangingPaths.size;
  await sendTicks(gatewayUrl, providers, tag, ticks, rate);
  // Each tick renames one property per provider, and each rename reaches that provider's endpoints: one per endpoint.
  const healthy = await drained(receiver, tag, ticks * healthyEndpoints);
  const latencies = healthy.map((a) => a.arrivedAt - Date.parse(a.payload.timestamp)).sort((a, b) => a - b);
  const firstEvent = Math.min(...healthy.map((a) => Date.parse(a.payload.timestamp)));
  const lastArrival = Math.max(...healthy.map((a) => a.arrivedAt));
  return {
    events: ticks * PROVIDERS,
    healthyDeliveries: healthy.length,
    deliveriesPerSecond: +(healthy.length / ((lastArrival - firstEvent) / 1000)).toFixed(1),
    healthyP50Ms: percentile(latencies, 50),
    healthyP99Ms: percentile(latencies, 99),
    healthyMaxMs: latencies[latencies.length - 1],
    hangingEndpointAttempts: receiver.firstArrivals(tag).filter((a) => receiver.hangingPaths.has(a.path))
      .length,
  };
}

/** One run: the steady load, then the burst. */
async function run(gatewayUrl, receiver, providers, tag) {
  return {
    hangingEndpoints: receiver.hangingPaths.size,
    steady: {
      offeredDeliveriesPerSecond: RATE * PROVIDERS * ENDPOINTS_PER_PROVIDER,
      ...(await load(gatewayUrl, receiver, providers, `${tag}-steady`, TICKS, RATE)),
    },
    burst: await load(gatewayUrl, receiver, providers, `${tag}-burst`, BURST, Infinity),
  };
}

/** Due deliveries to one endpoint, queued an hour ago, straight into identity's tables. */
async function backlogFor(db, providerId, endpointId, count) {
  await db.query(
    `WITH m AS (
       INSERT INTO identity.webhook_messages (id, provider_id, event_type, body, created_at)
       SELECT gen_random_uuid()::text, $1::uuid, 'property.updated',
              json_build_object('type', 'property.updated', 'timestamp', now() - interval '1 hour',
                                'data', json_build_object('provider_id', $1::uuid, 'title', 'backlog'))::text,
              now() - interval '1 hour'
         FROM generate_series(1, $3::int) RETURNING id)
     INSERT INTO identity.webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
     SELECT gen_random_uuid(), m.id, $2, $1::uuid, 'property.updated', now() - interval '1 hour' FROM m`,
    [providerId, endpointId, count],
  );
  await db.query('ANALYZE identity.webhook_deliveries');
}

/** Every copy that arrived verifies with its endpoint's secret, as any Standard Webhooks receiver checks it. */
function unverified(receiver, secrets) {
  let failed = 0;
  for (const arrival of receiver.arrivals) {
    try {
      new Webhook(secrets.get(arrival.path)).verify(arrival.body, {
        'webhook-id': arrival.id,
        'webhook-timestamp': arrival.timestamp,
        'webhook-signature': arrival.signature,
      });
    } catch {
      failed += 1;
    }
  }
  return failed;
}

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  const cleanup = [
    ['database', () => database.drop()],
    [
      'stream',
      async () => {
        const nc = await connect({ servers: NATS_URL });
        await (await nc.jetstreamManager()).streams.delete(streamName(namespace)).catch(() => undefined);
        await nc.close();
      },
    ],
  ];
  const stopAll = async () => {
    for (const [name, stop] of cleanup.reverse()) {
      await stop().catch((error) => console.error(`stopping ${name}: ${error.message}`));
    }
  };
  try {
    const receiver = await startReceiver();
    // The demo accounts are seeded outside production only; endpoints on 127.0.0.1 need the explicit setting.
    const [identity, properties] = await Promise.all([
      serve('identity', { ...shared, NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }),
      serve('properties', shared),
    ]);
    cleanup.push(['identity', identity.stop]);
    // The receiver goes before identity: its held requests end, so identity stops without waiting out the timeout.
    cleanup.push(['receiver', receiver.stop]);
    cleanup.push(['properties', properties.stop]);
    const gateway = await serve('gateway', {
      ...shared,
      IDENTITY_URL: identity.url,
      BILLING_URL: identity.url,
      PROPERTIES_URL: properties.url,
      ORDERS_URL: identity.url,
      CREDENTIAL_RATE_LIMIT: '1000',
    });
    cleanup.push(['gateway', gateway.stop]);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    cleanup.push(['database connection', () => db.end()]);

    const providers = [];
    const secrets = new Map();
    /** An endpoint of the provider at a new path, answering at once. */
    const anEndpoint = async (provider, path) => {
      const endpoint = await call(
        gateway.url,
        provider.admin,
        'POST',
        `${BASE}/endpoints`,
        { endpoint: { url: receiver.url(path), event_types: ['property.updated'] } },
        201,
      );
      secrets.set(path, endpoint.secret);
      provider.endpoints.push({ id: endpoint.id, path });
    };
    for (const [n, email] of (await seedProviders(db)).entries()) {
      const admin = await session(gateway.url, email);
      const provider = { admin, propertyId: await seedProperty(db, admin.providerId), endpoints: [] };
      for (let e = 0; e < ENDPOINTS_PER_PROVIDER; e += 1) await anEndpoint(provider, `/p${n}/e${e}`);
      providers.push(provider);
    }

    await load(gateway.url, receiver, providers, 'warm-up', WARM_UP_TICKS, RATE);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await run(gateway.url, receiver, providers, `baseline-${round}`);
      // One endpoint of a different provider each round stops answering.
      const owner = providers[round % PROVIDERS];
      const hanging = owner.endpoints[0];
      receiver.hangingPaths.add(hanging.path);
      if (HANGING_BACKLOG > 0) await backlogFor(db, owner.admin.providerId, hanging.id, HANGING_BACKLOG);
      const withHanging = await run(gateway.url, receiver, providers, `hanging-${round}`);
      const {
        rows: [hangingLog],
      } = await db.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
                (SELECT count(*)::int FROM identity.webhook_attempts a
                   JOIN identity.webhook_deliveries d ON d.id = a.delivery_id
                  WHERE d.endpoint_id = $1 AND a.error LIKE 'No answer%') AS "timedOutAttempts"
           FROM identity.webhook_deliveries WHERE endpoint_id = $1`,
        [hanging.id],
      );
      rounds.push({
        baseline,
        withHanging: { ...withHanging, hangingEndpointLog: hangingLog },
        p99Ratio: +(withHanging.steady.healthyP99Ms / baseline.steady.healthyP99Ms).toFixed(2),
        burstP99Ratio: +(withHanging.burst.healthyP99Ms / baseline.burst.healthyP99Ms).toFixed(2),
        burstThroughputRatio: +(
          withHanging.burst.deliveriesPerSecond / baseline.burst.deliveriesPerSecond
        ).toFixed(2),
      });
      // The provider replaces the endpoint that hangs with one that answers: the next baseline has 100 again, and
      // the held requests end now rather than holding the dispatcher's slots into it.
      await call(
        gateway.url,
        owner.admin,
        'DELETE',
        `${BASE}/endpoints/${hanging.id}`,
        undefined,
        [200, 204],
      );
      receiver.release(hanging.path);
      owner.endpoints.shift();
      await anEndpoint(owner, `/p${round % PROVIDERS}/replacement-${round}`);
    }
    const median = [...rounds].sort((a, b) => a.p99Ratio - b.p99Ratio)[Math.floor(rounds.length / 2)];
    const failedVerifications = unverified(receiver, secrets);
    const result = {
      endpoints: PROVIDERS * ENDPOINTS_PER_PROVIDER,
      providers: PROVIDERS,
      steadyTicks: TICKS,
      steadyTicksPerSecond: RATE,
      burstTicks: BURST,
      webhookTimeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS || 10_000),
      hangingEndpointBacklog: HANGING_BACKLOG,
      target: `withHanging.steady.healthyP99Ms / baseline.steady.healthyP99Ms <= ${TARGET_RATIO} (median round)`,
      verdict: median.p99Ratio <= TARGET_RATIO ? 'PASS' : 'FAIL',
      median,
      rounds,
      failedVerifications,
    };
    record('webhooks', result);
    console.log(JSON.stringify(result, null, 2));
    if (failedVerifications > 0) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
