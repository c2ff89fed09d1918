import { SHARE_LINK_TYPES, TOUR_MESSAGES } from '@tourly/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../../../../../shared/ErrorBoundary';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { useBilling } from '../../../billing/BillingContext';
import { isOnFreePlan } from '../../../billing/rules';
import { propertyPath } from '../../../properties/paths';
import '../../../properties/properties.css';
import type { PlayerLink } from '../api';
import { usePlayerLinkQuery } from '../queries';
import '../sharing.css';
import { BrandingForm } from './BrandingForm';
import { LeadGateForm } from './LeadGateForm';
import { MediaForm } from './MediaForm';
import { PrimaryModelForm } from './PrimaryModelForm';
import { SetupForm } from './SetupForm';
import { ShareLinks } from './ShareLinks';

// The QR code's library loads when someone opens the share modal, not with every page that offers it.
const ShareModal = lazy(() => import('./ShareModal'));

/** 001 §2: the free plan's rule, as the tour space says it. */
export const FREE_PLAN_RULE =
  'On the free plan you can build and preview your tour, but not publish or share it. Upgrade your plan to share it.';

/**
 * The tour space's Share Settings: the share links (white label, default, multiple listing service) with "Copy"
 * and "Share" (links, embed code, QR code), then the player's branding, media beside the tour, primary model,
 * setup and lead gate, each saved on its own. A tour not shared says so first, with the way to share it.
 */
export function ShareSettingsTab({ propertyId }: { propertyId: string }) {
  const loaded = usePlayerLinkQuery(propertyId);
  const [sharing, setSharing] = useState(false);
  const link = loaded.data;

  if (!link) {
    if (!loaded.error)
      return (
        <p className="muted" role="status">
          Loading the share settings…
        </p>
      );
    return (
      <div className="sharing-tab">
        <ErrorDisplay error={TOUR_MESSAGES.shareSettingsUnavailable} />
        <button type="button" className="button button-secondary" onClick={() => void loaded.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="sharing-tab">
      <section className="card" aria-labelledby="share-links-heading">
        <div className="section-heading">
          <h2 id="share-links-heading">Share links</h2>
          <button type="button" className="button button-primary" onClick={() => setSharing(true)}>
            Share
          </button>
        </div>
        {!link.shareable && <NotShared link={link} />}
        <ShareLinks link={link} types={SHARE_LINK_TYPES} />
      </section>
      <section className="card" aria-labelledby="player-settings-heading">
        <h2 id="player-settings-heading">Player settings</h2>
        <BrandingForm key={`branding-${link.id}`} link={link} />
        <MediaForm key={`media-${link.id}`} link={link} />
        <PrimaryModelForm key={`model-${link.id}`} link={link} />
        <SetupForm key={`setup-${link.id}`} link={link} />
        <LeadGateForm key={`lead-gate-${link.id}`} link={link} />
      </section>
      {sharing && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <ShareModal link={link} onClose={() => setSharing(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

/**
 * Why visitors cannot open the links yet, and the way to change that: on the free plan, the upgrade; otherwise the
 * Publishing switch on the property's page.
 */
export function NotShared({ link }: { link: PlayerLink }) {
  const { subscription, canManageBilling, openUpgrade } = useBilling();
  const free = subscription ? isOnFreePlan(subscription) : false;
  return (
    <div className="alert alert-warning not-shared" role="note" aria-label="Tour not shared">
      {free ? (
        <>
          <p className="alert-title">This tour is not shared: visitors cannot open these links yet.</p>
          <p>{FREE_PLAN_RULE}</p>
          {canManageBilling ? (
            <button type="button" className="button button-primary" onClick={openUpgrade}>
              Upgrade plan
            </button>
          ) : (
            <p className="muted">Ask an admin of your account to upgrade the plan.</p>
          )}
        </>
      ) : (
        <>
          <p className="alert-title">This tour is not shared: visitors cannot open these links yet.</p>
          <p>
            Turn on “Share the tour” under Publishing on{' '}
            <Link to={`${propertyPath(link.propertyId)}#property-publishing`}>the property’s page</Link>.
          </p>
        </>
      )}
    </div>
  );
}
