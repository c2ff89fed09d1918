// Stripe webhook intake: signed events posted to billing's POST /api/webhooks/stripe (signature verified over the
// raw body, the event stored once, queued through the outbox, answered), against a bare endpoint in the same
// kind of process that only reads the body. Every request is a new event (a unique id), signed the way Stripe
// signs. Three alternating rounds of 10 s, median reported.
const autocannon = require('autocannon');
const { randomBytes } = require('node:crypto');
const Stripe = require('stripe');
const { freshDatabase, serve, NATS_URL, WARM_UP_S, record } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 16;
const SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const stripe = new Stripe('sk_test_bench');
let sequence = 0;

/** A payment_intent.created event: verified and stored, and needs nothing from billing after that. */
function signedEvent() {
  sequence += 1;
  const payload = JSON.stringify({
    id: `evt_bench_${process.pid}_${sequence}`,
    object: 'event',
    type: 'payment_intent.created',
    api_version: '2026-10-28',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: `pi_bench_${sequence}`, object: 'payment_intent', amount: 1995, currency: 'usd' } },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return { payload, signature };
}

function load(url, duration = DURATION_S) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${url}/api/webhooks/stripe`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const { payload, signature } = signedEvent();
              return {
                ...request,
                body: payload,
                headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const billing = await serve('billing', {
    NATS_URL,
    EVENTS_NAMESPACE: namespace,
    DATABASE_URL: database.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
    // Intake never calls Stripe; the catalogue sync at start finds nobody here and keeps retrying quietly.
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });
  const bare = await serve('bare-webhook', {});
  try {
    // Both warmed first, so the first round (the only one of the short run) does not measure the JIT's work.
    await load(bare.url, WARM_UP_S);
    await load(billing.url, WARM_UP_S);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await load(bare.url);
      const intake = await load(billing.url);
      rounds.push({
        bareBodyRead: { requestsPerSecond: baseline.requests.average, p99Ms: baseline.latency.p99 },
        verifiedAndStored: { requestsPerSecond: intake.requests.average, p99Ms: intake.latency.p99 },
        throughputRatio: +(intake.requests.average / baseline.requests.average).toFixed(3),
        failedRequests: baseline.non2xx + baseline.errors + intake.non2xx + intake.errors,
      });
    }
    const median = [...rounds].sort((a, b) => a.throughputRatio - b.throughputRatio)[
      Math.floor(rounds.length / 2)
    ];
    const result = {
      request: 'POST /api/webhooks/stripe (signed, one new event each)',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      median,
      rounds,
    };
    record('webhook-intake', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failedRequests > 0)) process.exitCode = 1;
  } finally {
    await bare.stop();
    await billing.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
