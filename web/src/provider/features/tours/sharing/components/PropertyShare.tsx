import { TOUR_MESSAGES } from '@tourly/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../../../../../shared/ErrorBoundary';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { tourSpacePath } from '../../paths';
import { usePlayerLinkQuery } from '../queries';
import '../sharing.css';
import { ShareLinks } from './ShareLinks';

// The QR code's library loads when someone opens the share modal, not with every page that offers it.
const ShareModal = lazy(() => import('./ShareModal'));

/**
 * On the property's page, once its tour is shared: the default and white-label links with "Copy", and "Share"
 * (the share modal: every link, the embed code, the QR code). The rest of the sharing is in the tour space.
 */
export function PropertyShare({ propertyId }: { propertyId: string }) {
  const loaded = usePlayerLinkQuery(propertyId);
  const [sharing, setSharing] = useState(false);
  const link = loaded.data;
  return (
    <section className="property-share" aria-labelledby="property-share-heading">
      <div className="section-heading">
        <h3 id="property-share-heading">Tour links</h3>
        {link && (
          <button type="button" className="button button-primary" onClick={() => setSharing(true)}>
            Share
          </button>
        )}
      </div>
      {link ? (
        <>
          <ShareLinks link={link} types={['default', 'white_label']} />
          <p className="field-hint">
            The listing service link, branding and password are under{' '}
            <Link to={tourSpacePath(propertyId, 'share')}>Share Settings</Link> in the tour space.
          </p>
        </>
      ) : loaded.error ? (
        <ErrorDisplay error={TOUR_MESSAGES.shareSettingsUnavailable} />
      ) : (
        <p className="muted" role="status">
          Loading the tour’s links…
        </p>
      )}
      {sharing && link && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <ShareModal link={link} onClose={() => setSharing(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}
