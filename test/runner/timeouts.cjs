// The light runner runs tests and hooks without a time limit; Jest's own runner gives each one. This restores
// Jest's behaviour (`it(name, fn, ms)`, `beforeAll(fn, ms)`, `jest.setTimeout(ms)` for the file) so a test that
// waits forever fails with the usual message instead of holding the run. A hook's budget is larger than a
// test's: hooks start platforms, whose boot time grows with the machine's load, and a hook that runs out fails
// every test of its file.
const circus = require('jest-circus');
const { bind } = require('jest-each');
const { ModernFakeTimers } = require('@jest/fake-timers');

const TEST_MS = 30_000;
const HOOK_MS = 120_000;

const fileTimeouts = new WeakMap();
let currentFile;

/** Each test file starts with real timers and no spies left by the file before it in this worker. */
function enterFile() {
  const file = circus.getState().rootDescribeBlock;
  if (file === currentFile) return file;
  currentFile = file;
  globalThis.jest.restoreAllMocks();
  timers.useRealTimers();
  return file;
}

function timed(fn, explicitMs, kind) {
  const bounded = () => {
    const fileMs = fileTimeouts.get(enterFile());
    const ms = explicitMs ?? (kind === 'hook' ? Math.max(fileMs ?? 0, HOOK_MS) : (fileMs ?? TEST_MS));
    let timer;
    const ran =
      fn.length >= 1
        ? new Promise((resolve, reject) => fn((error) => (error ? reject(error) : resolve())))
        : Promise.resolve().then(fn);
    const expired = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${ms} ms for a ${kind}.`)), ms);
    });
    return Promise.race([ran, expired]).finally(() => clearTimeout(timer));
  };
  return bounded;
}

function testFunction(register) {
  const timedTest = (name, fn, ms) => register(name, fn && timed(fn, ms, 'test'));
  timedTest.each = bind(timedTest);
  return timedTest;
}

const it = testFunction(circus.it);
it.only = testFunction(circus.it.only);
it.skip = circus.it.skip;
it.todo = circus.it.todo;

function hook(register) {
  return (fn, ms) => register(timed(fn, ms, 'hook'));
}

// Fake timers that take Jest's configuration (which parts of the clock to fake), as jest.useFakeTimers does.
const timers = new ModernFakeTimers({ config: { fakeTimers: {} }, global: globalThis });

Object.assign(globalThis, {
  it,
  test: it,
  beforeAll: hook(circus.beforeAll),
  afterAll: hook(circus.afterAll),
  beforeEach: hook(circus.beforeEach),
  afterEach: hook(circus.afterEach),
});
Object.assign(globalThis.jest, {
  setTimeout(ms) {
    fileTimeouts.set(circus.getState().rootDescribeBlock, ms);
    return globalThis.jest;
  },
  useFakeTimers(config) {
    timers.useFakeTimers(config);
    return globalThis.jest;
  },
  useRealTimers() {
    timers.useRealTimers();
    return globalThis.jest;
  },
  setSystemTime(now) {
    timers.setSystemTime(now);
    return globalThis.jest;
  },
  advanceTimersByTime(ms) {
    timers.advanceTimersByTime(ms);
    return globalThis.jest;
  },
});
