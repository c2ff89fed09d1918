import { propertyPath } from '../properties/paths';

/** The property's digital twin: its model, its alignment and whether visitors see it. */
export const digitalTwinPath = (propertyId: string) => `${propertyPath(propertyId)}/digital-twin`;
