import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { formatDate } from '../../../../shared/format';
import type { HostingSubscription } from '../api';
import { useCancelSubscriptionMutation } from '../queries';

interface CancelSubscriptionDialogProps {
  subscription: HostingSubscription;
  open: boolean;
  onClose(): void;
  /** A refusal, for the page's error display. */
  onFailed(error: unknown): void;
}

/**
 * "Cancel subscription", asked first: at the end of the period paid for (the default; no more invoices), or now
 * (the open invoice stays to pay or void). A subscription already set to end can only be cancelled now.
 */
export function CancelSubscriptionDialog({
  subscription,
  open,
  onClose,
  onFailed,
}: CancelSubscriptionDialogProps) {
  const cancel = useCancelSubscriptionMutation();
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  const canWait = !subscription.cancelAtPeriodEnd && periodEnd !== null;
  const [atPeriodEnd, setAtPeriodEnd] = useState(canWait);

  return (
    <ConfirmDialog
      open={open}
      title={`Cancel the subscription of ${subscription.customerName}?`}
      confirmLabel="Cancel subscription"
      isPending={cancel.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await cancel.run(subscription.id, canWait && atPeriodEnd);
        if (!outcome.ok) onFailed(outcome.error);
        onClose();
      }}
    >
      {canWait ? (
        <fieldset className="plain-fieldset">
          <legend className="visually-hidden">When</legend>
          <label className="check">
            <input
              type="radio"
              name="cancel-when"
              checked={atPeriodEnd}
              onChange={() => setAtPeriodEnd(true)}
            />
            At the end of the period, on {periodEnd}: no more invoices after it
          </label>
          <label className="check">
            <input
              type="radio"
              name="cancel-when"
              checked={!atPeriodEnd}
              onChange={() => setAtPeriodEnd(false)}
            />
            Now: it stops at once
          </label>
        </fieldset>
      ) : (
        <p>It stops at once. Invoices already made stay as they are: void an open one from Invoices.</p>
      )}
    </ConfirmDialog>
  );
}
