// Stops what global-setup started from testcontainers (nothing when the environment provided the servers).
module.exports = async function globalTeardown() {
  for (const container of globalThis.__TOURLY_CONTAINERS__ || []) await container.stop();
};
