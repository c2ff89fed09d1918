import { useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { PropertyWebsite } from '../website/PropertyWebsite';
import type { PublicWebsite } from '../website/types';
import { fetchWebsite, type Agent, type PlayerTour } from './api';
import { ContactPanel } from './ContactPanel';
import { LanguageSwitch } from './LanguageSwitch';
import { MapPanel } from './MapPanel';
import { TourNotFound } from './TourNotFound';

/**
 * What the website's data may add for visitors beyond the provider's preview: the agents' cards, the tour's embed
 * and the map's tiles. Until website.json sends them the page shows the agents' form without cards, no tour, and
 * the link to the map the preview shows.
 */
type VisitorWebsite = PublicWebsite & {
  agents?: Agent[];
  tourEmbedUrl?: string | null;
  map?: PlayerTour['map'];
};

type WebsiteState =
  | { status: 'loading' }
  | { status: 'loaded'; website: VisitorWebsite }
  | { status: 'not_found' }
  | { status: 'failed'; message: string };

/**
 * The single-property website as visitors see it, at `/tours/{provider_id}/{slug}/website`: the provider's preview's
 * component fed the public `website.json`, with the contact form sending leads for the property.
 */
export default function WebsitePage({ providerId, slug }: { providerId: string; slug: string }) {
  const [state, setState] = useState<WebsiteState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchWebsite(providerId, slug, controller.signal).then(
      (website) => setState({ status: 'loaded', website }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 401))
          setState({ status: 'not_found' });
        else setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [providerId, slug]);

  if (state.status === 'not_found') return <TourNotFound />;
  if (state.status === 'failed')
    return (
      <main className="player-message">
        <p role="alert">{state.message}</p>
      </main>
    );
  if (state.status === 'loading') return <main className="player-message" aria-busy="true" />;

  const { website } = state;
  const { property } = website;
  return (
    <div className="player-website">
      <title>{property.title}</title>
      <PropertyWebsite
        website={website}
        tourEmbedUrl={website.tourEmbedUrl ?? null}
        map={
          website.map && (
            <MapPanel
              address={null}
              latitude={property.latitude}
              longitude={property.longitude}
              tilesUrl={website.map.tilesUrl}
              attribution={website.map.attribution}
              zoom={website.map.zoom}
            />
          )
        }
        contact={
          <ContactPanel
            tourId={null}
            agents={website.agents ?? []}
            source={{ propertyId: property.id }}
            title={property.title}
          />
        }
      />
      <footer className="player-footer">
        <LanguageSwitch />
      </footer>
    </div>
  );
}
