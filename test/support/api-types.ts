import { execFile } from 'node:child_process';
import path from 'node:path';

/** The web's API types, generated from the gateway's OpenAPI document: never edited by hand. */
export const API_TYPES_FILE = path.resolve(__dirname, '../../web/src/api/schema.gen.ts');

/** The TypeScript of `document`'s paths and schemas (snake_case, as on the wire), formatted as the repo is. */
export function renderApiTypes(document: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'render-api-types.mjs'), API_TYPES_FILE],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}
