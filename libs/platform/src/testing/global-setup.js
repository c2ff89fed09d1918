// Runs once before the whole Jest run. Tests take DATABASE_URL and NATS_URL from the environment; when they
// are unset, PostgreSQL and NATS come from testcontainers (where a container engine runs), and failing that
// from the conventional local ports if something answers there.
const net = require('node:net');
const { randomBytes } = require('node:crypto');

const LOCAL = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS_URL: 'nats://127.0.0.1:4222',
};

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function fromContainers(missing) {
  let testcontainers;
  try {
    testcontainers = require('testcontainers');
  } catch {
    return false;
  }
  try {
    const started = [];
    if (missing.includes('DATABASE_URL')) {
      const { PostgreSqlContainer } = require('@testcontainers/postgresql');
      const pg = await new PostgreSqlContainer('postgres:15-alpine').start();
      started.push(pg);
      process.env.DATABASE_URL = pg.getConnectionUri();
    }
    if (missing.includes('NATS_URL')) {
      const nats = await new testcontainers.GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .start();
      started.push(nats);
      process.env.NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
    }
    globalThis.__TOURLY_CONTAINERS__ = started;
    return true;
  } catch (error) {
    if (/container runtime/i.test(String(error && error.message))) return false;
    throw error;
  }
}

module.exports = async function globalSetup() {
  process.env.TOURLY_TEST_RUN = process.env.TOURLY_TEST_RUN || randomBytes(3).toString('hex');
  const missing = ['DATABASE_URL', 'NATS_URL'].filter((key) => !process.env[key]);
  if (missing.length === 0) return;
  if (await fromContainers(missing)) return;
  for (const key of missing) {
    const port = key === 'DATABASE_URL' ? 5432 : 4222;
    if (!(await answers(port))) {
      throw new Error(
        `${key} is not set, no container engine is available, and nothing answers on 127.0.0.1:${port}. ` +
          'Set DATABASE_URL and NATS_URL (see README.md), or run `bash .ci/run`, which starts both.',
      );
    }
    process.env[key] = LOCAL[key];
  }
};
