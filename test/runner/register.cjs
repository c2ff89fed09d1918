// Loaded by every test worker (NODE_OPTIONS, set by global-setup.cjs) before any test file: TypeScript compiled
// on require by SWC with the repository's paths (@tourly/* to sources), and `@jest/globals` answered by this
// runner's globals, since the light runner runs test files in plain Node rather than inside Jest's module system.
const path = require('node:path');
const Module = require('node:module');

process.env.SWC_NODE_PROJECT = path.join(__dirname, 'tsconfig.json');
require('@swc-node/register');

// Test files are loaded with import(): Node's ESM loader hands .ts files back to require (and so to SWC).
Module.register('./ts-as-commonjs.mjs', require('node:url').pathToFileURL(__filename));

const jestGlobals = path.join(__dirname, 'jest-globals.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  return request === '@jest/globals' ? jestGlobals : resolveFilename.call(this, request, ...rest);
};

// jest-light-runner (0.8.2) hands a child-process worker its configuration by broadcasting it to every worker that
// has a task at that moment: a worker that gets it before asking drops it, then asks when no one answers, and its
// test file never starts. Keep the configuration whenever it comes, and answer a worker's own later request with it.
const WORKER_DATA = 'jest-light-runner-worker-data';
let workerData;
// Seen on its way to the listeners (a listener of our own would start reading the IPC channel before tinypool's).
const emit = process.emit;
process.emit = function emitMessage(event, message, ...rest) {
  if (event === 'message' && message?.type === WORKER_DATA) workerData = message;
  return emit.call(this, event, message, ...rest);
};
const send = process.send?.bind(process);
if (send) {
  process.send = (message, ...rest) => {
    if (message === 'jest-light-runner-get-worker-data' && workerData) {
      setImmediate(() => process.emit('message', workerData));
      return true;
    }
    return send(message, ...rest);
  };
}

// What the worker's own children (the product's processes some tests start) must not inherit.
process.env.NODE_OPTIONS = (process.env.NODE_OPTIONS ?? '').replace(`--require ${__filename}`, '').trim();
