import { lazy, Suspense, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useCreditBalanceQuery } from '../queries';
import { creditsLabel } from '../rules';
import './credits.css';

// With Stripe Elements: downloaded only when the person opens it.
const BuyCreditsModal = lazy(() => import('./BuyCreditsModal'));

/**
 * The billing page's credits (000 §2): what the provider can spend now and what orders in progress hold
 * (GET credit_balance), and "Buy credits", which opens the credit purchase modal. Credits never expire.
 */
export function CreditsSection() {
  const balance = useCreditBalanceQuery();
  const [buying, setBuying] = useState(false);
  const data = balance.data;

  return (
    <section className="card credits" aria-labelledby="billing-credits">
      <h2 id="billing-credits">Credits</h2>
      <p className="muted">
        Credits pay for floor plans, photo retouching and the workshop assistant. They never expire.
      </p>
      {balance.error ? (
        <ErrorDisplay error={balance.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading your credits…
        </p>
      ) : (
        <dl className="details credit-balance" aria-busy={balance.isFetching || undefined}>
          <dt>Available</dt>
          <dd>{creditsLabel(data.availableBalance)}</dd>
          <dt>Reserved</dt>
          <dd>
            {creditsLabel(data.reservedBalance)}
            <span className="muted"> · held for orders in progress</span>
          </dd>
        </dl>
      )}
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => setBuying(true)}>
          Buy credits
        </button>
      </div>
      {buying && (
        <Suspense fallback={null}>
          <BuyCreditsModal onClose={() => setBuying(false)} />
        </Suspense>
      )}
    </section>
  );
}
