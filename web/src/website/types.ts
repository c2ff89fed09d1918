import type { Answer } from '../api/types';

/**
 * The single-property website's data as visitors get it (GET /tours/{provider}/{slug}/website.json, camelCased):
 * the property, the settings, the features and the media chosen for the page. The provider's preview builds the
 * same shape from its own data, so both show one component.
 */
export type PublicWebsite = Answer<'/tours/{providerId}/{slug}/website.json', 'get'>;
export type WebsiteMedia = PublicWebsite['photos'][number];
