import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import type { Media, Property } from '../api';
import { useWebsiteQuery } from '../queries';
import { PropertyFeaturesForm } from './PropertyFeaturesForm';
import { WebsiteFloorplan } from './WebsiteFloorplan';
import { WebsitePhotos } from './WebsitePhotos';
import { WebsitePreview } from './WebsitePreview';
import { WebsiteSettingsForm } from './WebsiteSettingsForm';

interface WebsiteSectionProps {
  property: Property;
  /** The property's photos, as the Photos section has them (so uploads and deletions show here too). */
  photos: Media[] | undefined;
  /** The property's floorplans, as the Floorplans section has them. */
  floorplans: Media[] | undefined;
}

/**
 * The property's single-property website (001 §7 Website, GET .../website/): whether it is live (the published
 * feature `website`, switched under Publishing), then its parts, each saved on its own: settings, the property's
 * features, the photos it shows and, when the property has floorplans, the floorplan. "Preview" shows the page
 * as visitors will see it, at a desktop's or a phone's width.
 */
export function WebsiteSection({ property, photos, floorplans }: WebsiteSectionProps) {
  const website = useWebsiteQuery(property.id);
  const live = property.publishedFeatures.website;
  const data = website.data;
  const [previewing, setPreviewing] = useState(false);

  return (
    <section className="card website-section" aria-labelledby="property-website">
      <div className="section-heading">
        <h2 id="property-website">Website</h2>
        <span className={`badge ${live ? 'badge-success' : 'badge-neutral'}`}>
          {live ? 'Live' : 'Not published'}
        </span>
        {data && (
          <button
            type="button"
            className="button button-secondary website-preview-button"
            onClick={() => setPreviewing(true)}
          >
            Preview
          </button>
        )}
      </div>
      <p className="field-hint website-hint">
        {live
          ? 'Visitors see the website as it is saved here. To take it down, turn off “Publish the website” under Publishing.'
          : 'Build the website here and save each part; “Publish the website” under Publishing makes it live (publishing comes with a paid plan).'}
        {data?.updatedAt && ` Last changed ${formatDate(data.updatedAt)}.`}
      </p>
      {website.error && !data ? (
        <>
          <ErrorDisplay error={website.error} />
          <button type="button" className="button button-secondary" onClick={() => void website.refetch()}>
            Try again
          </button>
        </>
      ) : !data ? (
        <p className="muted" role="status">
          Loading the website…
        </p>
      ) : (
        <>
          <WebsiteSettingsForm website={data} />
          <PropertyFeaturesForm website={data} />
          <WebsitePhotos website={data} photos={photos} />
          <WebsiteFloorplan website={data} floorplans={floorplans} />
        </>
      )}
      {previewing && data && (
        <WebsitePreview
          property={property}
          website={data}
          photos={photos}
          floorplans={floorplans}
          onClose={() => setPreviewing(false)}
        />
      )}
    </section>
  );
}
