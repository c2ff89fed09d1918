import { API_KEY_HEADER } from '@tourly/contracts';
import type { FastifyRequest } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a browser says of a request's initiator that this site accepts: its own pages, or the person (`none`). */
const ACCEPTED_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Whether an unsafe request was sent by a page of another site (a form or script on evil.example posting
 * here): such a request is refused on every route, signed in or not, so another site cannot sign a browser
 * into an account of its choosing (login CSRF), nor sign up or ask for password resets in its name.
 *
 * A browser says where a request comes from: `Sec-Fetch-Site` (every current browser), else `Origin` (sent
 * with every cross-origin POST, and with same-origin ones too), else `Referer`. `same-site` is refused as
 * well: a sibling subdomain may be a provider's page. A request that says none of these is not a browser's
 * (an API client, the Stripe webhook, curl) and goes on. Requests carrying `Authorization` or an API key go
 * on too: a page of another site cannot add those headers without a CORS preflight, which the gateway never
 * grants, and they are not authenticated by the cookie.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  if (request.headers.authorization || request.headers[API_KEY_HEADER]) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite) return !ACCEPTED_FETCH_SITES.has(fetchSite.toLowerCase());
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return !isOwnOrigin(origin, request.host);
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer) return !isOwnOrigin(referer, request.host);
  return false;
}

/**
 * Whether a URL (an `Origin` or a `Referer`) names this site as the client reached it: the same host and port
 * (`Host`, or `X-Forwarded-Host` from a trusted proxy). `null` (a sandboxed frame, a redirect across sites)
 * and anything unparseable are foreign. The scheme is not compared: behind a TLS-terminating proxy the
 * gateway sees http while the page is https, and HSTS keeps the site off plain http in production.
 */
function isOwnOrigin(url: string, host: string): boolean {
  let given: URL;
  try {
    given = new URL(url);
  } catch {
    return false;
  }
  if (given.protocol !== 'https:' && given.protocol !== 'http:') return false;
  if (!host) return false;
  try {
    return given.host === new URL(`${given.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
