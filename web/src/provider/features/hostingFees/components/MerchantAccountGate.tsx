import { Link } from 'react-router';
import type { MerchantAccount } from '../api';
import { MERCHANT_ACCOUNT_PATH } from '../paths';
import { MerchantAccountStatus } from './MerchantAccountStatus';

const NEXT_STEP: Record<string, string> = {
  not_connected: 'Set up your merchant account',
  onboarding: 'Finish setting up your merchant account',
  restricted: 'Give Stripe what it needs',
};

/**
 * What the hosting fees page shows while the merchant account is not active: why nothing can be billed yet, and
 * the way to the billing page's merchant account section (for admins; others are told to ask one).
 */
export function MerchantAccountGate({
  account,
  canManage,
}: {
  account: MerchantAccount;
  canManage: boolean;
}) {
  return (
    <section className="card" aria-labelledby="merchant-gate-heading">
      <h2 id="merchant-gate-heading">Your merchant account first</h2>
      <p>
        Your clients pay hosting fees into your own Stripe account. Once it is active, you can add customers,
        start their monthly or yearly hosting subscriptions and send them each invoice's payment link from
        here.
      </p>
      <MerchantAccountStatus account={account} />
      {canManage ? (
        <p>
          <Link className="button button-primary" to={MERCHANT_ACCOUNT_PATH}>
            {NEXT_STEP[account.status] ?? 'Open your merchant account'}
          </Link>
        </p>
      ) : (
        <p className="muted">Ask an admin of your account to set it up in Accounts and billing.</p>
      )}
    </section>
  );
}
