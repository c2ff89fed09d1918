import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import { CopyField } from '../../tours/sharing';
import { fetchPaymentLink, type HostingInvoice } from '../api';
import { hostingKeys } from '../queries';

/**
 * An open invoice's payment link (GET .../invoices/{id}/payment_link: Stripe's hosted invoice page), to copy and send
 * the client, who pays it there by card.
 */
export function PaymentLinkModal({ invoice, onClose }: { invoice: HostingInvoice; onClose(): void }) {
  const link = useQuery({
    queryKey: [...hostingKeys.invoices(), 'payment-link', invoice.id],
    queryFn: () => fetchPaymentLink(invoice.id),
  });
  return (
    <Modal
      title={`Payment link of ${invoice.number ?? 'the invoice'}`}
      onClose={onClose}
      footer={
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      }
    >
      <p>
        Send this link to {invoice.customerName}: it opens the invoice of{' '}
        {formatMoney(invoice.amountDue, invoice.currency)} on Stripe, where it can be paid by card.
      </p>
      <ErrorDisplay error={link.error} />
      {link.data ? (
        <>
          <CopyField label="Payment link" value={link.data.url} />
          <p>
            <a href={link.data.url} target="_blank" rel="noopener noreferrer">
              Open the invoice page
            </a>
          </p>
        </>
      ) : (
        !link.error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )
      )}
    </Modal>
  );
}
