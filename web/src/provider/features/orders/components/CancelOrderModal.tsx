import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { MESSAGES } from '../../../../shared/strings';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { creditsLabel } from '../../billing/rules';
import type { OrderDetail } from '../api';
import { useCancelOrderMutation } from '../queries';
import { orderName } from '../rules';

interface CancelOrderModalProps {
  order: OrderDetail;
  onCancelled(order: OrderDetail): void;
  onClose(): void;
}

/**
 * Cancelling an order nobody has started (POST .../cancel with `cancellation_reason`): asks why first (required),
 * says its credits come back; the server's refusal (started meanwhile: 409 in its words) in the alert.
 */
export function CancelOrderModal({ order, onCancelled, onClose }: CancelOrderModalProps) {
  const cancel = useCancelOrderMutation();
  const formId = useId();
  const form = useForm({
    initial: { reason: '' },
    fields: { reason: 'cancellationReason' },
    submit: ({ reason }) => {
      if (!reason.trim()) {
        form.refuse('reason', MESSAGES.required);
        return Promise.resolve(undefined);
      }
      return cancel.run(order.id, reason.trim());
    },
    onSuccess: onCancelled,
  });
  const { isPending } = form;

  return (
    <Modal
      title={`Cancel ${orderName(order).toLowerCase()}?`}
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-danger" disabled={isPending}>
            {isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Keep the order
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <p>
          Nobody has started on it yet
          {order.credits > 0 ? `: its ${creditsLabel(order.credits)} come back to you.` : '.'}
        </p>
        <TextAreaField
          {...form.field('reason')}
          label="Why are you cancelling it?"
          requiredMark
          rows={3}
          maxLength={500}
          disabled={isPending}
        />
      </form>
    </Modal>
  );
}
