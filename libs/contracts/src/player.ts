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
