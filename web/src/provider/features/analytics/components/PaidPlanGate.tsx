import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useBilling } from '../../billing/BillingContext';
import { BILLING_PATH } from '../../billing/paths';

/**
 * The free plan's page (contract §3: the routes answer 403): the page's layout with sample numbers, blurred and out
 * of reach of the keyboard and screen readers, and over it the server's message with the way to upgrade (the
 * billing page for those who manage billing; the others are told whom to ask, as the plan banner does).
 */
export function PaidPlanGate({ message, children }: { message: string; children: ReactNode }) {
  const headingId = useId();
  const { canManageBilling } = useBilling();
  return (
    <div className="analytics-gate">
      <div className="analytics-gate-sample" inert aria-hidden="true">
        {children}
      </div>
      <section className="analytics-gate-notice card" aria-labelledby={headingId}>
        <h2 id={headingId}>See who visits your tours</h2>
        <p>{message}</p>
        <p className="muted">The numbers behind this notice are a sample, not your tours’.</p>
        {canManageBilling ? (
          <Link className="button button-primary" to={BILLING_PATH}>
            Upgrade
          </Link>
        ) : (
          <p>Ask an admin of your account to upgrade.</p>
        )}
      </section>
    </div>
  );
}
