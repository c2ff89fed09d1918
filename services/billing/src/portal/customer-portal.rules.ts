import { isIP } from 'node:net';
import type { ProviderByHostRequest } from '@tourly/contracts';

/** The pages a person opens Stripe's customer portal from, and where each brings them back. */
export const PORTAL_ORIGINS = {
  billing: '/provider/billing',
  credits: '/provider/billing/credits',
} as const;
export type PortalOrigin = keyof typeof PORTAL_ORIGINS;

/** The pages a person opens Stripe's onboarding of the merchant account from, and where each brings them back. */
export const ACCOUNT_LINK_ORIGINS = {
  billing: '/provider/billing',
  hosting_fees: '/provider/hosting_fees',
} as const;
export type AccountLinkOrigin = keyof typeof ACCOUNT_LINK_ORIGINS;

export const NOT_THIS_SITE = 'must be a page of this site';

/**
 * Where one of Stripe's pages (the customer portal, the merchant account's onboarding) sends the person back:
 * - `app`: a page of the platform (`appUrl`, APP_URL): `returnUrl` given as a path or whole on APP_URL's origin,
 *   else `fallbackPath` (the page they came from, else the billing page);
 * - `own_host`: a whole URL on a host that may be the provider's own (a subdomain of APP_URL's host on its scheme
 *   and port, or a white-label domain over https on the default port), to be used only once identity says the host
 *   is the provider's (`host`, the question to ask it);
 * - `refused`: anything else, so the portal cannot become a way to send people elsewhere.
 * The host a request came to plays no part: anyone can write a Host header.
 */
export type PortalReturn =
  | { kind: 'app'; url: string }
  | { kind: 'own_host'; url: string; host: ProviderByHostRequest }
  | { kind: 'refused' };

export function portalReturn(
  appUrl: string,
  fallbackPath: string,
  returnUrl: string | undefined,
): PortalReturn {
  const app = new URL(appUrl);
  if (returnUrl === undefined || returnUrl === '') {
    return { kind: 'app', url: app.origin + fallbackPath };
  }
  // A path of the platform, never a protocol-relative `//other.example` nor a backslash that browsers read as one.
  if (/^\/(?![/\\])/.test(returnUrl)) return { kind: 'app', url: app.origin + returnUrl };
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return { kind: 'refused' };
  }
  if (url.username || url.password) return { kind: 'refused' };
  if (url.origin === app.origin) return { kind: 'app', url: url.href };
  const appHost = app.hostname.toLowerCase();
  const host = url.hostname.toLowerCase();
  if (host.endsWith(`.${appHost}`)) {
    const label = host.slice(0, -appHost.length - 1);
    const sameServer = url.protocol === app.protocol && url.port === app.port;
    return sameServer && /^[a-z0-9-]+$/.test(label)
      ? { kind: 'own_host', url: url.href, host: { subdomain: label } }
      : { kind: 'refused' };
  }
  if (
    url.protocol === 'https:' &&
    url.port === '' &&
    host.includes('.') &&
    !isIP(host.replace(/^\[|\]$/g, ''))
  ) {
    return { kind: 'own_host', url: url.href, host: { domain: host } };
  }
  return { kind: 'refused' };
}
