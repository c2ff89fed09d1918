import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatMoney } from '../../../../shared/format';
import type { CreditsPrice } from '../api';
import { bundleSavingCents, creditsLabel } from '../rules';

/**
 * The price of the quantity chosen: credits at the unit price, the bundle's saving, a waiting voucher's discount
 * (taken off after the bundle's), the total.
 */
export function PriceSummary({
  price,
  error,
  isLoading,
}: {
  price: CreditsPrice | null;
  error: unknown;
  isLoading: boolean;
}) {
  if (error && !price) return <ErrorDisplay error={error} />;
  if (!price) {
    return isLoading ? (
      <p className="muted" role="status">
        Working out the price…
      </p>
    ) : (
      <p className="muted">Choose how many credits to see their price.</p>
    );
  }
  const money = (cents: number) => formatMoney(cents, price.currency);
  return (
    <table className="summary-table" aria-label="Credits price">
      <tbody>
        <tr>
          <th scope="row">
            {creditsLabel(price.creditsQty)} × {money(price.unitPriceInCents)}
          </th>
          <td>{money(price.subtotalInCents)}</td>
        </tr>
        {price.discountPercent > 0 && (
          <tr className="summary-line-discount">
            <th scope="row">Bundle saving ({price.discountPercent}%)</th>
            <td>{money(-bundleSavingCents(price))}</td>
          </tr>
        )}
        {price.voucher && (
          <tr className="summary-line-discount">
            <th scope="row">
              Voucher {price.voucher.code} ({price.voucher.discountPercent}%)
            </th>
            <td>{money(-price.voucherDiscountInCents)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr className="summary-total">
          <th scope="row">Total</th>
          <td>{money(price.totalInCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
