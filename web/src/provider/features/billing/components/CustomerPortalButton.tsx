import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { PortalOrigin } from '../api';
import { useCustomerPortalMutation } from '../queries';

/**
 * "Open Stripe's billing portal": asks for a new portal session when pressed (GET customer_portal_link, its way
 * back this page) and goes there at once, since its link lives only minutes. Failures in the shared error display.
 */
export function CustomerPortalButton({ cameFrom }: { cameFrom: PortalOrigin }) {
  const portal = useCustomerPortalMutation();
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const hintId = useId();

  // Back from the portal, the browser may show this page as it was left: the button works again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  async function open() {
    const outcome = await portal.run(cameFrom, `${pathname}${search}`);
    if (!outcome.ok) return;
    setLeaving(true);
    window.location.assign(outcome.value.url);
  }

  return (
    <div className="customer-portal">
      <p id={hintId} className="muted">
        Your cards, invoices and billing details, on Stripe&apos;s own pages.
      </p>
      <ErrorDisplay error={portal.error} />
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={hintId}
          disabled={portal.isPending || leaving}
          onClick={() => void open()}
        >
          {portal.isPending || leaving ? 'Opening the billing portal…' : "Open Stripe's billing portal"}
        </button>
      </div>
    </div>
  );
}
