import type { Property } from '../api';

/** The tour type (basic or premium) and whether the tour is published, as short words. */
export function PropertyBadges({ property }: { property: Property }) {
  const premium = property.tourType === 'premium';
  const published = property.publishedFeatures.tour;
  return (
    <span className="property-badges" role="group" aria-label="Tour status">
      <span className={`badge ${premium ? 'badge-premium' : 'badge-neutral'}`}>
        {premium ? 'Premium' : 'Basic'}
      </span>
      <span className={`badge ${published ? 'badge-success' : 'badge-neutral'}`}>
        {published ? 'Published' : 'Unpublished'}
      </span>
      {property.immexSubscriptionId && <span className="badge badge-progress">Paid separately</span>}
    </span>
  );
}
