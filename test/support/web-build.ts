import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The web app built for the browser tests, as `npm run build` builds it (web/dist, the bundle that ships), once for
 * all their files: infra/tools/build.js builds it again only when its sources change and makes Jest's other worker
 * wait for the one that builds.
 */
export async function builtWebApp(): Promise<string> {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'infra', 'tools', 'build.js'), 'web'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return path.join(ROOT, 'web', 'dist');
}

/**
 * What the gateway needs to serve the built pages in a browser test: the build, the emulators' Stripe.js, and
 * images from the local S3 and the emulators (each on a port chosen at start).
 */
export function pagesEnv(webDist: string, emulatorsUrl: string): Record<string, string> {
  return {
    WEB_DIST: webDist,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
    STRIPE_JS_URL: `${emulatorsUrl}/stripe-js/v3.js`,
    IMAGE_ORIGINS: 'http://127.0.0.1:*',
  };
}
