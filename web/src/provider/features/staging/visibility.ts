import type { Property } from '../properties/api';

/**
 * What publishing the staging did for visitors, in words: staged rooms are seen in the shared tour only, so a tour
 * that is not shared yet is said to be (publishing the layers never shares it).
 */
export function publishedNotice(property: Pick<Property, 'publishedFeatures'>): string {
  return property.publishedFeatures.tour
    ? 'Published: visitors now see the staged room.'
    : 'Published. The tour is not shared yet: turn on “Share the tour” under Publishing on the property’s page, and visitors see the staged room.';
}
