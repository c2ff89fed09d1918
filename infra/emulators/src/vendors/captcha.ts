import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../vendor';

/** The one response token the emulator rejects, so tests can exercise a failed captcha on purpose. */
export const FAILING_CAPTCHA_TOKEN = 'fail';

type CaptchaErrorCode = 'missing-input-secret' | 'invalid-input-response';

export type SiteverifyResult =
  | { success: true; challenge_ts: string; hostname: string }
  | { success: false; 'error-codes': CaptchaErrorCode[] };

interface SiteverifyParams {
  secret?: unknown;
  response?: unknown;
}

/** Google reCAPTCHA's siteverify: any secret is accepted, any token except the failing one passes. */
export function createCaptchaVendor(): Vendor {
  return { name: 'captcha', prefix: '/captcha', routes: captchaRoutes };
}

const captchaRoutes: FastifyPluginAsync = async (app) => {
  // Like Google, the parameters may come in the query string as well as in the body.
  app.post<{ Querystring: SiteverifyParams; Body: SiteverifyParams | undefined }>(
    '/siteverify',
    async (request) => verify({ ...request.query, ...request.body }),
  );
};

function verify({ secret, response }: SiteverifyParams): SiteverifyResult {
  if (!isNonEmptyString(secret)) return { success: false, 'error-codes': ['missing-input-secret'] };
  if (!isNonEmptyString(response) || response === FAILING_CAPTCHA_TOKEN) {
    return { success: false, 'error-codes': ['invalid-input-response'] };
  }
  return { success: true, challenge_ts: timestampWithoutMillis(new Date()), hostname: 'localhost' };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Google answers challenge_ts as yyyy-MM-ddTHH:mm:ssZ. */
function timestampWithoutMillis(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
