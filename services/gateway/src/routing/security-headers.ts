/** Headers on every answer the gateway gives, its own and the services' alike. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The pages (the web app): what they may load. Stripe.js and its frames for card entry, Matterport for the
 * scan viewer; images from anywhere over HTTPS (property media lives on storage hosts).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https:",
  'frame-src https://js.stripe.com https://hooks.stripe.com https://my.matterport.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function pageSecurityHeaders(embeddable: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    'content-security-policy': `${CONTENT_SECURITY_POLICY}; frame-ancestors ${embeddable ? '*' : "'self'"}`,
  };
  // The public tour player is meant to be embedded in other sites.
  if (embeddable) delete headers['x-frame-options'];
  return headers;
}

export const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
