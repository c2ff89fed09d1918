// What the benchmarks share: the servers they need, children they start, and where results go.
const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const SECRET = randomBytes(32).toString('base64url');
// Benchmarks that mint internal tokens themselves need the secret the services were given.
process.env.BENCH_SECRET = SECRET;

/** A database of its own for one benchmark run, on the server DATABASE_URL names. */
function freshDatabase() {
  process.env.DATABASE_URL = DATABASE_URL;
  return require('@tourly/platform/testing').createTestDatabase();
}

/** Starts `node bench/serve.js <what>` with the env and resolves with the URL it prints. */
function serve(what, env) {
  const child = spawn(process.execPath, [path.join(__dirname, 'serve.js'), what], {
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
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: JSON.parse(line).url, stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
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

function record(name, result) {
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
}

module.exports = { DATABASE_URL, NATS_URL, freshDatabase, serve, percentile, record };
