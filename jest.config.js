// One Jest run for the whole repository, one project per workspace (plus the cross-service e2e suite).
// Two workers: the machines have two cores, and each test file already runs several servers.
module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    '<rootDir>/libs/contracts',
    '<rootDir>/libs/platform',
    '<rootDir>/services/gateway',
    '<rootDir>/services/identity',
    '<rootDir>/services/billing',
    '<rootDir>/services/properties',
    '<rootDir>/services/orders',
    '<rootDir>/infra/emulators',
    '<rootDir>/infra/launcher',
    '<rootDir>/web',
    '<rootDir>/test',
  ],
};
