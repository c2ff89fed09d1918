/**
 * The player's pages, read from the address (the gateway serves player.html for every path under `/tours/`):
 * a tour at its default link `/tours/{client_slug}/{model_slug}` or its multiple-listing-service link `.../mls`,
 * and the property's website at `/tours/{provider_id}/{slug}/website` (beside the data it shows, `website.json`).
 */
export type PlayerRoute =
  | { page: 'tour'; clientSlug: string; modelSlug: string; mls: boolean }
  | { page: 'website'; providerId: string; slug: string };

export function routeOf(pathname: string): PlayerRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
  if (parts[0] !== 'tours' || parts.some((part) => part === '')) return null;
  const [, first, second, third] = parts;
  if (!first || !second || parts.length > 4) return null;
  if (parts.length === 3) return { page: 'tour', clientSlug: first, modelSlug: second, mls: false };
  if (third === 'mls') return { page: 'tour', clientSlug: first, modelSlug: second, mls: true };
  if (third === 'website') return { page: 'website', providerId: first, slug: second };
  return null;
}
