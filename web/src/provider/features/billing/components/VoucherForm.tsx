import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import { useRedeemVoucherMutation } from '../queries';
import { voucherRedeemedMessage } from '../rules';

/**
 * A voucher code to redeem (POST vouchers/redeem): credits at once, or a discount on the next credits purchase.
 * The outcome in a status under the form; the server's refusal under the field, in its words. The balance, the
 * history, the prices and the waiting discount are asked again after it (`useRedeemVoucherMutation`).
 */
export function VoucherForm() {
  const redeem = useRedeemVoucherMutation();
  const [redeemed, setRedeemed] = useState('');
  const form = useForm({
    initial: { code: '' },
    fields: { code: 'code' },
    submit: async ({ code }) => {
      setRedeemed('');
      const trimmed = code.trim();
      if (!trimmed) {
        form.refuse('code', 'Enter the code of your voucher.');
        return undefined;
      }
      return redeem.run(trimmed);
    },
    onSuccess: (answer) => {
      setRedeemed(voucherRedeemedMessage(answer.voucher));
      form.set('code', '');
    },
  });

  return (
    <form className="voucher-form" noValidate onSubmit={form.handleSubmit}>
      <div className="voucher-row">
        <TextField
          label="Voucher code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={form.isPending}
          {...form.field('code')}
        />
        <button type="submit" className="button button-secondary" disabled={form.isPending}>
          {form.isPending ? 'Redeeming…' : 'Redeem'}
        </button>
      </div>
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      <p className="voucher-status" role="status">
        {redeemed}
      </p>
    </form>
  );
}
