import { APP_KEY } from '../../../shared/queryClient';
import { propertyKeys } from '../properties/queries';
import type { TemplateQuery } from './layers/api';

/**
 * The tour's cache keys, for both tabs' queries: a change on one side (a branding saved, a draft edited) refreshes
 * what the other shows. Under the property's keys, so deleting the property forgets its tour too.
 */
export const tourKeys = {
  playerLink: (propertyId: string) => [...propertyKeys.one(propertyId), 'player-link'] as const,
  tour: (propertyId: string) => [...propertyKeys.one(propertyId), 'tour'] as const,
  draft: (propertyId: string) => [...tourKeys.tour(propertyId), 'draft'] as const,
  preview: (propertyId: string) => [...tourKeys.tour(propertyId), 'preview'] as const,
  /** The provider's overlay templates, shared by all its tours. */
  templates: () => [APP_KEY, 'overlay-templates'] as const,
  templatesPage: (query: TemplateQuery) => [...tourKeys.templates(), query] as const,
};
