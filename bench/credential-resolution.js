// Credential resolution: the same authenticated GET /users/me answered by identity directly, with the internal
// token already minted, and through the gateway with a session cookie that the gateway resolves through
// identity (request-reply, cached 2 s). Three alternating rounds of 10 s, median reported. The gateway hop
// itself costs what bench/gateway-overhead.js measures; resolution costs the rest.
// Target: resolution costs < 20% of throughput.
const autocannon = require('autocannon');
const { randomBytes } = require('node:crypto');
const { ANONYMOUS, InternalTokens } = require('@tourly/platform');
const { DEMO_PASSWORD } = require('@tourly/identity');
const { freshDatabase, serve, NATS_URL, record } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 32;

function load(url, headers) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url: `${url}/users/me`, connections: CONNECTIONS, duration: DURATION_S, headers },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace };
  // The demo accounts are seeded outside production only.
  const identity = await serve('identity', {
    ...shared,
    DATABASE_URL: database.url,
    NODE_ENV: 'development',
  });
  const gateway = await serve('gateway', {
    ...shared,
    IDENTITY_URL: identity.url,
    BILLING_URL: identity.url,
    PROPERTIES_URL: identity.url,
    ORDERS_URL: identity.url,
  });
  try {
    const signIn = await fetch(`${gateway.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email: 'provider@demo.test', password: DEMO_PASSWORD } }),
    });
    const body = await signIn.json();
    const cookie = signIn.headers.get('set-cookie').split(';')[0];
    const minted = new InternalTokens(process.env.BENCH_SECRET).sign({
      ...ANONYMOUS,
      userId: body.data.user.id,
      role: body.data.user.role,
      providerId: body.data.current_provider.id,
    });
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const direct = await load(identity.url, { 'x-internal-token': minted });
      const resolved = await load(gateway.url, { cookie });
      rounds.push({
        directWithMintedToken: { requestsPerSecond: direct.requests.average, p99Ms: direct.latency.p99 },
        gatewayWithSessionCookie: {
          requestsPerSecond: resolved.requests.average,
          p99Ms: resolved.latency.p99,
        },
        throughputRatio: +(resolved.requests.average / direct.requests.average).toFixed(3),
        failedRequests: direct.non2xx + direct.errors + resolved.non2xx + resolved.errors,
      });
    }
    const median = [...rounds].sort((a, b) => a.throughputRatio - b.throughputRatio)[
      Math.floor(rounds.length / 2)
    ];
    const result = {
      request: 'GET /users/me',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      median,
      rounds,
    };
    record('credential-resolution', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failedRequests > 0)) process.exitCode = 1;
  } finally {
    await gateway.stop();
    await identity.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
