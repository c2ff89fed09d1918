/** The pages a person opens Stripe's customer portal from, and where each brings them back. */
export const PORTAL_ORIGINS = {
  billing: '/provider/billing',
  credits: '/provider/billing/credits',
} as const;
export type PortalOrigin = keyof typeof PORTAL_ORIGINS;

export const NOT_THIS_SITE = 'must be a page of this site';

/**
 * Where Stripe's portal sends the person back: `returnUrl` when it is a page of the site they are on (`siteOrigin`,
 * e.g. `https://app.example.com`), given whole or as a path; else the page they came from; else the billing page.
 * Another site is refused (undefined): the portal must not become a way to send people elsewhere.
 */
export function portalReturnUrl(
  siteOrigin: string,
  cameFrom: PortalOrigin | undefined,
  returnUrl: string | undefined,
): string | undefined {
  if (returnUrl === undefined || returnUrl === '') return siteOrigin + PORTAL_ORIGINS[cameFrom ?? 'billing'];
  // A path of this site, never a protocol-relative `//other.example` nor a backslash that browsers read as one.
  if (/^\/(?![/\\])/.test(returnUrl)) return siteOrigin + returnUrl;
  try {
    const url = new URL(returnUrl);
    return url.origin === siteOrigin ? url.href : undefined;
  } catch {
    return undefined;
  }
}
