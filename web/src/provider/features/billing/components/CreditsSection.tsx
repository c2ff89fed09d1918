import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CREDITS_PATH } from '../paths';
import { CreditBalance } from './CreditBalance';
import { VoucherForm } from './VoucherForm';
import './credits.css';

// With Stripe Elements: downloaded only when the person opens it.
const BuyCreditsModal = lazy(() => import('./BuyCreditsModal'));

/**
 * The billing page's credits (000 §2): what the provider can spend now and what orders in progress hold, a voucher
 * discount waiting for the next purchase, "Buy credits" (the credit purchase modal), "Prices and FAQ" (the credits
 * page) and a voucher to redeem. Credits never expire.
 */
export function CreditsSection() {
  const [buying, setBuying] = useState(false);

  return (
    <section className="card credits" aria-labelledby="billing-credits">
      <h2 id="billing-credits">Credits</h2>
      <p className="muted">
        Credits pay for floor plans, photo retouching and the workshop assistant. They never expire.
      </p>
      <CreditBalance />
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => setBuying(true)}>
          Buy credits
        </button>
        <Link className="button button-secondary" to={CREDITS_PATH}>
          Prices and FAQ
        </Link>
      </div>
      <VoucherForm />
      {buying && (
        <Suspense fallback={null}>
          <BuyCreditsModal onClose={() => setBuying(false)} />
        </Suspense>
      )}
    </section>
  );
}
