import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Modal } from '../../../../shared/Modal';
import { InsufficientCreditsModal } from '../../billing/components/InsufficientCreditsModal';
import { useCreditBalanceQuery } from '../../billing/queries';
import { creditsLabel } from '../../billing/rules';
import type { useOrderPlacing } from '../hooks';
import type { PickedProperty } from './PropertyPicker';

/**
 * An order form in its modal: the form's refusal above its fields, "Order for N credits" and Cancel below; short of
 * credits (`placing.short`), the insufficient-credits modal instead, and back here on its Cancel.
 */
export function OrderModal({
  title,
  what,
  cost,
  placing,
  form,
  onClose,
  children,
}: {
  title: string;
  /** What the credits are for, in the insufficient-credits modal's words: 'floor plan'. */
  what: string;
  cost: number;
  placing: Pick<ReturnType<typeof useOrderPlacing>, 'short' | 'back'>;
  form: {
    isPending: boolean;
    handleSubmit(event: FormEvent<HTMLFormElement>): void;
    alertRef: Ref<HTMLDivElement>;
    errors: { alert: unknown };
  };
  onClose(): void;
  children: ReactNode;
}) {
  const formId = useId();
  if (placing.short) return <InsufficientCreditsModal needed={cost} what={what} onClose={placing.back} />;
  return (
    <Modal
      title={title}
      onClose={onClose}
      closeDisabled={form.isPending}
      footer={<OrderButtons formId={formId} cost={cost} isPending={form.isPending} onClose={onClose} />}
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit} className="order-form">
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        {children}
      </form>
    </Modal>
  );
}

/** The property an order is for: 'For 12 Harbour View · its address'. */
export function OrderedProperty({ property }: { property: PickedProperty }) {
  return (
    <p className="order-form-property">
      For <strong>{property.title}</strong>
      {property.address && <span className="muted"> · {property.address}</span>}
    </p>
  );
}

/** An order form's buttons: "Order for N credits" (submitting the form), and Cancel. */
function OrderButtons({
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
