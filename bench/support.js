// What the benchmarks share: the servers they need, children they start, and where results go.
const { spawn } = require('node:child_process');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const SECRET = randomBytes(32).toString('base64url');
/** How long a server is loaded before it is measured, so that a round measures the code, not the JIT compiling it. */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S || 2);
// Benchmarks that mint internal tokens themselves need the secret the services were given.
process.env.BENCH_SECRET = SECRET;

/** A database of its own for one benchmark run, on the server DATABASE_URL names. */
function freshDatabase() {
  process.env.DATABASE_URL = DATABASE_URL;
  return require('@tourly/platform/testing').createTestDatabase();
}

/**
 * Starts `node bench/serve.js <what>` with the env and resolves with the URL it prints, its process id, and
 * `memory()`: the child's `process.memoryUsage()` right after a full garbage collection (only for a child started with
 * `nodeArgs: ['--expose-gc']`).
 */
function serve(what, env, { nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(__dirname, 'serve.js'), what], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      INTERNAL_TOKEN_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const memoryWaiters = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const message = JSON.parse(line);
        if (message.url) {
          resolve({
            url: message.url,
            pid: child.pid,
            memory: () =>
              new Promise((answer) => {
                memoryWaiters.push(answer);
                child.kill('SIGUSR2');
              }),
            stop: () => stopChild(child),
          });
        } else if (message.memory) memoryWaiters.shift()?.(message.memory);
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

/** A process's resident set size in bytes, as the kernel counts it now (no collection first). */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) * 1024;
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * GETs `url` at a steady `rate` a second for `durationS`, each request sent on its schedule whatever the ones
 * before it are doing (an open loop: autocannon's rate limit sends each second's requests in one burst). Latency
 * counts from the scheduled moment, so a stall is charged to every request it delayed. `method`, and `headers` and
 * `body` as values or as functions of the request's number (from 0), make it another request; an answer of 300 or
 * more counts as a failure.
 */
async function paced(url, { headers, rate, durationS, method = 'GET', body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * durationS);
  const start = performance.now();
  const latencies = [];
  let failures = 0;
  const send = (scheduled, n) =>
    new Promise((resolve) => {
      const request = http.request(
        url,
        { agent, method, headers: typeof headers === 'function' ? headers(n) : headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode >= 300) failures += 1;
            latencies.push(performance.now() - scheduled);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(typeof body === 'function' ? body(n) : body);
    });
  const sent = [];
  for (let n = 0; n < total; n += 1) {
    const scheduled = start + (n * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(scheduled, n));
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: rate,
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    failures,
  };
}

function record(name, result) {
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
}

/** Signs a demo-password user in through the gateway: its session cookie and provider id. */
async function signIn(gatewayUrl, email) {
  // Required here: only the benchmarks that sign in load identity's code.
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
    /** What the session's unsafe requests echo in `x-csrf-token`. */
    csrfToken: body.data.csrf_token,
    providerId: body.data.current_provider?.id ?? null,
  };
}

/**
 * A second provider ("Small Media") and its admin `small@bench.test` (the demo password), beside the demo one, in
 * identity's tables: the baseline of benchmarks that compare a provider with much data to one with little.
 */
async function secondProvider(db) {
  const { rows } = await db.query(
    `WITH provider AS (INSERT INTO identity.providers (id, name) VALUES (gen_random_uuid(), 'Small Media') RETURNING id),
          usr AS (
            INSERT INTO identity.users (id, email, first_name, last_name, password_hash, primary_provider_id, email_confirmed_at)
            SELECT gen_random_uuid(), 'small@bench.test', 'Small', 'Admin', u.password_hash, p.id, now()
              FROM identity.users u, provider p WHERE u.email = 'provider@demo.test' RETURNING id, primary_provider_id)
     INSERT INTO identity.memberships (user_id, provider_id, role) SELECT id, primary_provider_id, 'admin' FROM usr
     RETURNING user_id AS "userId", provider_id AS "providerId"`,
  );
  return rows[0];
}

module.exports = {
  DATABASE_URL,
  NATS_URL,
  WARM_UP_S,
  freshDatabase,
  serve,
  residentBytes,
  paced,
  percentile,
  record,
  signIn,
  secondProvider,
};
