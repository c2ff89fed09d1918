// The credits ledger at size. Through the gateway with a session cookie: a provider's credit balance
// (`GET /provider/billing/account/credit_balance`), the first page of its credit history
// (`credit_bundles.json?page=1&page_size=20`) and a deep page (`page=250`, rows 4,981-5,000) for a provider with
// 10,000 ledger rows, against the same requests for a provider with 10 (the baseline: what each costs apart from
// the ledger's size). Two loads, as `properties-list`: a steady 100 requests a second (the latency a person sees)
// and saturation (8 connections as fast as they go: the throughput). Over NATS: reserve-then-capture round trips
// (billing's real `billing.credits.reserve` and `billing.credits.capture`, one credit under a unique reference
// each) on the provider with 10,000 rows, by 1 and by 8 concurrent callers, against a bare request-reply echo
// responder (same client library, same NATS server, its own process like billing) asked twice per round trip
// the same way. Three alternating rounds of BENCH_DURATION_S (10 s) each, median round reported.
// Target: p99 of the balance and of both history pages < 50 ms at the steady rate on this machine.
const autocannon = require('autocannon');
const { fork } = require('node:child_process');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { randomBytes } = require('node:crypto');
const pino = require('pino');
const { Client } = require('pg');
const { CREDITS_CAPTURE, CREDITS_RESERVE, CSRF_HEADER } = require('@tourly/contracts');
const { NatsTransport, RpcClient, streamName } = require('@tourly/platform');
const {
  freshDatabase,
  serve,
  paced,
  percentile,
  signIn,
  NATS_URL,
  record,
  secondProvider,
} = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 8;
const STEADY_RATE = 100;
const CALLERS = [1, 8];
const LARGE = 10_000;
const SMALL = 10;
const TARGET_P99_MS = 50;
const RPC_TIMEOUT_MS = 10_000;
/** What the round trips spend: one credit each, given once by the platform admin before they start. */
const ALLOWANCE = 1_000_000;
const ECHO = 'echo-responder';
const ECHO_SUBJECT = 'bench.echo';
const REQUESTS = {
  balance: '/provider/billing/account/credit_balance',
  firstPage: '/provider/billing/credit_bundles.json?page=1&page_size=20',
  deepPage: '/provider/billing/credit_bundles.json?page=250&page_size=20',
};
const logger = pino({ level: 'warn' });

/** Deterministic randomness (mulberry32): the same history every run. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` ledger rows as years of use would leave them, oldest first, and the reservations behind the spends:
 * purchases whenever the balance runs low, now and then an admin's bundle (`grant`) or adjustment (either sign),
 * and mostly spends of 1-12 credits: most captured, some released (their `release` row a few changes later), the
 * few most recent still held.
 */
function ledgerHistory(count, { buyer, admin, seed }) {
  const random = seeded(seed);
  const pick = (values) => values[Math.floor(random() * values.length)];
  const rows = [];
  const reservations = [];
  const pending = [];
  let available = 0;
  while (rows.length < count) {
    const room = count - rows.length - pending.length;
    if (pending.length > 0 && (pending[0].due <= rows.length || room === 0)) {
      const { reservation } = pending.shift();
      const { amount, reference } = reservation;
      rows.push({ kind: 'release', category: null, amount, actor: 'system', reference });
      reservation.settledRow = rows.length - 1;
      available += reservation.amount;
      continue;
    }
    const roll = random();
    if (available < 40 || roll < 0.1) {
      const amount = pick([10, 25, 50, 100, 200]);
      rows.push({
        kind: 'purchase',
        category: 'customer_purchase',
        amount,
        actor: buyer,
        reference: `pi_bench_${seed}_${rows.length}`,
      });
      available += amount;
    } else if (roll < 0.14) {
      const amount = pick([5, 10, 20, 50]);
      rows.push({
        kind: 'grant',
        category: pick(['promotional', 'customer_loyalty', 'customer_retention', 'trial']),
        amount,
        actor: admin,
        note: 'Credits given by the Tourly team',
      });
      available += amount;
    } else if (roll < 0.16) {
      const amount = random() < 0.25 ? -Math.min(available, pick([1, 2, 5])) : pick([1, 2, 5, 10]);
      rows.push({
        kind: 'adjustment',
        category: pick(['floor_plan_issue', 'billing_issue', 'customer_service_issue', 'other']),
        amount,
        actor: admin,
        note: amount < 0 ? 'Corrected a double grant' : 'Floor plan redrawn at our cost',
      });
      available += amount;
    } else {
      const amount = Math.min(available, 1 + Math.floor(random() * 12));
      const reference = `order:${seed}:${rows.length}`;
      rows.push({ kind: 'spend', category: null, amount: -amount, actor: 'system', reference });
      available -= amount;
      const reservation = { reference, amount, spendRow: rows.length - 1, status: 'captured' };
      reservations.push(reservation);
      if (rows.length > count - 15 && random() < 0.5) reservation.status = 'held';
      else if (random() < 0.15 && room >= 2) {
        reservation.status = 'released';
        const due = rows.length + 1 + Math.floor(random() * 20);
        const at = pending.findIndex((waiting) => waiting.due > due);
        pending.splice(at === -1 ? pending.length : at, 0, { due, reservation });
      }
    }
  }
  return { rows, reservations };
}

/**
 * The provider's history straight into billing's tables, created over the last three years, and its balance row
 * set to what the ledger says (available: the sum of its rows; reserved: its held reservations), as billing's own
 * writes would have left it.
 */
async function seedLedger(db, providerId, count, actors) {
  const { rows, reservations } = ledgerHistory(count, actors);
  const now = Date.now();
  const span = 3 * 365 * 24 * 3600 * 1000;
  const step = span / count;
  const random = seeded(actors.seed + 1);
  const times = rows.map((_, index) => new Date(now - span + index * step + random() * step * 0.9));
  const column = (name) => rows.map((row) => row[name] ?? null);
  await db.query(
    `INSERT INTO billing.credit_ledger (provider_id, kind, category, amount, actor, reference, note, created_at)
     SELECT $1, kind, category, amount, actor, reference, note, created_at
       FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
            WITH ORDINALITY AS r (kind, category, amount, actor, reference, note, created_at, n)
      ORDER BY n`,
    [
      providerId,
      column('kind'),
      column('category'),
      column('amount'),
      column('actor'),
      column('reference'),
      column('note'),
      times,
    ],
  );
  const hour = 3600 * 1000;
  await db.query(
    `INSERT INTO billing.credit_reservations (provider_id, reference, amount, status, expires_at, created_at, settled_at)
     SELECT $1, reference, amount, status, expires_at, created_at, settled_at
       FROM unnest($2::text[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
            AS r (reference, amount, status, expires_at, created_at, settled_at)`,
    [
      providerId,
      reservations.map((r) => r.reference),
      reservations.map((r) => r.amount),
      reservations.map((r) => r.status),
      // The held ones were made moments ago as far as the expiry sweep is concerned: it must leave them be.
      reservations.map((r) =>
        r.status === 'held'
          ? new Date(now + 7 * 24 * hour)
          : new Date(times[r.spendRow].getTime() + 7 * 24 * hour),
      ),
      reservations.map((r) => times[r.spendRow]),
      reservations.map((r) =>
        r.status === 'held'
          ? null
          : r.status === 'released'
            ? times[r.settledRow]
            : new Date(times[r.spendRow].getTime() + hour),
      ),
    ],
  );
  const available = rows.reduce((sum, row) => sum + row.amount, 0);
  const held = reservations.filter((r) => r.status === 'held');
  const captured = reservations.filter((r) => r.status === 'captured').length;
  await db.query(
    `INSERT INTO billing.credit_balances (provider_id, available, reserved, version) VALUES ($1, $2, $3, $4)`,
    [providerId, available, held.reduce((sum, r) => sum + r.amount, 0), rows.length + captured],
  );
  const kinds = {};
  for (const row of rows) kinds[row.kind] = (kinds[row.kind] ?? 0) + 1;
  return { ledgerRows: rows.length, kinds, reservations: reservations.length, heldReservations: held.length };
}

/** Breaches of billing's ledger invariant (available = sum of the ledger, reserved = sum of held holds). */
async function invariantBreaches(db) {
  const { rows } = await db.query(
    `WITH sums AS (SELECT provider_id, sum(amount)::int AS ledger FROM billing.credit_ledger GROUP BY provider_id),
          held AS (SELECT provider_id, sum(amount)::int AS held FROM billing.credit_reservations
                    WHERE status = 'held' GROUP BY provider_id)
     SELECT coalesce(b.provider_id, s.provider_id) AS provider_id, b.available, b.reserved,
            coalesce(s.ledger, 0) AS ledger, coalesce(h.held, 0) AS held
       FROM billing.credit_balances b
       FULL JOIN sums s ON s.provider_id = b.provider_id
       LEFT JOIN held h ON h.provider_id = coalesce(b.provider_id, s.provider_id)
      WHERE b.provider_id IS NULL OR b.available <> coalesce(s.ledger, 0) OR b.reserved <> coalesce(h.held, 0)`,
  );
  return rows;
}

/**
 * A session for a demo-password user that need not belong to a provider (the platform admin): its cookie and the
 * CSRF token its unsafe requests echo.
 */
async function staffSession(gatewayUrl, email) {
  const { DEMO_PASSWORD } = require('@tourly/identity');
  const response = await fetch(`${gatewayUrl}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password: DEMO_PASSWORD } }),
  });
  if (!response.ok) throw new Error(`sign in as ${email}: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return {
    cookie: response.headers.get('set-cookie').split(';')[0],
    [CSRF_HEADER]: body.data.csrf_token,
  };
}

async function getJson(url, cookie) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Saturation: each connection sends as soon as its answer came. */
function saturate(url, cookie, durationS = DURATION_S) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: durationS, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const figures = (result) => ({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  failures: result.non2xx + result.errors,
});
const ratio = (a, b) => +(a / Math.max(b, 0.1)).toFixed(2);

/** One round of one request: steady then saturated, the small provider first each time. */
async function gatewayRound(gatewayUrl, path, small, large) {
  const url = `${gatewayUrl}${path}`;
  const steadySmall = await paced(url, {
    headers: { cookie: small },
    rate: STEADY_RATE,
    durationS: DURATION_S,
  });
  const steadyLarge = await paced(url, {
    headers: { cookie: large },
    rate: STEADY_RATE,
    durationS: DURATION_S,
  });
  const saturatedSmall = figures(await saturate(url, small));
  const saturatedLarge = figures(await saturate(url, large));
  return {
    steady: {
      tenRows: steadySmall,
      tenThousandRows: steadyLarge,
      p99Ratio: ratio(steadyLarge.p99Ms, steadySmall.p99Ms),
    },
    saturated: {
      tenRows: saturatedSmall,
      tenThousandRows: saturatedLarge,
      throughputRatio: +(saturatedLarge.requestsPerSecond / saturatedSmall.requestsPerSecond).toFixed(3),
      p99Ratio: ratio(saturatedLarge.p99Ms, saturatedSmall.p99Ms),
    },
    failedRequests:
      steadySmall.failures + steadyLarge.failures + saturatedSmall.failures + saturatedLarge.failures,
  };
}

/**
 * `callers` concurrent loops, each one round trip (two asks, the second after the first's answer) after another
 * for `durationS`: round trips a second and each round trip's latency.
 */
async function roundTrips(callers, durationS, roundTrip) {
  const latencies = [];
  let failures = 0;
  let firstError;
  const start = performance.now();
  const end = start + durationS * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let n = 0; performance.now() < end; n++) {
        const began = performance.now();
        try {
          await roundTrip(`${caller}:${n}`);
          latencies.push(performance.now() - began);
        } catch (error) {
          failures += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsedS = (performance.now() - start) / 1000;
  if (firstError) console.error(`round trip failed (${failures} times):`, firstError);
  latencies.sort((a, b) => a - b);
  return {
    roundTrips: latencies.length,
    roundTripsPerSecond: +(latencies.length / elapsedS).toFixed(1),
    p50Ms: latencies.length ? +percentile(latencies, 50).toFixed(2) : null,
    p99Ms: latencies.length ? +percentile(latencies, 99).toFixed(2) : null,
    failures,
  };
}

/** The baseline's responder, in a process of its own like billing: answers each request with it, untouched. */
async function echoResponder() {
  const transport = new NatsTransport({
    url: NATS_URL,
    namespace: process.env.BENCH_NAMESPACE,
    name: 'bench-echo',
    logger,
  });
  await transport.start();
  const open = Buffer.from('{"data":');
  const close = Buffer.from('}');
  await transport.serve(ECHO_SUBJECT, 'bench-echo', async (data) => Buffer.concat([open, data, close]));
  const stop = () => transport.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  process.send('ready');
}

function startEcho(namespace) {
  const child = fork(module.filename, [ECHO], { env: { ...process.env, BENCH_NAMESPACE: namespace } });
  return new Promise((resolve, reject) => {
    child.once('message', () =>
      resolve({
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
    child.once('exit', (code) => reject(new Error(`the echo responder exited with ${code}`)));
  });
}

const median = (values, by) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];

async function main() {
  const cleanup = [];
  const stopAll = async () => {
    while (cleanup.length > 0) {
      const [what, undo] = cleanup.pop();
      await undo().catch((error) => console.error(`cleanup (${what}) failed:`, error));
    }
  };
  const interrupted = () => stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // The cores are shared: what else was running is part of reading the figures.
  const loadAtStart = os.loadavg()[0];
  try {
    const database = await freshDatabase();
    cleanup.push(['database', () => database.drop()]);
    const namespace = `bench_${randomBytes(3).toString('hex')}`;
    const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
    const transport = new NatsTransport({ url: NATS_URL, namespace, name: 'bench-credits', logger });
    await transport.start();
    cleanup.push([
      'NATS',
      async () => {
        const jsm = await transport.connection().jetstreamManager();
        await jsm.streams.delete(streamName(namespace)).catch(() => undefined);
        await transport.close();
      },
    ]);
    // The demo accounts are seeded outside production only.
    const [identity, billing] = await Promise.all([
      serve('identity', { ...shared, NODE_ENV: 'development' }),
      // Nothing here calls Stripe; the catalogue sync at start finds nobody and keeps retrying quietly.
      serve('billing', { ...shared, STRIPE_API_URL: 'http://127.0.0.1:9' }),
    ]);
    cleanup.push(['identity', identity.stop]);
    cleanup.push(['billing', billing.stop]);
    const gateway = await serve('gateway', {
      ...shared,
      IDENTITY_URL: identity.url,
      BILLING_URL: billing.url,
      PROPERTIES_URL: identity.url,
      ORDERS_URL: identity.url,
      CREDENTIAL_RATE_LIMIT: '1000',
    });
    cleanup.push(['gateway', gateway.stop]);
    const echo = await startEcho(namespace);
    cleanup.push(['echo responder', echo.stop]);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    cleanup.push(['database connection', () => db.end()]);

    const large = await signIn(gateway.url, 'provider@demo.test');
    const { userId: smallUser } = await secondProvider(db);
    const small = await signIn(gateway.url, 'small@bench.test');
    const {
      rows: [ids],
    } = await db.query(
      `SELECT (SELECT id FROM identity.users WHERE email = 'provider@demo.test') AS buyer,
              (SELECT id FROM identity.users WHERE email = 'admin@demo.test') AS admin`,
    );
    const providers = {
      tenThousandRows: {
        providerId: large.providerId,
        ...(await seedLedger(db, large.providerId, LARGE, { buyer: ids.buyer, admin: ids.admin, seed: 1 })),
      },
      tenRows: {
        providerId: small.providerId,
        ...(await seedLedger(db, small.providerId, SMALL, { buyer: smallUser, admin: ids.admin, seed: 2 })),
      },
    };
    await db.query('ANALYZE billing.credit_ledger, billing.credit_reservations, billing.credit_balances');
    const seededBreaches = await invariantBreaches(db);
    if (seededBreaches.length > 0)
      throw new Error(`seeded ledger breaks the invariant: ${JSON.stringify(seededBreaches)}`);

    // What each request answers, checked once, then a short warm-up so the first round does not pay for JIT.
    const deep = await getJson(`${gateway.url}${REQUESTS.deepPage}`, large.cookie);
    if (deep.total_count !== LARGE || deep.items.length !== 20) {
      throw new Error(`deep page: ${deep.total_count} rows in all, ${deep.items.length} on the page`);
    }
    const balances = {
      tenThousandRows: await getJson(`${gateway.url}${REQUESTS.balance}`, large.cookie),
      tenRows: await getJson(`${gateway.url}${REQUESTS.balance}`, small.cookie),
    };
    for (const path of Object.values(REQUESTS)) {
      for (const cookie of [small.cookie, large.cookie]) await saturate(`${gateway.url}${path}`, cookie, 1);
    }

    const gatewayRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured = {};
      for (const [name, path] of Object.entries(REQUESTS)) {
        measured[name] = await gatewayRound(gateway.url, path, small.cookie, large.cookie);
      }
      gatewayRounds.push(measured);
    }

    // Credits for the round trips, given through billing's own admin route (one more ledger row).
    const admin = await staffSession(gateway.url, 'admin@demo.test');
    const given = await fetch(`${gateway.url}/admin/providers/${large.providerId}/credit_adjustments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...admin },
      body: JSON.stringify({ category: 'internal_use', amount: ALLOWANCE, note: 'benchmark allowance' }),
    });
    if (given.status !== 201) throw new Error(`credit adjustment: ${given.status} ${await given.text()}`);

    const rpc = new RpcClient(transport);
    const run = randomBytes(3).toString('hex');
    const providerId = large.providerId;
    const billingRoundTrip = (label) => async (key) => {
      const reference = `bench:${run}:${label}:${key}`;
      const held = await rpc.ask(CREDITS_RESERVE, { providerId, amount: 1, reference }, RPC_TIMEOUT_MS);
      if (held.status !== 'held') throw new Error(`reserve answered ${JSON.stringify(held)}`);
      const captured = await rpc.ask(CREDITS_CAPTURE, { providerId, reference }, RPC_TIMEOUT_MS);
      if (captured.status !== 'captured') throw new Error(`capture answered ${JSON.stringify(captured)}`);
    };
    const echoRoundTrip = (label) => async (key) => {
      const reference = `bench:${run}:${label}:${key}`;
      const held = await rpc.ask(ECHO_SUBJECT, { providerId, amount: 1, reference }, RPC_TIMEOUT_MS);
      if (held.reference !== reference) throw new Error(`echo answered ${JSON.stringify(held)}`);
      await rpc.ask(ECHO_SUBJECT, { providerId, reference }, RPC_TIMEOUT_MS);
    };
    await roundTrips(1, 1, echoRoundTrip('warm'));
    await roundTrips(1, 1, billingRoundTrip('warm'));

    const natsRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured = {};
      for (const callers of CALLERS) {
        const baseline = await roundTrips(callers, DURATION_S, echoRoundTrip(`echo:${round}:${callers}`));
        const credits = await roundTrips(callers, DURATION_S, billingRoundTrip(`${round}:${callers}`));
        measured[`callers${callers}`] = {
          bareEcho: baseline,
          reserveCapture: credits,
          throughputRatio: +(credits.roundTripsPerSecond / baseline.roundTripsPerSecond).toFixed(3),
          p99Ratio: ratio(credits.p99Ms, baseline.p99Ms),
          failedRoundTrips: baseline.failures + credits.failures,
        };
      }
      natsRounds.push(measured);
    }

    const breaches = await invariantBreaches(db);
    const ledgerRowsAfter = (
      await db.query('SELECT count(*)::int AS n FROM billing.credit_ledger WHERE provider_id = $1', [
        providerId,
      ])
    ).rows[0].n;

    const gatewayMedian = {};
    for (const name of Object.keys(REQUESTS)) {
      gatewayMedian[name] = {
        request: `GET ${REQUESTS[name]}`,
        steady: median(gatewayRounds, (r) => r[name].steady.tenThousandRows.p99Ms)[name].steady,
        saturated: median(gatewayRounds, (r) => r[name].saturated.throughputRatio)[name].saturated,
      };
    }
    const natsMedian = {};
    for (const callers of CALLERS) {
      const key = `callers${callers}`;
      natsMedian[key] = median(natsRounds, (r) => r[key].reserveCapture.roundTripsPerSecond)[key];
    }
    const failedRequests =
      gatewayRounds.reduce((sum, r) => sum + Object.values(r).reduce((s, m) => s + m.failedRequests, 0), 0) +
      natsRounds.reduce((sum, r) => sum + Object.values(r).reduce((s, m) => s + m.failedRoundTrips, 0), 0);

    const summary = {
      steadyP99Ms: Object.fromEntries(
        Object.entries(gatewayMedian).map(([name, m]) => [
          name,
          {
            tenRows: m.steady.tenRows.p99Ms,
            tenThousandRows: m.steady.tenThousandRows.p99Ms,
            ratio: m.steady.p99Ratio,
          },
        ]),
      ),
      saturatedRequestsPerSecond: Object.fromEntries(
        Object.entries(gatewayMedian).map(([name, m]) => [
          name,
          {
            tenRows: m.saturated.tenRows.requestsPerSecond,
            tenThousandRows: m.saturated.tenThousandRows.requestsPerSecond,
            ratio: m.saturated.throughputRatio,
          },
        ]),
      ),
      reserveCaptureRoundTrips: Object.fromEntries(
        Object.entries(natsMedian).map(([key, m]) => [
          key,
          {
            perSecond: m.reserveCapture.roundTripsPerSecond,
            p50Ms: m.reserveCapture.p50Ms,
            p99Ms: m.reserveCapture.p99Ms,
            bareEchoPerSecond: m.bareEcho.roundTripsPerSecond,
            bareEchoP99Ms: m.bareEcho.p99Ms,
            throughputRatio: m.throughputRatio,
          },
        ]),
      ),
      targetMet: Object.values(gatewayMedian).every((m) => m.steady.tenThousandRows.p99Ms < TARGET_P99_MS),
      failedRequests,
      ledgerInvariantHolds: breaches.length === 0,
    };
    const result = {
      target: `steady p99 < ${TARGET_P99_MS} ms for the balance and both history pages with ${LARGE} ledger rows`,
      steadyRequestsPerSecond: STEADY_RATE,
      connections: CONNECTIONS,
      callers: CALLERS,
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      machine: {
        cores: os.cpus().length,
        loadAverage1mAtStart: +loadAtStart.toFixed(2),
        loadAverage1mAtEnd: +os.loadavg()[0].toFixed(2),
      },
      summary,
      providers,
      balances,
      gateway: gatewayMedian,
      nats: {
        roundTrip: `${CREDITS_RESERVE} (1 credit, a new reference) then ${CREDITS_CAPTURE}, each answered before the next`,
        baseline: `two asks of a bare echo responder (${ECHO_SUBJECT}) with the same requests`,
        ...natsMedian,
      },
      ledgerRowsAfterRoundTrips: ledgerRowsAfter,
      invariantBreaches: breaches,
      allRounds: { gateway: gatewayRounds, nats: natsRounds },
    };
    record('credits-ledger', result);
    console.log(JSON.stringify(result, null, 2));
    if (failedRequests > 0 || breaches.length > 0) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

if (process.argv[2] === ECHO) {
  echoResponder().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
