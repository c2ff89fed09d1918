/**
 * The product's own short name. Where the spec writes `{product}` (the language key `{product}-lang`, the tag
 * setting `{product}TagsEnabled`), this is the word; it also names packages, cookies and storage keys.
 */
export const PRODUCT = 'tourly';

/** Where the player keeps the visitor's language choice (001 §5: `{product}-lang`), so it holds on the next visit. */
export const LANGUAGE_STORAGE_KEY = `${PRODUCT}-lang`;
