import { useCreditBalanceQuery } from '../../billing/queries';
import { creditsLabel } from '../../billing/rules';

/** An order form's buttons: "Order for N credits" (submitting the form), and Cancel. */
export function OrderButtons({
  formId,
  cost,
  isPending,
  onClose,
}: {
  formId: string;
  cost: number;
  isPending: boolean;
  onClose(): void;
}) {
  return (
    <div className="actions">
      <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
        {isPending ? 'Ordering…' : `Order for ${creditsLabel(cost)}`}
      </button>
      <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

/** What the order costs against the credits available now, and what it leaves. */
export function OrderCost({ cost }: { cost: number }) {
  const balance = useCreditBalanceQuery();
  const available = balance.data?.availableBalance;
  return (
    <dl className="details order-cost" aria-live="polite">
      <dt>This order</dt>
      <dd>{creditsLabel(cost)}</dd>
      <dt>Available</dt>
      <dd>{balance.error ? '—' : available === undefined ? 'Loading…' : creditsLabel(available)}</dd>
      {available !== undefined && (
        <>
          <dt>After it</dt>
          <dd>{available >= cost ? creditsLabel(available - cost) : 'Not enough credits'}</dd>
        </>
      )}
    </dl>
  );
}
