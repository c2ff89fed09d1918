import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CreditBundleSize } from '@tourly/contracts';
import '../features/billing/billing.css';
import { BillingGate } from '../features/billing/components/BillingGate';
import type { CreditsChoice } from '../features/billing/components/BuyCreditsModal';
import { CreditBalance } from '../features/billing/components/CreditBalance';
import { CreditBundles } from '../features/billing/components/CreditBundles';
import { CreditOffers } from '../features/billing/components/CreditOffers';
import { CreditsFaq } from '../features/billing/components/CreditsFaq';
import { PayAsYouGo } from '../features/billing/components/PayAsYouGo';
import { VoucherForm } from '../features/billing/components/VoucherForm';
import { BILLING_PATH } from '../features/billing/paths';
import { useBillingAccountQuery, useCreditsPriceQuery } from '../features/billing/queries';
import { bundleCredits, creditsQtyParam } from '../features/billing/rules';

// With Stripe Elements: downloaded only when the person opens it.
const BuyCreditsModal = lazy(() => import('../features/billing/components/BuyCreditsModal'));

const DEFAULT_QUANTITY = 25;

interface Purchase {
  choice: CreditsChoice;
  quantity?: number;
}

/**
 * `/provider/billing/credits`, the credits purchase page (000 §2: bundles, pay-as-you-go, FAQ), for those who
 * manage billing: the balance (and a waiting voucher discount), the offers for buying credits, the three bundles,
 * pay-as-you-go with its live price, each "Buy" opening the credit purchase modal on that choice, a voucher to
 * redeem, and the questions and answers. `?credits_qty=N` (the insufficient-credits modal's "Buy credits")
 * preselects pay-as-you-go with N credits and brings it into view.
 */
export default function CreditsPage() {
  return <BillingGate title="Credits">{() => <CreditsPageContent />}</BillingGate>;
}

function CreditsPageContent() {
  const [search] = useSearchParams();
  const wanted = creditsQtyParam(search.get('credits_qty'));
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const payAsYouGo = useRef<HTMLElement>(null);
  const account = useBillingAccountQuery().data;
  // The FAQ names a credit's price: the smallest bundle's answer has it (asked for its card anyway).
  const unitPrice = useCreditsPriceQuery(bundleCredits('small')).data?.unitPriceInCents;

  useEffect(() => {
    if (wanted !== null) payAsYouGo.current?.scrollIntoView({ block: 'start' });
    // Only as the page opens: the quantity is the person's to change from there.
  }, []);

  return (
    <div className="page credits-page">
      <p className="credits-back">
        <Link to={BILLING_PATH}>← Accounts and billing</Link>
      </p>
      <h1>Credits</h1>
      <section className="card" aria-labelledby="credits-balance">
        <h2 id="credits-balance">Your credits</h2>
        <CreditBalance />
      </section>
      <CreditOffers />
      <CreditBundles onBuy={(size: CreditBundleSize) => setPurchase({ choice: size })} />
      <PayAsYouGo
        ref={payAsYouGo}
        initialQuantity={wanted ?? DEFAULT_QUANTITY}
        onBuy={(quantity) => setPurchase({ choice: 'pay_as_you_go', quantity })}
      />
      <section className="card" aria-labelledby="credits-voucher">
        <h2 id="credits-voucher">Voucher</h2>
        <p className="muted">A voucher adds credits at once, or takes a percentage off your next purchase.</p>
        <VoucherForm />
      </section>
      <CreditsFaq currency={account?.currency} unitPriceInCents={unitPrice} />
      {purchase && (
        <Suspense fallback={null}>
          <BuyCreditsModal
            choice={purchase.choice}
            quantity={purchase.quantity}
            onClose={() => setPurchase(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
