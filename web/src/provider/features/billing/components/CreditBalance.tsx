import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useCreditBalanceQuery, useWaitingDiscountQuery } from '../queries';
import { creditsLabel, waitingDiscountLabel } from '../rules';
import './credits.css';

/**
 * The provider's credits (GET credit_balance): what can be spent now and what orders in progress hold; and a
 * voucher's discount waiting for the next purchase, if one does (GET vouchers). The billing page's Credits section
 * and the credits page show it alike.
 */
export function CreditBalance() {
  const balance = useCreditBalanceQuery();
  const discount = useWaitingDiscountQuery().data;
  const data = balance.data;

  if (balance.error) return <ErrorDisplay error={balance.error} />;
  if (!data) {
    return (
      <p className="muted" role="status">
        Loading your credits…
      </p>
    );
  }
  return (
    <>
      <dl className="details credit-balance" aria-busy={balance.isFetching || undefined}>
        <dt>Available</dt>
        <dd>{creditsLabel(data.availableBalance)}</dd>
        <dt>Reserved</dt>
        <dd>
          {creditsLabel(data.reservedBalance)}
          <span className="muted"> · held for orders in progress</span>
        </dd>
      </dl>
      {discount && (
        <p className="alert alert-info voucher-waiting">
          <strong>{waitingDiscountLabel(discount)}</strong>
        </p>
      )}
    </>
  );
}
