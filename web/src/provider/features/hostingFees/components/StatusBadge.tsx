import { INVOICE_STATUS_LABELS, invoiceTone, SUBSCRIPTION_STATUS_LABELS, subscriptionTone } from '../rules';

/** A hosting subscription's status in words, coloured by what it asks of the provider. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${subscriptionTone(status)}`}>
      {SUBSCRIPTION_STATUS_LABELS[status] ?? status}
    </span>
  );
}

export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${invoiceTone(status)}`}>{INVOICE_STATUS_LABELS[status] ?? status}</span>
  );
}
