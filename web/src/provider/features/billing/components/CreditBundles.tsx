import { useId } from 'react';
import { CREDIT_BUNDLES, type CreditBundle, type CreditBundleSize } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatMoney } from '../../../../shared/format';
import { useCreditsPriceQuery } from '../queries';
import { bundleName, creditsLabel, perCreditCents } from '../rules';
import './credits.css';

/**
 * The three bundles as cards (000 §2, §9: they save 10%, 20% and 30%): the credits, the saving, the price as
 * billing works it out for the account's currency (GET calculate_credits_price, a waiting voucher discount
 * included), what a credit comes to, and "Buy", which opens the credit purchase modal on that bundle.
 */
export function CreditBundles({ onBuy }: { onBuy(size: CreditBundleSize): void }) {
  return (
    <section className="card" aria-labelledby="credits-bundles">
      <h2 id="credits-bundles">Bundles</h2>
      <p className="muted">The more credits you buy at once, the more you save.</p>
      <ul className="bundle-grid">
        {CREDIT_BUNDLES.map((bundle) => (
          <li key={bundle.size}>
            <BundleCard bundle={bundle} onBuy={() => onBuy(bundle.size)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BundleCard({ bundle, onBuy }: { bundle: CreditBundle; onBuy(): void }) {
  const price = useCreditsPriceQuery(bundle.credits);
  const headingId = useId();
  const name = bundleName(bundle.size);
  const data = price.data?.creditsQty === bundle.credits ? price.data : undefined;
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'usd');

  return (
    <article className="bundle-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="bundle-credits">{creditsLabel(bundle.credits)}</p>
      <p className="bundle-saving">
        <span className="badge badge-success">Save {bundle.savingPercent}%</span>
      </p>
      {price.error && !data ? (
        <ErrorDisplay error={price.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Working out the price…
        </p>
      ) : (
        <div className="bundle-price-block">
          <p className="bundle-price">
            <s className="muted">
              <span className="visually-hidden">Instead of </span>
              {money(data.subtotalInCents)}
            </s>{' '}
            <strong>{money(data.totalInCents)}</strong>
          </p>
          <p className="muted bundle-per-credit">{money(perCreditCents(data))} a credit</p>
          {data.voucher && (
            <p className="bundle-voucher">
              With {data.voucher.discountPercent}% off from voucher {data.voucher.code}
            </p>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button-primary bundle-buy"
        aria-label={`Buy the ${name.toLowerCase()}`}
        onClick={onBuy}
      >
        Buy
      </button>
    </article>
  );
}
