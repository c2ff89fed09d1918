import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from './i18n';
import { ApiError } from '../api/errors';
import { PropertyWebsite } from '../website/PropertyWebsite';
import type { WebsiteStrings } from '../website/strings';
import type { VisitorWebsite } from '../website/types';
import { fetchWebsite, unlockWebsite } from './api';
import { ContactPanel } from './ContactPanel';
import { LanguageSwitch } from './LanguageSwitch';
import { MapPanel } from './MapPanel';
import { PasswordPage } from './PasswordPage';
import { TourNotFound } from './TourNotFound';

type WebsiteState =
  | { status: 'loading' }
  | { status: 'loaded'; website: VisitorWebsite }
  | { status: 'password' }
  | { status: 'not_found' }
  | { status: 'failed'; message: string };

/**
 * The single-property website as visitors see it, at `/tours/{provider_id}/{slug}/website`: the provider's preview's
 * component fed the public `website.json`, with the agents' cards, the shared tour embedded, the map, and the
 * contact form sending leads for the property. Behind its tour's password (401) it asks for it first, then loads.
 */
export default function WebsitePage({ providerId, slug }: { providerId: string; slug: string }) {
  const { t, i18n } = useTranslation();
  const strings = useMemo<WebsiteStrings>(
    () => ({
      keyFacts: t('siteKeyFacts'),
      about: t('siteAbout'),
      features: t('siteFeatures'),
      virtualTour: t('siteVirtualTour'),
      photos: t('sitePhotos'),
      floorplan: t('siteFloorplan'),
      videos: t('siteVideos'),
      video: t('siteVideo'),
      documentsAndLinks: t('siteDocumentsAndLinks'),
      document: t('siteDocument'),
      location: t('siteLocation'),
      openMap: t('siteOpenMap'),
      ask: t('siteAsk'),
      tourOf: (title) => t('siteTourOf', { title }),
      photoOf: (number, title) => t('sitePhotoOf', { number, title }),
      bedrooms: (count) => t('siteBedrooms', { count }),
      bathrooms: (count) => t('siteBathrooms', { count }),
      carSpaces: (count) => t('siteCarSpaces', { count }),
      floorArea: (area) => t('siteFloorArea', { area }),
      landArea: (area) => t('siteLandArea', { area }),
    }),
    // The language is named too: a switch must give new words even where `t` itself stays the same function.
    [t, i18n.language],
  );
  const [state, setState] = useState<WebsiteState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchWebsite(providerId, slug, controller.signal).then(
      (website) => setState({ status: 'loaded', website }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : null;
        if (status === 404) setState({ status: 'not_found' });
        else if (status === 401) setState({ status: 'password' });
        else setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [providerId, slug, attempt]);

  if (state.status === 'not_found') return <TourNotFound />;
  if (state.status === 'password')
    return (
      <PasswordPage
        subject="website"
        unlock={(username, password) => unlockWebsite(providerId, slug, username, password)}
        onUnlocked={() => {
          setState({ status: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
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
        strings={strings}
        website={website}
        tourEmbedUrl={website.tourEmbedUrl}
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
            agents={website.agents}
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
