import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Vendor } from '../../vendor';

/** The hand-written stand-in, in infra/emulators/static (the same place relative to src/ and dist/). */
const SCRIPT = join(__dirname, '..', '..', '..', 'static', 'stripe-js', 'v3.js');

/**
 * Stripe.js for offline browsers: `GET /stripe-js/v3.js` defines `window.Stripe` (what
 * @stripe/react-stripe-js needs), talking to the Stripe emulator at the origin it was loaded from.
 * `@stripe/stripe-js/pure`'s loadStripe uses `window.Stripe` when the page loaded this script first.
 */
export function createStripeJsVendor(): Vendor {
  return {
    name: 'stripejs',
    prefix: '/stripe-js',
    routes: async (app) => {
      for (const url of ['/v3.js', '/v3', '/v3/']) {
        app.get(url, async (_request, reply) =>
          reply
            .header('content-type', 'application/javascript; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('access-control-allow-origin', '*')
            .send(await readFile(SCRIPT, 'utf8')),
        );
      }
    },
  };
}
