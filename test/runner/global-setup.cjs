// Before the run, in Jest's own process: the test workers it is about to start load register.cjs first (they
// inherit NODE_OPTIONS), the servers every test needs are found or started (the platform's global setup), and
// .jest/ exists for the run's durations (npm test's --outputFile).
const { mkdirSync } = require('node:fs');
const path = require('node:path');

module.exports = async function globalSetup() {
  const register = `--require ${path.join(__dirname, 'register.cjs')}`;
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, register, '--enable-source-maps']
    .filter(Boolean)
    .join(' ');
  mkdirSync(path.join(__dirname, '../../.jest'), { recursive: true });
  await require('../../libs/platform/src/testing/global-setup.js')();
};
