import type { MenuEntry } from '@tourly/contracts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from './i18n';
import type { ShowcasePlace } from '../tour/showcase-sdk';
import { TourView, type TourPanelKind, type TourStrings } from '../tour/TourView';
import { browserConsent, deferredAnalytics, NO_ANALYTICS, type Analytics } from './consent';
import { AnalyticsContext } from './analyticsContext';
import type { PlayerTour } from './api';
import { ContactPanel } from './ContactPanel';
import { CookieBanner } from './CookieBanner';
import { LanguageSwitch } from './LanguageSwitch';
import { LeadGate } from './LeadGate';
import { entered, OPEN_GATE } from './lead-gate';
import { MapPanel } from './MapPanel';
import { routeOf } from '@tourly/contracts';

// The credits modal is opened by few visitors: it loads when one does.
const ModelCreditsModal = lazy(() => import('./ModelCreditsModal'));
// The layers of a premium tour load with it, apart from the page's first load.
const WelcomePlayerLayer = lazy(() => import('./layers/welcome/WelcomePlayerLayer'));
const WayfindingPlayerLayer = lazy(() => import('./layers/wayfinding/WayfindingPlayerLayer'));
const PlayerTagsLayer = lazy(() => import('./layers/tags/PlayerTagsLayer'));
// The guided tour and the audio tour: layers of premium tours, loaded when the tour has them.
const GuidedLayer = lazy(() => import('./layers/guided/GuidedLayer'));
const AudioLayer = lazy(() => import('./layers/audio/AudioLayer'));
// Virtual staging: loaded only for a tour with a published scene (base.json's `virtual_staging`).
const StagingLayer = lazy(() => import('./layers/staging/StagingLayer'));
// The rooms named by a segmentation: loaded only for a tour whose model has one (base.json's `segmentation`).
const SegmentationLayer = lazy(() => import('./layers/segmentation/SegmentationLayer'));
// The property's digital twin around the scan: loaded only for a tour with an aligned one (base.json's `exterior`).
const ExteriorLayer = lazy(() => import('./layers/exterior/ExteriorLayer'));

/**
 * The published tour as visitors see it: the tour view (the Showcase embed, the overlay, the menu, whose contact
 * form and map entries open the panels below), then the footer: the provider credited (not on the multiple listing
 * service's link), the third-party models' credits when the tour uses any, and the language switch. A tour with a
 * published staging scene shows its models in the space, with the overlay's virtual staging toggle, and a tour with an aligned
 * digital twin shows it around the scan with the overlay's exterior toggle. Below them, until answered, the cookie
 * banner. The page is one view for the analytics: the collector starts with it, and the panels record through its
 * context what the visitor opens. A tour behind the lead gate counts the positions the visitor enters (the Showcase
 * SDK tells them; without it nothing is counted and the tour plays ungated) and, past the gate's, asks for the
 * contact form over the tour until it is sent.
 */
export function TourPage({ tour: loaded }: { tour: PlayerTour }) {
  const { t, i18n } = useTranslation();
  const [creditsOpen, setCreditsOpen] = useState(false);
  const tour = useMemo(() => withSetup(loaded), [loaded]);
  const [consent] = useState(browserConsent);
  const [asking, setAsking] = useState(consent.ask);
  const [analytics, setAnalytics] = useState<Analytics>(NO_ANALYTICS);
  const gateCount = useRef(OPEN_GATE);
  const [gated, setGated] = useState(false);

  // One view per page load: the language and the consent reach the collector through its setters. The collector is
  // not needed for the first paint: it loads after it, and what the page records meanwhile waits for it.
  useEffect(() => {
    const options = { tourId: tour.id, language: i18n.language, consent: consent.consent };
    setAnalytics(
      deferredAnalytics(import('./analytics').then(({ viewAnalytics }) => viewAnalytics(options))),
    );
  }, [tour.id]);
  useEffect(() => analytics.setLanguage(i18n.language), [analytics, i18n.language]);
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

  /** A position entered: recorded, and counted by the gate, which closes (once) past its positions. */
  function place(where: ShowcasePlace) {
    analytics.place(where);
    const sweeps = tour.leadGate?.sweeps;
    const count = gateCount.current;
    if (!sweeps || count.closed) return;
    gateCount.current = entered(count, where.sweep, sweeps);
    if (!gateCount.current.closed) return;
    // The gate is the contact form: opening it is a contact opened, as the menu's entry is.
    analytics.record('contact_opened');
    setGated(true);
  }

  /** A menu entry picked: `menu_opened` with its id, then what it opens: a panel, or the property's website. */
  function recordMenuEntry(entry: MenuEntry) {
    analytics.record('menu_opened', { target: entry.id });
    if (entry.type === 'map') analytics.record('map_opened');
    if (entry.type === 'contact_form') analytics.record('contact_opened');
    if (entry.type === 'link' && entry.url && isWebsiteLink(entry.url)) analytics.record('website_opened');
  }

  return (
    <AnalyticsContext value={analytics}>
      <div className="player-page">
        <title>{tour.property.title}</title>
        <main className="player-tour">
          {/* Inert while the gate is closed: no click, key or focus reaches the tour behind it. */}
          <div className="player-tour-frame" inert={gated}>
            <TourView
              tour={tour}
              mode="visitor"
              renderPanel={panel}
              strings={strings}
              onPlace={place}
              onMenuEntry={recordMenuEntry}
            >
              {/*
               * The layers placed in the 3D space: a premium tour's, and the staging of a tour with a published
               * scene. Each is its own module, lazily imported above, so a tour without them never loads their code
               * (nor the SDK: the tour view loads it for children only).
               */}
              {(tour.premiumLayers || tour.virtualStaging || tour.segmentation || tour.exterior) && (
                <Suspense fallback={null}>
                  {tour.premiumLayers && (
                    <>
                      <WelcomePlayerLayer tourId={tour.id} />
                      <WayfindingPlayerLayer tourId={tour.id} />
                      <PlayerTagsLayer tourId={tour.id} />
                      {tour.layers.guidedTour.enabled && <GuidedLayer tourId={tour.id} />}
                      <AudioLayer tourId={tour.id} />
                    </>
                  )}
                  {tour.virtualStaging && <StagingLayer tourId={tour.id} />}
                  {tour.segmentation && <SegmentationLayer keys={tour.segmentation} />}
                  {tour.exterior && <ExteriorLayer exterior={tour.exterior} />}
                </Suspense>
              )}
            </TourView>
          </div>
          {/* Sent, the gate stays open for this page (the count stays closed): the pass opens the tour from now on. */}
          {gated && <LeadGate tour={tour} onSent={() => setGated(false)} />}
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
        {asking && (
          <CookieBanner
            onAnswer={(answer) => {
              analytics.setConsent(answer);
              setAsking(false);
            }}
          />
        )}
        {creditsOpen && (
          <Suspense fallback={null}>
            <ModelCreditsModal credits={tour.modelCredits} onClose={() => setCreditsOpen(false)} />
          </Suspense>
        )}
      </div>
    </AnalyticsContext>
  );
}

/** A link to a property's website on the player (`/tours/{provider_id}/{slug}/website`), on any host. */
function isWebsiteLink(url: string): boolean {
  try {
    return routeOf(new URL(url, window.location.href).pathname)?.page === 'website';
  } catch {
    return false;
  }
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
