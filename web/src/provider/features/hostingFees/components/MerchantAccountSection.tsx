import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { PRODUCT_NAME } from '../../../../shared/strings';
import { HOSTING_FEES_PATH, MERCHANT_ACCOUNT_ID } from '../paths';
import { useMerchantAccountQuery } from '../queries';
import { useReturnFromSetup } from '../useReturnFromSetup';
import '../hostingFees.css';
import { AccountLinkButton } from './AccountLinkButton';
import { MerchantAccountStatus } from './MerchantAccountStatus';
import { TaxRatesSection } from './TaxRatesSection';

/**
 * The billing page's "Merchant account": the provider's own Stripe account, which its clients pay hosting fees into
 * (GET /provider/billing/merchant_account): its state in words, the way to Stripe's setup (to start, continue or
 * give what Stripe asks), and once active its details and tax rates. Opened at `#merchant-account`, it scrolls
 * into view.
 */
export function MerchantAccountSection() {
  const account = useMerchantAccountQuery();
  const waiting = useReturnFromSetup();
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const data = account.data;

  useEffect(() => {
    if (hash === `#${MERCHANT_ACCOUNT_ID}` && data) sectionRef.current?.scrollIntoView();
  }, [hash, data !== undefined]);

  return (
    <section
      ref={sectionRef}
      id={MERCHANT_ACCOUNT_ID}
      className="card"
      aria-labelledby="merchant-account-heading"
    >
      <h2 id="merchant-account-heading">Merchant account</h2>
      {account.error ? (
        <ErrorDisplay error={account.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <>
          {waiting && (
            <p className="alert alert-info" role="status">
              Checking your account with Stripe…
            </p>
          )}
          <MerchantAccountStatus account={data} />
          {data.status === 'active' && (
            <dl className="details">
              <dt>Stripe account</dt>
              <dd>{data.accountId}</dd>
              <dt>Country</dt>
              <dd>{data.country ?? '—'}</dd>
              <dt>Currency</dt>
              <dd>{data.defaultCurrency?.toUpperCase() ?? '—'}</dd>
              <dt>Platform fee</dt>
              <dd>
                {data.applicationFeePercent === null
                  ? 'None'
                  : `${data.applicationFeePercent}% of each hosting fee goes to ${PRODUCT_NAME}`}
              </dd>
            </dl>
          )}
          {data.status === 'active' && (
            <p>
              <Link to={HOSTING_FEES_PATH}>Bill your clients hosting fees</Link>
            </p>
          )}
          {data.status !== 'active' && <AccountLinkButton status={data.status} cameFrom="billing" />}
          {data.status === 'active' && <TaxRatesSection />}
        </>
      )}
    </section>
  );
}
