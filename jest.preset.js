// Shared Jest settings: every workspace runs its TypeScript through SWC and resolves @tourly/* to sources,
// so tests never need a build first.
const path = require('node:path');

const root = __dirname;
const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(root, '.swcrc'), 'utf8'));

module.exports = (dir, displayName) => ({
  displayName,
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, sourceMaps: 'inline', swcrc: false }] },
  moduleNameMapper: {
    '^@tourly/platform/testing$': path.join(root, 'libs/platform/src/testing'),
    '^@tourly/(contracts|platform)$': path.join(root, 'libs/$1/src'),
    '^@tourly/(gateway|identity|billing|properties|orders)$': path.join(root, 'services/$1/src'),
    '^@tourly/emulators$': path.join(root, 'infra/emulators/src'),
  },
  globalSetup: path.join(root, 'libs/platform/src/testing/global-setup.js'),
  globalTeardown: path.join(root, 'libs/platform/src/testing/global-teardown.js'),
});
