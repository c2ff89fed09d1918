/** Headers on every answer the gateway gives, its own and the services' alike. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'SAMEORIGIN',
};

/** Origins (or origin and path prefixes) a page may use beyond its own policy, e.g. the captcha's script. */
export interface PageSources {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  /** Images and media beyond HTTPS ones: local storage and emulators in development. */
  img?: readonly string[];
}

/**
 * The pages (the web app): what they may load. Frames only from the given sources (the scan viewer's); images from anywhere over HTTPS
 * (property media lives on storage hosts); plus the given sources (the captcha's and Stripe.js's scripts, frames
 * and requests, when they are configured).
 */
function contentSecurityPolicy(extra: PageSources, embeddable: boolean): string {
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(extra.script ?? [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...(extra.img ?? [])]],
    ['media-src', ["'self'", 'blob:', 'https:', ...(extra.img ?? [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'https:', ...(extra.connect ?? [])]],
    ['frame-src', extra.frame?.length ? extra.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [embeddable ? '*' : "'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** Several features' sources in one: each directive's lists joined (the policy drops duplicates). */
export function mergeSources(...sources: PageSources[]): PageSources {
  return {
    script: sources.flatMap((source) => source.script ?? []),
    frame: sources.flatMap((source) => source.frame ?? []),
    connect: sources.flatMap((source) => source.connect ?? []),
    img: sources.flatMap((source) => source.img ?? []),
  };
}

export function pageSecurityHeaders(embeddable: boolean, extra: PageSources = {}): Record<string, string> {
  const headers: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(extra, embeddable),
  };
  // The public tour player is meant to be embedded in other sites.
  if (embeddable) delete headers['x-frame-options'];
  return headers;
}

export const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
