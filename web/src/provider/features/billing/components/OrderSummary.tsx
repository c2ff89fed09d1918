import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import type { ChangePreview } from '../api';

interface OrderSummaryProps {
  preview: ChangePreview | undefined;
  error: unknown;
  isLoading: boolean;
}

/**
 * The order summary of a plan change (000 §2, POST preview_change): its lines (items, and discounts as negative
 * amounts), subtotal, discount and total; for a change that waits for the period's end, the day it starts.
 */
export function OrderSummary({ preview, error, isLoading }: OrderSummaryProps) {
  const headingId = useId();
  return (
    <section className="order-summary" aria-labelledby={headingId} aria-busy={isLoading}>
      <h3 id={headingId}>Order summary</h3>
      {error && !isLoading ? (
        <ErrorDisplay error={error} />
      ) : !preview ? (
        <p className="muted" role="status">
          Working out the price…
        </p>
      ) : (
        <>
          <table className="summary-table">
            <tbody>
              {preview.lineItems.map((line, index) => (
                <tr key={index} className={`summary-line summary-line-${line.type}`}>
                  <th scope="row">{line.label}</th>
                  <td>{formatMoney(line.amountInCents, preview.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Subtotal</th>
                <td>{formatMoney(preview.subtotalInCents, preview.currency)}</td>
              </tr>
              <tr>
                <th scope="row">Discount</th>
                <td>
                  {formatMoney(
                    preview.discountInCents === 0 ? 0 : -preview.discountInCents,
                    preview.currency,
                  )}
                </td>
              </tr>
              <tr className="summary-total">
                <th scope="row">{preview.startsAt ? 'Total' : 'Total due today'}</th>
                <td>{formatMoney(preview.totalInCents, preview.currency)}</td>
              </tr>
            </tfoot>
          </table>
          {preview.startsAt && (
            <p className="muted">
              The new plan begins on {formatDate(preview.startsAt)}, at the end of the current period; nothing
              is charged before then.
            </p>
          )}
        </>
      )}
    </section>
  );
}
