import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useArrivalState } from '../../shared/useArrivalState';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { AgentsSection } from '../features/agents/AgentsSection';
import { propertyAnalyticsPath } from '../features/analytics/paths';
import {
  OrderFloorplanDialog,
  OrderRetouchingDialog,
  OrderWorkshopDialog,
} from '../features/orders/components/OrderFloorplanDialog';
import { digitalTwinPath } from '../features/digitalTwin/paths';
import { DocumentsSection } from '../features/properties/components/DocumentsSection';
import { FloorplansSection } from '../features/properties/components/FloorplansSection';
import { LeadsSection } from '../features/properties/components/LeadsSection';
import { MediaLinksSection } from '../features/properties/components/MediaLinksSection';
import { PhotosSection } from '../features/properties/components/PhotosSection';
import { PropertyBadges } from '../features/properties/components/PropertyBadges';
import { PropertyDetails } from '../features/properties/components/PropertyDetails';
import { PublishingSection } from '../features/properties/components/PublishingSection';
import { VideosSection } from '../features/properties/components/VideosSection';
import { WebsiteSection } from '../features/properties/components/WebsiteSection';
import { PROPERTIES_PATH } from '../features/properties/paths';
import { PropertyReadOnly } from '../features/properties/readOnly';
import { SegmentationSection } from '../features/segmentation/components/SegmentationSection';
import '../features/properties/properties.css';
import { useFloorplansQuery, usePhotosQuery, usePropertyQuery } from '../features/properties/queries';
import { stagingPath } from '../features/staging/paths';
import { tourSpacePath } from '../features/tours/paths';
import type { PropertiesPageState } from './PropertiesPage';
import { useAccountPermissionsQuery } from '../features/settings/queries';

// The order form loads when "Order a floor plan" is first pressed.

/**
 * `/provider/properties/:id`: one property's details (edit, delete), "Order a floor plan" (the order modal, then the
 * new order's page), publishing (with the plan upgrade and the
 * pay-and-publish modals), photos, floorplans, videos, documents, media links, the single-property website and the
 * leads visitors sent; the segmentation of its scan's panoramas; a link to its visitor analytics.
 * Another provider's property, a deleted one or a malformed id: "Property not found", with the way back.
 */
export default function PropertyPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const created = useArrivalState<{ created?: boolean }>()?.created === true;
  const loaded = usePropertyQuery(id);
  // Shown under Photos and chosen from in the website section, so an upload or a deletion reaches both.
  const photos = usePhotosQuery(id);
  // Likewise the floorplans: one added under Floorplans is offered to the website at once.
  const floorplans = useFloorplansQuery(id);
  const property = loaded.data;
  const [ordering, setOrdering] = useState<'floorplan' | 'retouching' | 'workshop' | null>(null);
  const readOnly = useAccountPermissionsQuery().data?.manageProperties === false;
  const back = (
    <p className="back-link">
      <Link to={PROPERTIES_PATH}>← Properties</Link>
    </p>
  );

  if (loaded.error && !property) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="page">
        <title>{`${notFound ? 'Property not found' : 'Property'} · ${PRODUCT_NAME}`}</title>
        {back}
        {notFound ? (
          <section className="empty-state" aria-labelledby="property-not-found">
            <h1 id="property-not-found">Property not found</h1>
            <p>It may have been deleted, or the link is not quite right.</p>
            <p>
              <Link to={PROPERTIES_PATH}>Back to your properties</Link>
            </p>
          </section>
        ) : (
          <>
            <h1>Property</h1>
            <ErrorDisplay error={loaded.error} />
            <p>Check your connection, then try again.</p>
            <button type="button" className="button button-secondary" onClick={() => void loaded.refetch()}>
              Try again
            </button>
          </>
        )}
      </div>
    );
  }
  if (!property) return <Loading />;
  const ordered = {
    id: property.id,
    title: property.title,
    address: property.geocodedAddress?.formattedAddress ?? property.address,
  };

  return (
    <div className="page property-page">
      <title>{`${property.title} · ${PRODUCT_NAME}`}</title>
      {back}
      <header className="property-header">
        <h1>{property.title}</h1>
        <p className="muted">{property.geocodedAddress?.formattedAddress ?? property.address}</p>
        <PropertyBadges property={property} />
        {readOnly && (
          <p className="muted">
            As a member you can read this property; the admins and scan technicians change it.
          </p>
        )}
        <p className="property-header-actions">
          <Link className="button button-primary" to={tourSpacePath(property.id)}>
            Open the tour space
          </Link>
          <Link className="button button-secondary" to={stagingPath(property.id)}>
            Virtual staging
          </Link>
          <Link className="button button-secondary" to={digitalTwinPath(property.id)}>
            Digital twin
          </Link>
          <Link className="button button-secondary" to={propertyAnalyticsPath(property.id)}>
            Analytics
          </Link>
          {!readOnly && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setOrdering('floorplan')}
            >
              Order a floor plan
            </button>
          )}
          {!readOnly && !!photos.data?.length && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setOrdering('retouching')}
            >
              Order retouching
            </button>
          )}
          {!readOnly && (
            <button type="button" className="button button-secondary" onClick={() => setOrdering('workshop')}>
              Order the workshop assistant
            </button>
          )}
        </p>
      </header>
      {created && (
        <p className="alert alert-success" role="status">
          The property was created. Add its photos, then publish its tour.
        </p>
      )}
      <PropertyReadOnly value={readOnly}>
        <PropertyDetails
          property={property}
          onDeleted={() => {
            const state: PropertiesPageState = {
              notice: `“${property.title}” was deleted. If that was a mistake, our support team can restore it.`,
            };
            navigate(PROPERTIES_PATH, { state });
          }}
        />
        {/* A member reads: the publishing switches and the website's forms show, disabled. */}
        <fieldset className="plain-fieldset" disabled={readOnly}>
          <PublishingSection property={property} />
        </fieldset>
        <PhotosSection propertyId={property.id} photos={photos} />
        <FloorplansSection propertyId={property.id} floorplans={floorplans} />
        <VideosSection propertyId={property.id} />
        <DocumentsSection propertyId={property.id} />
        <MediaLinksSection propertyId={property.id} />
        <AgentsSection propertyId={property.id} />
        <SegmentationSection propertyId={property.id} />
        <fieldset className="plain-fieldset" disabled={readOnly}>
          <WebsiteSection property={property} photos={photos.data} floorplans={floorplans.data} />
        </fieldset>
        <LeadsSection propertyId={property.id} />
      </PropertyReadOnly>
      {ordering === 'floorplan' && (
        <OrderFloorplanDialog property={ordered} onClose={() => setOrdering(null)} />
      )}
      {ordering === 'retouching' && photos.data && (
        <OrderRetouchingDialog property={ordered} photos={photos.data} onClose={() => setOrdering(null)} />
      )}
      {ordering === 'workshop' && (
        <OrderWorkshopDialog property={ordered} onClose={() => setOrdering(null)} />
      )}
    </div>
  );
}
