import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../../../shared/Modal';
import { PropertyWebsite } from '../../../../website/PropertyWebsite';
import type { PublicWebsite } from '../../../../website/types';
import { usePreviewQuery } from '../../tours/layers/queries';
import { usePlayerLinkQuery } from '../../tours/sharing';
import { fetchDocuments, type Media, type Property, type Website } from '../api';
import { propertyKeys, useMediaLinksQuery, useVideosQuery } from '../queries';
import { orderPhotos } from '../website';

/** The widths the preview offers: a desktop window's and a phone's. */
const WIDTHS = { desktop: { label: 'Desktop', px: 1024 }, phone: { label: 'Phone', px: 390 } } as const;
type Width = keyof typeof WIDTHS;

/** Every document, for the preview (documents are listed ten a page on the property page). */
const ALL_DOCUMENTS = 100;

/** A selection of media: null shows them all, in their own order; else those chosen, in the order chosen. */
function chosen<T extends { id: string }>(items: T[], ids: string[] | null): T[] {
  if (ids === null) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface WebsitePreviewProps {
  property: Property;
  website: Website;
  photos: Media[] | undefined;
  floorplans: Media[] | undefined;
  onClose(): void;
}

/**
 * The website as visitors will see it, built from what is saved here into the shape of the public website's data
 * (GET /tours/{provider}/{slug}/website.json), shown by the same component the public page uses, at a desktop's
 * or a phone's width.
 */
export function WebsitePreview({ property, website, photos, floorplans, onClose }: WebsitePreviewProps) {
  // On a phone the desktop width would be squeezed to the screen anyway: it starts at the phone's.
  const [width, setWidth] = useState<Width>(() =>
    window.matchMedia('(max-width: 575px)').matches ? 'phone' : 'desktop',
  );
  const name = useId();
  const videos = useVideosQuery(property.id);
  const links = useMediaLinksQuery(property.id);
  const documents = useQuery({
    queryKey: [...propertyKeys.documents(property.id), 'all'],
    queryFn: ({ signal }) => fetchDocuments(property.id, 1, ALL_DOCUMENTS, signal),
  });
  const playerLink = usePlayerLinkQuery(property.id);
  const tour = usePreviewQuery(
    property.id,
    website.settings.showTour ? playerLink.data?.virtualTour.id : undefined,
  );

  const loading = !photos || !videos.data || !links.data || !documents.data;
  const data: PublicWebsite | null = loading
    ? null
    : {
        property: {
          id: property.id,
          slug: property.slug,
          title: property.title,
          address: property.address,
          formattedAddress: property.geocodedAddress?.formattedAddress ?? null,
          latitude: property.geocodedAddress?.latitude ?? null,
          longitude: property.geocodedAddress?.longitude ?? null,
        },
        settings: website.settings,
        propertyFeatures: website.propertyFeatures,
        photos: orderPhotos(photos, website.photos).shown,
        floorplan: floorplans?.find((floorplan) => floorplan.id === website.publishedFloorplan?.id) ?? null,
        videos: chosen(videos.data, website.publishedVideoIds),
        documents: chosen(documents.data.items, website.documentsAndLinks.documentIds),
        mediaLinks: chosen(links.data, website.documentsAndLinks.mediaLinkIds),
        agentIds: [],
      };

  return (
    <Modal title="Website preview" size="large" onClose={onClose}>
      <div className="website-preview-bar">
        <p className="field-hint">
          {website.published
            ? 'Visitors see this page now.'
            : 'Not published: visitors will see this page once “Publish the website” is on.'}
        </p>
        <fieldset className="website-preview-widths">
          <legend className="visually-hidden">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((each) => (
            <label key={each} className={`website-preview-width${width === each ? ' is-chosen' : ''}`}>
              <input type="radio" name={name} checked={width === each} onChange={() => setWidth(each)} />
              {WIDTHS[each].label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="website-preview-stage">
        <div
          className="website-preview-viewport"
          style={{ maxWidth: `${WIDTHS[width].px}px` }}
          role="region"
          aria-label={`The website at a ${WIDTHS[width].label.toLowerCase()}’s width`}
        >
          {data ? (
            <PropertyWebsite website={data} tourEmbedUrl={tour.data?.model.embedUrl ?? null} preview />
          ) : (
            <p className="muted" role="status">
              Loading the preview…
            </p>
          )}
        </div>
      </div>
    </Modal>
  );
}
