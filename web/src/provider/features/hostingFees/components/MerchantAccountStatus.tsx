import type { MerchantAccount } from '../api';
import { MERCHANT_STATUS_LABELS, requirementsInWords } from '../rules';

const TONES: Record<string, string> = {
  not_connected: 'badge-neutral',
  onboarding: 'badge-progress',
  active: 'badge-success',
  restricted: 'badge-danger',
};

/** The merchant account's state in words: a badge, what it means, and what Stripe still needs. */
export function MerchantAccountStatus({ account }: { account: MerchantAccount }) {
  const needed = requirementsInWords(account.requirementsDue);
  return (
    <div className="merchant-status">
      <p>
        <span className={`badge ${TONES[account.status] ?? 'badge-neutral'}`}>
          {MERCHANT_STATUS_LABELS[account.status] ?? account.status}
        </span>
      </p>
      <p>{explanation(account)}</p>
      {needed.length > 0 && account.status !== 'not_connected' && (
        <>
          <p>Stripe still needs:</p>
          <ul aria-label="What Stripe still needs">
            {needed.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function explanation(account: MerchantAccount): string {
  switch (account.status) {
    case 'not_connected':
      return 'Set up your own Stripe account to bill your clients hosting fees: they pay into your account, not ours.';
    case 'onboarding':
      return 'The setup with Stripe is not finished: continue where you left off.';
    case 'restricted':
      return account.chargesEnabled
        ? 'Stripe needs more details to keep your account working.'
        : 'Stripe has paused payments to your account until it gets more details.';
    case 'active':
      return account.payoutsEnabled
        ? 'Your clients can pay hosting fees, and Stripe pays them out to your bank account.'
        : 'Your clients can pay hosting fees; Stripe holds payouts until your bank details are complete.';
  }
}
