import type { Answer } from '../api/types';

/**
 * The single-property website's data as visitors get it (GET /tours/{provider}/{slug}/website.json, camelCased):
 * the property, the settings, the features and the media chosen for the page, with what only visitors get: the
 * agents' cards, the map's tiles and the shared tour's link to embed.
 */
export type VisitorWebsite = Answer<'/tours/{providerId}/{slug}/website.json', 'get'>;

/**
 * What the website's component shows from the data itself. The provider's preview builds the same shape from its
 * own data, so both show one component; the visitor's extras are handed to the component apart.
 */
export type PublicWebsite = Omit<VisitorWebsite, 'agents' | 'map' | 'tourEmbedUrl'>;
export type WebsiteMedia = PublicWebsite['photos'][number];
