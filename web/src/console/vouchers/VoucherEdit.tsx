import { Edit, SaveButton, Toolbar, TopToolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { ArchiveButton } from '../shared/ArchiveButton';
import { redemptionsSummary, VOUCHER_STATUS, type VoucherRecord } from '../shared/billing';
import { StatusChip } from '../shared/StatusChip';
import { DownloadCsvButton } from './DownloadCsvButton';
import { VoucherForm, voucherPayload } from './VoucherForm';
import { ARCHIVE_CONSEQUENCE, voucherName } from './VoucherList';

/**
 * A voucher's page (GET, PUT /admin/vouchers/{id}): its status and redemptions, "Download CSV", the form, and
 * "Archive" (DELETE) beside "Save". Pessimistic, so the server's messages land under their fields.
 */
export function VoucherEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<VoucherTitle />}
      mutationMode="pessimistic"
      transform={voucherPayload}
      actions={<VoucherActions />}
      mutationOptions={{
        onSuccess: (voucher: VoucherRecord) => {
          const message = `Voucher ${voucher.code} saved.`;
          notify(message, { type: 'info', messageArgs: { _: message } });
          redirect('list', 'vouchers');
        },
      }}
    >
      <VoucherForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <ArchiveButton name={voucherName} consequence={ARCHIVE_CONSEQUENCE} redirectToList />
          </Toolbar>
        }
      />
    </Edit>
  );
}

function VoucherTitle() {
  const voucher = useRecordContext<VoucherRecord>();
  return <span>{voucher ? `Voucher ${voucher.code}` : 'Voucher'}</span>;
}

/** Above the form: where the voucher stands, and its redemptions as a CSV. */
function VoucherActions() {
  const voucher = useRecordContext<VoucherRecord>();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {voucher && (
        <>
          <StatusChip {...VOUCHER_STATUS[voucher.status]} />
          <span>{redemptionsSummary(voucher)}</span>
        </>
      )}
      <DownloadCsvButton variant="outlined" />
    </TopToolbar>
  );
}
