import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import type { VoucherRecord } from '../shared/billing';
import { saveFile } from '../shared/saveFile';
import { TextButton } from '../shared/TextButton';

/**
 * "Download CSV": the voucher's redemptions (GET /admin/vouchers/{id}.csv) fetched with the session and saved as
 * `voucher-<CODE>-redemptions.csv`. Not a link: a navigation would ask for a page, and a failure would replace the
 * console; here it is notified in the server's words.
 */
export function DownloadCsvButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const voucher = useRecordContext<VoucherRecord>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'vouchers', action: 'download_csv' });
  const download = useMutation({
    mutationFn: (record: VoucherRecord) => dataProvider.voucherRedemptionsCsv(record),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => notify(error.message, { type: 'error', messageArgs: { _: error.message } }),
  });
  if (!voucher || !canAccess) return null;

  return (
    <TextButton
      label={download.isPending ? 'Downloading…' : 'Download CSV'}
      aria-label={`Download CSV of ${voucher.code}`}
      variant={variant}
      disabled={download.isPending}
      onClick={(event) => {
        event.stopPropagation();
        download.mutate(voucher);
      }}
    />
  );
}
