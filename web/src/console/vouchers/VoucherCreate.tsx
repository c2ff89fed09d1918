import { Create, useNotify, useRedirect } from 'react-admin';
import type { VoucherRecord } from '../shared/billing';
import { VoucherForm, voucherPayload } from './VoucherForm';

/** A new voucher (POST /admin/vouchers), then back to the list. */
export function VoucherCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New voucher"
      transform={voucherPayload}
      mutationOptions={{
        onSuccess: (voucher: VoucherRecord) => {
          const message = `Voucher ${voucher.code} created.`;
          notify(message, { type: 'info', messageArgs: { _: message } });
          redirect('list', 'vouchers');
        },
      }}
    >
      <VoucherForm />
    </Create>
  );
}
