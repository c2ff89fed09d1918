import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { MESSAGES } from '../../shared/strings';
import { useForm } from '../../shared/forms/useForm';
import { TextField } from '../../shared/TextField';
import { orderName, type OrderDetail } from './orders';
import { useOrderAction } from './useOrderAction';

/**
 * "Cancel order": the are-you-sure dialog asks the reason the provider reads (`cancellation_reason`), then the
 * area's cancel call; the credits held for it go back to the provider. A move the status no longer allows (409)
 * is notified in the server's words, a refused reason shows under the field.
 */
export function CancelOrderButton({ order }: { order: OrderDetail }) {
  const { run, isPending } = useOrderAction();
  const [open, setOpen] = useState(false);
  const name = orderName(order);
  const form = useForm({
    initial: { reason: '' },
    fields: { reason: 'cancellationReason' },
    submit: async ({ reason }) => {
      if (reason.trim() === '') {
        form.refuse('reason', MESSAGES.required);
        return undefined;
      }
      return run((provider) => provider.cancelOrder(order.id, reason.trim()), `${name} cancelled.`);
    },
    onSuccess: () => setOpen(false),
  });

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={isPending}
        onClick={() => {
          form.setValues({ reason: '' });
          form.clearFailure();
          setOpen(true);
        }}
      >
        Cancel order
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending || form.isPending}
        title={`Cancel ${name.toLowerCase()}?`}
        cancel="Keep the order"
        confirm="Cancel order"
        confirmColor="warning"
        content={
          <form noValidate onSubmit={form.handleSubmit} style={{ minWidth: 'min(24rem, 70vw)' }}>
            <TextField
              {...form.field('reason')}
              label="Reason"
              hint="The provider reads it with the order; the credits it held go back to them."
              name="cancellation_reason"
              maxLength={500}
              requiredMark
            />
          </form>
        }
        onConfirm={async () => {
          const outcome = await form.submit();
          // Refused as a whole (the order moved meanwhile): notified, nothing to correct here.
          if (outcome && !outcome.ok && outcome.error === null) setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
