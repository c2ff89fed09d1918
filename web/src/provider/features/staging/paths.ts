import { propertyPath } from '../properties/paths';

/** The property's staging (001 §2 "staging save"): the scene's state, with Edit and Publish. */
export const stagingPath = (propertyId: string) => `${propertyPath(propertyId)}/vt_staging`;

/** The staging editor (001 §2, the creator studio). */
export const stagingEditorPath = (propertyId: string) => `${stagingPath(propertyId)}/edit`;
