/**
 * The product's own short name. Where the spec writes `{product}` (the language key `{product}-lang`, the tag
 * setting `{product}TagsEnabled`), this is the word; it also names packages, cookies and storage keys.
 */
export const PRODUCT = 'tourly';

export const LANGUAGE_STORAGE_KEY = `${PRODUCT}-lang`;
export const TAGS_ENABLED_SETTING = `${PRODUCT}TagsEnabled`;
