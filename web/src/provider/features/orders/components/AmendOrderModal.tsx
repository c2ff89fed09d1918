import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { MESSAGES } from '../../../../shared/strings';
import { TextAreaField } from '../../../../shared/TextAreaField';
import type { OrderDetail } from '../api';
import { useOrderAttachments } from '../hooks';
import { useAmendOrderMutation } from '../queries';
import { amendedDelivery, amendedWork } from '../rules';
import { AttachmentsField } from './AttachmentsField';

interface AmendOrderModalProps {
  order: OrderDetail;
  onAmended(amendment: OrderDetail): void;
  onClose(): void;
}

/**
 * An amendment of a delivered order (POST .../amend with `amendment_form`): what should change (required) and
 * supporting files, each uploaded to the order first and sent as the spec's indexed map. New work on the same
 * plan, photos or draft, at no cost in credits; the answer is the new order.
 */
export function AmendOrderModal({ order, onAmended, onClose }: AmendOrderModalProps) {
  const amend = useAmendOrderMutation();
  const attachments = useOrderAttachments(order.id);
  const formId = useId();
  const form = useForm({
    initial: { notes: '' },
    fields: { notes: 'amendmentForm.notes' },
    submit: ({ notes }) => {
      if (!notes.trim()) {
        form.refuse('notes', MESSAGES.required);
        return Promise.resolve(undefined);
      }
      return amend.run(order.id, {
        notes: notes.trim(),
        fileIds: attachments.attached.map((file) => file.id),
      });
    },
    onSuccess: onAmended,
  });
  const busy = form.isPending || attachments.uploads.isUploading;

  return (
    <Modal
      title="Request an amendment"
      onClose={onClose}
      closeDisabled={form.isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {form.isPending ? 'Sending…' : 'Request amendment'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={form.isPending}
            onClick={onClose}
          >
            Cancel
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <p className="muted">
          {amendedWork(order.kind)} as you describe, at no cost in credits. {amendedDelivery(order.kind)} The
          amendment is an order of its own, which you follow like this one.
        </p>
        <TextAreaField
          {...form.field('notes')}
          label="What should change?"
          requiredMark
          rows={4}
          maxLength={2000}
          disabled={form.isPending}
        />
        <AttachmentsField label="Add supporting files" attachments={attachments} disabled={form.isPending} />
      </form>
    </Modal>
  );
}
