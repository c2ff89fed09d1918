/**
 * The visitor's player (issue 13): the words its public API answers, the tour's public id, and the request-reply the
 * gateway asks to route a provider's own hosts.
 */

export const PLAYER_MESSAGES = {
  /** Every reason a visitor may not see a tour answers this same 404, so none reveals that the tour exists. */
  tourNotFound: 'Tour not found',
  passwordRequired: 'This tour is protected by a password.',
  wrongPassword: 'Wrong username or password.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** `~` never occurs in a slug, so it parts a public id's two slugs. */
const PUBLIC_ID_SEPARATOR = '~';

/** A tour's public id: `{client_slug}~{model_slug}`, its player link's two slugs. */
export function tourPublicId(clientSlug: string, modelSlug: string): string {
  return `${clientSlug}${PUBLIC_ID_SEPARATOR}${modelSlug}`;
}

/** The two slugs of a public id; null when it is not one. */
export function parseTourPublicId(id: string): { clientSlug: string; modelSlug: string } | null {
  const parts = id.split(PUBLIC_ID_SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { clientSlug: parts[0], modelSlug: parts[1] };
}

/**
 * The player's pages, read from the address (the gateway serves player.html for every path under `/tours/`):
 * a tour at its default link `/tours/{client_slug}/{model_slug}` or its multiple-listing-service link `.../mls`,
 * and the property's website at `/tours/{provider_id}/{slug}/website` (beside the data it shows, `website.json`).
 */
export type PlayerRoute =
  | { page: 'tour'; clientSlug: string; modelSlug: string; mls: boolean }
  | { page: 'website'; providerId: string; slug: string };

export function routeOf(pathname: string): PlayerRoute | null {
  let parts: string[];
  try {
    parts = pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
  } catch {
    // A malformed escape (`%E0%A4%A`) names no page.
    return null;
  }
  if (parts[0] !== 'tours' || parts.some((part) => part === '')) return null;
  const [, first, second, third] = parts;
  if (!first || !second || parts.length > 4) return null;
  if (parts.length === 3) return { page: 'tour', clientSlug: first, modelSlug: second, mls: false };
  if (third === 'mls') return { page: 'tour', clientSlug: first, modelSlug: second, mls: true };
  if (third === 'website') return { page: 'website', providerId: first, slug: second };
  return null;
}

/**
 * What the player asks first for a tour: its published layers (`base.json`, with `?mls=1` on the MLS link). The
 * gateway preloads it with the page, so the request starts before the page's code has arrived.
 */
export function tourLayersPath(publicId: string, mls: boolean): string {
  return `/digital_twin/${encodeURIComponent(publicId)}/layers/base.json${mls ? '?mls=1' : ''}`;
}

/**
 * The header the gateway sets on every request it forwards to properties: the provider whose own host (subdomain
 * or active white-label domain) the request came to; absent on the app's host. The gateway drops a client's own.
 */
export const HOST_PROVIDER_HEADER = 'x-host-provider-id';

/**
 * Request-reply: which provider a host other than the app's belongs to. `subdomain`: the first label of a host
 * under the app's host; `domain`: any other host, matched against active white-label domains. `providerId`: null
 * when no provider has it.
 */
export const PROVIDER_BY_HOST = 'identity.providers.by_host';

export type ProviderByHostRequest = { subdomain: string } | { domain: string };

export interface ProviderByHost {
  providerId: string | null;
}
