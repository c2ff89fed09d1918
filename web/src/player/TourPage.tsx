import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TourView, type TourPanelKind, type TourStrings } from '../tour/TourView';
import type { PlayerTour } from './api';
import { ContactPanel } from './ContactPanel';
import { LanguageSwitch } from './LanguageSwitch';
import { MapPanel } from './MapPanel';

// The credits modal is opened by few visitors: it loads when one does.
const ModelCreditsModal = lazy(() => import('./ModelCreditsModal'));

/**
 * The published tour as visitors see it: the tour view (the Showcase embed, the overlay, the menu, whose contact
 * form and map entries open the panels below), then the footer: the provider credited (not on the multiple listing
 * service's link), the third-party models' credits when the tour uses any, and the language switch. Virtual staging
 * and exterior toggles join the footer when tours have them (none do yet).
 */
export function TourPage({ tour: loaded }: { tour: PlayerTour }) {
  const { t, i18n } = useTranslation();
  const [creditsOpen, setCreditsOpen] = useState(false);
  const tour = useMemo(() => withSetup(loaded), [loaded]);
  const strings = useMemo<TourStrings>(
    () => ({
      contactAgent: t('contactAgent'),
      location: t('location'),
      menu: t('menu'),
      close: t('close'),
      backToTour: t('backToTour'),
      menuEmpty: t('menuEmpty'),
      opensInNewTab: t('opensInNewTab'),
      welcome: t('welcome'),
      startTour: t('startTour'),
      tourOf: (title) => t('tourOf', { title }),
    }),
    // The language is named too: a switch must give new words even where `t` itself stays the same function.
    [t, i18n.language],
  );

  function panel(kind: TourPanelKind, _tour: unknown, close: () => void) {
    if (kind === 'map')
      return (
        <MapPanel
          address={tour.property.address}
          latitude={tour.property.latitude}
          longitude={tour.property.longitude}
          tilesUrl={tour.map.tilesUrl}
          attribution={tour.map.attribution}
          zoom={tour.map.zoom}
        />
      );
    return (
      <ContactPanel
        tourId={tour.id}
        agents={tour.agents}
        source={{ tourId: tour.id }}
        title={tour.property.title}
        onSent={close}
      />
    );
  }

  return (
    <div className="player-page">
      <title>{tour.property.title}</title>
      <main className="player-tour">
        <TourView tour={tour} mode="visitor" renderPanel={panel} strings={strings} />
      </main>
      {tour.setup?.showFooter !== false && (
        <footer className="player-footer">
          {!tour.mls && (tour.provider?.name || tour.provider?.logoUrl) && (
            <ProviderCredit provider={tour.provider} />
          )}
          {tour.modelCredits.length > 0 && (
            <button type="button" className="player-link-button" onClick={() => setCreditsOpen(true)}>
              {t('modelCredits')}
            </button>
          )}
          <LanguageSwitch />
        </footer>
      )}
      {creditsOpen && (
        <Suspense fallback={null}>
          <ModelCreditsModal credits={tour.modelCredits} onClose={() => setCreditsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function ProviderCredit({ provider }: { provider: NonNullable<PlayerTour['provider']> }) {
  const { t } = useTranslation();
  const content = provider.logoUrl ? (
    <img className="player-provider-logo" src={provider.logoUrl} alt={provider.name} decoding="async" />
  ) : (
    <span>{provider.name}</span>
  );
  return (
    <p className="player-provider">
      <span>{t('poweredBy')} </span>
      {provider.url ? (
        <a href={provider.url} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        content
      )}
    </p>
  );
}

/** The menu without the map or the contact form when the provider's setup switched them off. */
function withSetup(tour: PlayerTour): PlayerTour {
  const { setup } = tour;
  if (!setup || (setup.showMap && setup.showContactForm)) return tour;
  const hidden = new Set([
    ...(setup.showMap ? [] : ['map']),
    ...(setup.showContactForm ? [] : ['contact_form']),
  ]);
  const entries = tour.layers.menu.entries.filter((entry) => !hidden.has(entry.type));
  return { ...tour, layers: { ...tour.layers, menu: { entries } } };
}
