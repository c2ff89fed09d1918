// One Jest run for the whole repository. Test files run in plain Node processes (jest-light-runner), two at a
// time on the machines' two cores: each worker process keeps what it has loaded (the services, the platform's
// support code) for every file it runs after the first, where Jest's own runner re-imports all of it in every
// file. TypeScript is compiled on require by SWC (test/runner/register.cjs). See CONTRIBUTING, "Tests".
module.exports = {
  maxWorkers: 2,
  runner: 'jest-light-runner/child-process',
  testMatch: ['<rootDir>/{libs,services,infra,web,test}/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {},
  setupFilesAfterEnv: ['<rootDir>/test/runner/timeouts.cjs', '<rootDir>/test/runner/migrated-template.cjs'],
  globalSetup: '<rootDir>/test/runner/global-setup.cjs',
  globalTeardown: '<rootDir>/libs/platform/src/testing/global-teardown.js',
};
