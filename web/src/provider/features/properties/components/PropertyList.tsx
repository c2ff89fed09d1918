import { Link } from 'react-router';
import type { Property } from '../api';
import { propertyPath } from '../paths';
import { HeroThumbnail } from './HeroThumbnail';
import { PropertyBadges } from './PropertyBadges';

/** One row per property: its picture, title (the link to its page; the whole row is tappable), address, badges. */
export function PropertyList({ properties, busy }: { properties: Property[]; busy: boolean }) {
  return (
    <ul className="property-list" aria-label="Properties" aria-busy={busy || undefined}>
      {properties.map((property) => (
        <li key={property.id} className="property-row">
          <HeroThumbnail propertyId={property.id} title={property.title} />
          <div className="property-row-main">
            <h2 className="property-row-title">
              <Link to={propertyPath(property.id)}>{property.title}</Link>
            </h2>
            <p className="property-row-address muted">
              {property.geocodedAddress?.formattedAddress ?? property.address}
            </p>
            <PropertyBadges property={property} />
          </div>
        </li>
      ))}
    </ul>
  );
}
