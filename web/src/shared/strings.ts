import { MESSAGES, PRODUCT } from '@tourly/contracts';

// The spec's messages live in libs/contracts so the services and the web app quote the same text.
export { MESSAGES };

/** The product's display name, from the one lowercase name kept in libs/contracts. */
export const PRODUCT_NAME = PRODUCT.charAt(0).toUpperCase() + PRODUCT.slice(1);
