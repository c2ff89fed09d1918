import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { invoicePdfPath, type HostingInvoice } from '../api';
import { hostingSubscriptionPath } from '../paths';
import { useVoidInvoiceMutation } from '../queries';
import { PaymentLinkModal } from './PaymentLinkModal';
import { InvoiceStatusBadge } from './StatusBadge';

/**
 * Hosting-fee invoices, one card each: the customer, number, amount (paid so far), due date and status; for an open
 * one its payment link to send the client and "Void" (asked first); the PDF once Stripe has made it final.
 */
export function InvoiceList({
  invoices,
  busy,
  linkSubscription = true,
}: {
  invoices: HostingInvoice[];
  busy: boolean;
  /** False on the subscription's own page. */
  linkSubscription?: boolean;
}) {
  const [linkFor, setLinkFor] = useState<HostingInvoice | null>(null);
  const [voiding, setVoiding] = useState<HostingInvoice | null>(null);
  const voidIt = useVoidInvoiceMutation();

  return (
    <>
      <ErrorDisplay error={voidIt.error} />
      <ul className="record-list" aria-label="Invoices" aria-busy={busy || undefined}>
        {invoices.map((invoice) => {
          const name = invoice.number ?? 'Draft invoice';
          return (
            <li key={invoice.id} className="record-row">
              <div className="record-row-main">
                <h3 className="record-row-title">
                  {name} · {invoice.customerName}
                </h3>
                <p className="record-row-line">
                  {formatMoney(invoice.amountDue, invoice.currency)}
                  {invoice.amountPaid > 0 && invoice.status !== 'paid' && (
                    <span className="muted"> · {formatMoney(invoice.amountPaid, invoice.currency)} paid</span>
                  )}
                  {invoice.dueDate && <span className="muted"> · due {formatDate(invoice.dueDate)}</span>}
                </p>
                <p className="record-row-line">
                  <InvoiceStatusBadge status={invoice.status} />{' '}
                  <span className="muted">made {formatDate(invoice.createdAt)}</span>
                  {linkSubscription && invoice.subscriptionId && (
                    <>
                      {' · '}
                      <Link to={hostingSubscriptionPath(invoice.subscriptionId)}>Subscription</Link>
                    </>
                  )}
                </p>
              </div>
              <div className="record-row-actions">
                {invoice.status === 'open' && (
                  <button
                    type="button"
                    className="button button-primary"
                    aria-label={`Payment link of ${name}`}
                    onClick={() => setLinkFor(invoice)}
                  >
                    Payment link
                  </button>
                )}
                {invoice.status !== 'draft' && (
                  <a
                    className="button button-secondary"
                    href={invoicePdfPath(invoice.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Download PDF of ${name}`}
                  >
                    PDF
                  </a>
                )}
                {invoice.status === 'open' && (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Void ${name}`}
                    onClick={() => {
                      voidIt.reset();
                      setVoiding(invoice);
                    }}
                  >
                    Void
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {linkFor && <PaymentLinkModal invoice={linkFor} onClose={() => setLinkFor(null)} />}
      <ConfirmDialog
        open={voiding !== null}
        title={`Void ${voiding?.number ?? 'this invoice'}?`}
        confirmLabel="Void invoice"
        isPending={voidIt.isPending}
        onCancel={() => setVoiding(null)}
        onConfirm={async () => {
          if (voiding) await voidIt.run(voiding.id);
          setVoiding(null);
        }}
      >
        <p>
          {voiding
            ? `${voiding.customerName} will no longer owe ${formatMoney(voiding.amountDue, voiding.currency)}`
            : ''}{' '}
          on it, and its payment link stops working. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
