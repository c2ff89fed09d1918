// The web's unit tests (pure rules beside their code, `src/**/*.spec.ts`) in the repository's one Jest run, with
// the shared preset: its SWC transform turns the tests and what they import into CommonJS, as for every other
// workspace (the package itself is ESM, hence this file's extension). Tests import `describe`, `it` and `expect`
// from '@jest/globals', so the web's type check needs no Jest types.
import { fileURLToPath } from 'node:url';
import preset from '../jest.preset.js';

export default preset(fileURLToPath(new URL('.', import.meta.url)), 'web');
