import { SKETCHFAB_CALLBACK_PATH, SKETCHFAB_MESSAGES, sketchfabReturnPage } from '@tourly/contracts';
import { STAGING_LIMITS } from '../staging/staging-assets.rules';

/** What the platform asks of a provider's Sketchfab account: to read its profile and download models. */
export const SKETCHFAB_OAUTH_SCOPE = 'read';
/** How long an authorisation may take on Sketchfab's page before its state stops working. */
export const AUTHORIZATION_MINUTES = 10;
/** How long one call to Sketchfab's API or token endpoint may take. */
export const API_TIMEOUT_MS = 8_000;
/** How long downloading a model's file may take (25 MB at a slow 2 MB/s, and some). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;
/** A glTF zip's files, inflated, may hold this much in all: a few times the GLB they make may weigh. */
export const MAX_ARCHIVE_INFLATED_BYTES = 4 * STAGING_LIMITS.maxModelBytes;

/** Search results a page: a column of cards beside the editor's scene. */
export const SEARCH_PAGE_SIZE = 6;

/** Sketchfab's model uids: 32 hexadecimal digits. */
export const SKETCHFAB_UID = /^[0-9a-f]{32}$/;

/**
 * Which licences let a provider place a model, unchanged, in a scene it sells to its clients (a staged listing is
 * commercial use, and the model is shown as it is, credited):
 *
 * | slug       | licence                                  | allowed | why                                               |
 * | ---------- | ---------------------------------------- | ------- | ------------------------------------------------- |
 * | `cc0`      | CC0 Public Domain                        | yes     | no conditions                                     |
 * | `by`       | CC Attribution                           | yes     | commercial use allowed; the credit is shown       |
 * | `by-sa`    | CC Attribution-ShareAlike                | yes     | the model is not modified, so nothing to share    |
 * | `st`       | Standard (Sketchfab store)               | yes     | any use, commercial or not, in a derivative work  |
 * | `by-nd`    | CC Attribution-NoDerivs                  | no      | the import converts and the scene places it       |
 * | `by-nc`    | CC Attribution-NonCommercial             | no      | staging is sold                                   |
 * | `by-nc-sa` | CC Attribution-NonCommercial-ShareAlike  | no      | staging is sold                                   |
 * | `by-nc-nd` | CC Attribution-NonCommercial-NoDerivs    | no      | both                                              |
 * | `ed`       | Editorial                                | no      | news use only, no commercial or promotional use   |
 * | other/none | anything Sketchfab adds later            | no      | unknown terms are not assumed to allow it         |
 */
export const ALLOWED_LICENSES: ReadonlySet<string> = new Set(['cc0', 'by', 'by-sa', 'st']);

/** Why a model may not be imported, in words (a SketchfabError); null when it may. */
export function importRefusal(model: {
  isDownloadable: boolean;
  license: { slug: string; label: string } | null;
}): string | null {
  if (!model.isDownloadable) return SKETCHFAB_MESSAGES.notDownloadable;
  if (!model.license || !ALLOWED_LICENSES.has(model.license.slug)) {
    return SKETCHFAB_MESSAGES.licenseRefused(model.license?.label ?? 'unknown');
  }
  return null;
}

/**
 * The library's category an imported model goes into, from the words of its name and tags (the first rule that
 * matches); `decor` when none does. The provider's own asset: the back office can move it.
 */
const CATEGORY_WORDS: ReadonlyArray<readonly [category: string, words: RegExp]> = [
  ['sofas', /\b(sofa|couch|settee|loveseat|sectional)s?\b/],
  ['beds', /\b(bed|headboard|mattress)s?\b/],
  ['lighting', /\b(lamp|light|lighting|chandelier|sconce|pendant)s?\b/],
  ['plants', /\b(plant|fig|fern|tree|succulent|cactus|flower)s?\b/],
  ['rugs', /\b(rug|carpet|mat)s?\b/],
  ['office', /\b(desk|office|bookcase)s?\b/],
  ['chairs', /\b(chair|armchair|stool|bench|ottoman)s?\b/],
  ['tables', /\b(table|nightstand)s?\b/],
  ['storage', /\b(sideboard|cabinet|dresser|wardrobe|shelf|shelves|shelving|drawers?|credenza)\b/],
  ['kitchen', /\b(kitchen|fridge|oven|stove)s?\b/],
  ['bathroom', /\b(bath|bathtub|toilet|sink|shower|vanity)s?\b/],
  ['outdoor', /\b(outdoor|garden|patio|parasol)s?\b/],
];
export const FALLBACK_CATEGORY = 'decor';

export function categoryFor(model: { name: string; tags: string[] }): string {
  const words = [model.name, ...model.tags].join(' ').toLowerCase();
  return CATEGORY_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? FALLBACK_CATEGORY;
}

/** A text cut to `max` characters (names and credit text the library keeps short). */
export function clipped(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/** An absolute http(s) URL of at most the library's URL length, else null. */
export function httpLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > STAGING_LIMITS.url) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Where Sketchfab sends the browser back to: the gateway's callback route on the app's own address. */
export function redirectUriOf(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}${SKETCHFAB_CALLBACK_PATH}`;
}

/** Sketchfab's authorisation page for one attempt (RFC 6749 §4.1.1; Sketchfab takes no PKCE). */
export function authorizeUrl(options: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
}): string {
  const url = new URL(options.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', SKETCHFAB_OAUTH_SCOPE);
  url.searchParams.set('state', options.state);
  return url.toString();
}

/**
 * Where the callback sends the browser: the property's staging editor, told the outcome; without a property (a state
 * that names none), the properties list.
 */
export function returnLocation(
  propertyId: string | null,
  outcome: { connected: true } | { failed: string },
): string {
  const page = propertyId ? sketchfabReturnPage(propertyId) : '/provider/properties';
  return 'connected' in outcome
    ? `${page}?sketchfab=connected`
    : `${page}?sketchfab=failed&reason=${encodeURIComponent(outcome.failed)}`;
}

/** Why an authorisation Sketchfab answered with an error (RFC 6749 §4.1.2.1) did not connect. */
export function vendorRefusal(error: string): string {
  return error === 'access_denied' ? SKETCHFAB_MESSAGES.denied : SKETCHFAB_MESSAGES.vendorError;
}

/** What each sealed secret is bound to (authenticated with it): a value copied elsewhere does not open. */
export const sealedFor = {
  accessToken: (providerId: string) => `sketchfab:access_token:${providerId}`,
  refreshToken: (providerId: string) => `sketchfab:refresh_token:${providerId}`,
};
