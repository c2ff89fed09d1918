/** The properties list (001 §2), where an administrator lands after impersonating. */
export const PROPERTIES_PATH = '/provider/properties';

/** A property's page. */
export const propertyPath = (id: string) => `${PROPERTIES_PATH}/${encodeURIComponent(id)}`;
