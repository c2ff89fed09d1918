import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { AccountLinkOrigin, MerchantStatus } from '../api';
import { RETURNED_PARAM, RETURNED_VALUE } from '../paths';
import { useAccountLinkMutation } from '../queries';

const LABELS: Record<Exclude<MerchantStatus, 'active'>, string> = {
  not_connected: 'Set up with Stripe',
  onboarding: 'Continue the setup with Stripe',
  restricted: 'Give Stripe what it needs',
};

/**
 * Stripe's setup of the merchant account: a new link asked for when pressed (it lives minutes; the account is made
 * the first time), then the browser goes to Stripe, which brings the person back to this page, marked so that it
 * waits for Stripe's word. Failures in the shared error display.
 */
export function AccountLinkButton({
  status,
  cameFrom,
}: {
  status: Exclude<MerchantStatus, 'active'>;
  cameFrom: AccountLinkOrigin;
}) {
  const link = useAccountLinkMutation();
  const { pathname, search, hash } = useLocation();
  const [leaving, setLeaving] = useState(false);

  // Back from Stripe, the browser may show this page as it was left: the button works again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  async function open() {
    const params = new URLSearchParams(search);
    params.set(RETURNED_PARAM, RETURNED_VALUE);
    const outcome = await link.run(cameFrom, `${pathname}?${params.toString()}${hash}`);
    if (!outcome.ok) return;
    setLeaving(true);
    window.location.assign(outcome.value.url);
  }

  const busy = link.isPending || leaving;
  return (
    <>
      <ErrorDisplay error={link.error} />
      <div className="actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void open()}>
          {busy ? 'Opening Stripe…' : LABELS[status]}
        </button>
      </div>
    </>
  );
}
