import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorBoundary } from '../../../../shared/ErrorBoundary';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { useBilling } from '../../billing/BillingContext';
import { useCurrentUserQuery } from '../../../../auth/queries';
import { HOSTING_FEES_PATH } from '../../hostingFees/paths';
import { CopyField, PropertyShare } from '../../tours/sharing';
import type { Price, Property, PublishedFeatures, PublishPreview } from '../api';
import { useApplyFeaturesMutation, useStopPaidPremiumMutation } from '../queries';

// Stripe Elements load when someone has to pay, not with every property page.
const PayAndPublishModal = lazy(() => import('./PayAndPublishModal'));

/** Each switch and what it means as it stands: the hint says what is so now, on or off. */
const SWITCHES: Array<{
  feature: keyof PublishedFeatures;
  label: string;
  hint: Record<'on' | 'off', string>;
}> = [
  {
    feature: 'tour',
    label: 'Share the tour',
    hint: {
      on: 'The tour’s link works for anyone you send it to, and it can be embedded in other sites.',
      off: 'The tour’s link does not open the tour: turn this on to share it with anyone you send it to.',
    },
  },
  {
    feature: 'website',
    label: 'Publish the website',
    hint: {
      on: 'The property’s single-property website is live.',
      off: 'The property’s single-property website is not live: turn this on to publish it.',
    },
  },
  {
    feature: 'premium',
    label: 'Premium tour',
    hint: {
      on: 'A premium tour plays its tags, wayfinding, welcome screens, guided tour and sound, and counts against the premium tours of your plan.',
      off: 'A basic tour plays the model under its overlay, and does not count against the premium tours of your plan.',
    },
  },
];

interface PublishingSectionProps {
  property: Property;
}

/**
 * Publishing (001 §3 published features): a switch each for sharing the tour, the website and a premium tour,
 * saved as it is flipped. Each change is previewed first: the free plan's refusal comes with "Upgrade plan" (the
 * plan upgrade modal), a full premium-tour quota with the pay-and-publish modal when the server offers to take
 * payment for this tour alone. A tour paid that way says so, and can stop being paid for (it turns basic and
 * unshared). Once the tour is shared, its links follow (the tours feature's `PropertyShare`).
 */
export function PublishingSection({ property }: PublishingSectionProps) {
  // Each answer reaches the page (and the lists) through the cache: properties' `queries.ts`.
  const apply = useApplyFeaturesMutation();
  const stop = useStopPaidPremiumMutation();
  const { canManageBilling, openUpgrade, subscription } = useBilling();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paying, setPaying] = useState<{
    features: Partial<PublishedFeatures>;
    preview: PublishPreview;
    price: Price;
  } | null>(null);
  /** Which end of a tour paid on its own waits for a yes: stopping it (basic and unshared), or the switch off. */
  const [ending, setEnding] = useState<'stop' | 'basic' | null>(null);
  const [notice, setNotice] = useState('');
  const hintId = useId();
  // A plan changed in the upgrade modal may allow what was refused: the refusal goes, the switch can be tried again.
  useEffect(() => setRefusal(null), [subscription?.productCode]);
  const features = property.publishedFeatures;

  async function toggle(feature: keyof PublishedFeatures, on: boolean, confirmed = false) {
    // Turning a tour paid on its own basic ends its payment: asked first.
    if (feature === 'premium' && !on && property.immexSubscriptionId && !confirmed) {
      setEnding('basic');
      return;
    }
    setNotice('');
    setRefusal(null);
    const change = { [feature]: on };
    const outcome = await apply.run(property.id, change);
    if (!outcome.ok) return;
    const result = outcome.value;
    if (result.kind === 'refused') setRefusal(result.reason);
    else if (result.kind === 'payment')
      setPaying({ features: change, preview: result.preview, price: result.price });
    else setNotice(describe(feature, on));
  }

  async function confirmEnd() {
    if (ending === 'basic') {
      setEnding(null);
      return toggle('premium', false, true);
    }
    const outcome = await stop.run(property.id);
    setEnding(null);
    if (outcome.ok) {
      setNotice('You no longer pay for this premium tour: it is a basic tour now, and no longer shared.');
    }
  }

  const busy = apply.isPending || stop.isPending;
  return (
    <section className="card" aria-labelledby="property-publishing">
      <h2 id="property-publishing">Publishing</h2>
      {property.hosting.paused && (
        <p className="alert alert-warning" role="status">
          Paused for visitors
          {property.hosting.pausedAt ? ` since ${formatDate(property.hosting.pausedAt)}` : ''}: an invoice of
          its hosting fee is overdue. The tour is back as soon as your client pays it, or you void it under{' '}
          <Link to={HOSTING_FEES_PATH}>Hosting fees</Link>.
        </p>
      )}
      {SWITCHES.map(({ feature, label, hint }) => (
        <div key={feature} className="publish-switch">
          <label className="check">
            <input
              type="checkbox"
              role="switch"
              checked={features[feature]}
              disabled={busy}
              aria-describedby={`${hintId}-${feature}`}
              onChange={(event) => toggle(feature, event.target.checked)}
            />
            {label}
          </label>
          <p id={`${hintId}-${feature}`} className="field-hint">
            {features[feature] ? hint.on : hint.off}
          </p>
        </div>
      ))}
      {refusal && (
        <div className="alert alert-warning publish-refusal" role="alert">
          <p>{refusal}</p>
          {canManageBilling ? (
            <button type="button" className="button button-primary" onClick={openUpgrade}>
              Upgrade plan
            </button>
          ) : (
            <p className="muted">Ask an admin of your account to upgrade the plan.</p>
          )}
        </div>
      )}
      <ErrorDisplay error={apply.error ?? stop.error} />
      {property.immexSubscriptionId && (
        <div className="paid-separately">
          <p>
            <span className="badge badge-progress">Paid separately</span> This premium tour is paid for on its
            own, every month, outside your plan’s premium tours.
          </p>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setEnding('stop')}
          >
            Stop paying for this premium tour
          </button>
        </div>
      )}
      <p role="status" className="muted">
        {apply.isPending ? 'Saving…' : notice}
      </p>
      {/* Mounted when the switch turns on, so the player link is read again (it is shareable now). */}
      {features.tour && <PropertyShare propertyId={property.id} />}
      {features.website && <WebsiteLink slug={property.slug} />}
      {paying && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <PayAndPublishModal
              property={property}
              features={paying.features}
              preview={paying.preview}
              price={paying.price}
              onPaid={(paid) => {
                setPaying(null);
                setNotice(`“${paid.title}” is a premium tour now, paid separately.`);
              }}
              onClose={() => setPaying(null)}
            />
          </Suspense>
        </ErrorBoundary>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'basic' ? 'Make this a basic tour?' : 'Stop paying for this premium tour?'}
        confirmLabel={ending === 'basic' ? 'Make it basic' : 'Stop paying'}
        isPending={stop.isPending}
        onConfirm={confirmEnd}
        onCancel={() => setEnding(null)}
      >
        <p>
          {ending === 'basic'
            ? `You pay for “${property.title}” as a premium tour on its own: that monthly payment ends now, and it becomes a basic tour.`
            : `The monthly payment for “${property.title}” ends, and the tour becomes a basic tour that is no longer shared. You can publish it again later.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function describe(feature: keyof PublishedFeatures, on: boolean): string {
  switch (feature) {
    case 'tour':
      return on ? 'The tour is shared.' : 'The tour is no longer shared.';
    case 'website':
      return on ? 'The website is published.' : 'The website is no longer published.';
    case 'premium':
      return on ? 'This is a premium tour now.' : 'This is a basic tour now.';
  }
}

/** Where visitors find the published website (on the app's own address), to copy or open. */
function WebsiteLink({ slug }: { slug: string }) {
  const providerId = useCurrentUserQuery().data?.providerId;
  if (!providerId) return null;
  const url = `${window.location.origin}/tours/${providerId}/${encodeURIComponent(slug)}/website`;
  return (
    <div className="website-link">
      <CopyField
        label="Website link"
        value={url}
        hint="The property’s website, for anyone you send it to. A tour password covers it too."
      />
      <a href={url} target="_blank" rel="noopener noreferrer">
        Open the website
      </a>
    </div>
  );
}
