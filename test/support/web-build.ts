import path from 'node:path';
import { built } from './build';

const ROOT = path.resolve(__dirname, '..', '..');

/** The web app the browser tests load: web/dist, as `npm run build` builds it (the bundle that ships). */
export async function builtWebApp(): Promise<string> {
  await built(['web']);
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
