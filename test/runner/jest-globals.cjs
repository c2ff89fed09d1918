// What `import { describe, it, expect, jest } from '@jest/globals'` gives a test file under the light runner: the
// globals the runner installs (with this runner's timeouts, see timeouts.cjs), read when used.
for (const name of [
  'describe',
  'it',
  'test',
  'expect',
  'beforeAll',
  'afterAll',
  'beforeEach',
  'afterEach',
  'jest',
]) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => globalThis[name] });
}
