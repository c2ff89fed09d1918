// After the whole run: drops what this run's test files left on the shared servers (the databases and event
// streams named after TOURLY_TEST_RUN, see uniqueName), then stops what global-setup started from testcontainers.
// A file drops its own as it ends; what a worker kept for all its files (the shared browser platform) ends with the
// worker, which Jest stops without waiting for it to clean up.
const { Client } = require('pg');
const { connect } = require('nats');

module.exports = async function globalTeardown() {
  const run = process.env.TOURLY_TEST_RUN;
  if (run && /^[a-z0-9]+$/.test(run)) {
    await dropDatabases(`tourly_t_${run}_%`);
    await dropStreams([`EVENTS_t_${run}_`, `JOBS_t_${run}_`]);
  }
  for (const container of globalThis.__TOURLY_CONTAINERS__ || []) await container.stop();
};

async function dropDatabases(pattern) {
  if (!process.env.DATABASE_URL) return;
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function dropStreams(prefixes) {
  if (!process.env.NATS_URL) return;
  const nc = await connect({ servers: process.env.NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const stream of jsm.streams.list()) {
      if (prefixes.some((prefix) => stream.config.name.startsWith(prefix)))
        await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}
