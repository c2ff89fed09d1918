import type { ReactNode } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { PRODUCT_NAME } from '../../../../shared/strings';
import type { Subscription } from '../api';
import { useBilling } from '../BillingContext';

interface BillingGateProps {
  /** The page's heading (and its title's first part). */
  title: string;
  /** The page, once the subscription and the permissions are read and they let the person manage billing. */
  children(subscription: Subscription): ReactNode;
}

/**
 * What the billing pages (accounts and billing, credits) show before their content: only those who manage billing
 * (GET /provider/permissions/account: the provider's admins) see them; others are told why, and a failed read says
 * so in the shared error display.
 */
export function BillingGate({ title, children }: BillingGateProps) {
  const billing = useBilling();
  const { subscription, permissions, loadError, canManageBilling } = billing;
  const titleTag = <title>{`${title} · ${PRODUCT_NAME}`}</title>;

  if (!billing.available || loadError) {
    return (
      <div className="page">
        {titleTag}
        <h1>{title}</h1>
        {loadError ? (
          <ErrorDisplay error={loadError} />
        ) : (
          <p className="muted">Billing belongs to a provider&apos;s account: sign in as one of its admins.</p>
        )}
      </div>
    );
  }
  if (!permissions || !subscription) {
    return (
      <>
        {titleTag}
        <Loading />
      </>
    );
  }
  if (!canManageBilling) {
    return (
      <div className="page">
        {titleTag}
        <h1>{title}</h1>
        <p className="muted">Only the admins of your account can see and change its billing.</p>
      </div>
    );
  }
  return (
    <>
      {titleTag}
      {children(subscription)}
    </>
  );
}
