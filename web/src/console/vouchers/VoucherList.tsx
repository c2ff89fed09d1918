import { Typography } from '@mui/material';
import { DataTable, SearchInput, useBasename, type RaRecord, useRecordContext } from 'react-admin';
import { ListWithCreate } from '../shared/ListWithCreate';
import { IsoDateField } from '../shared/IsoDateField';
import { ArchiveButton } from '../shared/ArchiveButton';
import { redemptionsLabel, VOUCHER_STATUS, voucherGives, type VoucherRecord } from '../shared/billing';
import { oneLine } from '../shared/cells';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { StatusChip } from '../shared/StatusChip';
import { TextButton } from '../shared/TextButton';
import { DownloadCsvButton } from './DownloadCsvButton';

/** What archiving a voucher means, in its confirm dialog. */
export const ARCHIVE_CONSEQUENCE =
  'Providers can no longer redeem it and it leaves this list. What its redemptions gave stays, and its CSV can still be downloaded from its page.';

export const voucherName = (voucher: RaRecord) => `voucher ${String(voucher.code)}`;

/**
 * Vouchers (GET /admin/vouchers: page, search in the code and the description), newest first, archived ones left
 * out: what each gives, its redemptions, expiry and status, with "Edit", "Download CSV" and "Archive". On a phone
 * each voucher is a block, its actions under it.
 */
export function VoucherList() {
  const isPhone = useIsPhone();
  return (
    <ListWithCreate
      title="Vouchers"
      createLabel="New voucher"
      filters={[<SearchInput key="search" source="search" alwaysOn placeholder="Code or description" />]}
    >
      {isPhone ? (
        <RowBlocks<VoucherRecord>
          label="Vouchers"
          title={(voucher) => voucher.code}
          details={[
            { label: 'Description', value: (voucher) => voucher.description },
            { label: 'Gives', value: (voucher) => voucherGives(voucher) },
            { label: 'Redemptions', value: (voucher) => redemptionsLabel(voucher) },
            {
              label: 'Expires',
              value: () => <IsoDateField source="expiresAt" showTime emptyText="Never" />,
            },
            { label: 'Status', value: (voucher) => <StatusChip {...VOUCHER_STATUS[voucher.status]} /> },
          ]}
          actions={<VoucherActions />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="code" label="Code" disableSort>
            <CodeField />
          </DataTable.Col>
          <DataTable.Col
            label="Gives"
            disableSort
            render={(voucher: VoucherRecord) => voucherGives(voucher)}
          />
          <DataTable.Col
            cellSx={oneLine}
            label="Redemptions"
            disableSort
            render={(voucher: VoucherRecord) => redemptionsLabel(voucher)}
          />
          <DataTable.Col cellSx={oneLine} source="expiresAt" label="Expires" disableSort>
            <IsoDateField source="expiresAt" showTime emptyText="Never" />
          </DataTable.Col>
          <DataTable.Col
            cellSx={oneLine}
            source="status"
            label="Status"
            disableSort
            render={(voucher: VoucherRecord) => <StatusChip {...VOUCHER_STATUS[voucher.status]} />}
          />
          <DataTable.Col cellSx={oneLine} label="Actions" disableSort>
            <VoucherActions />
          </DataTable.Col>
        </DataTable>
      )}
    </ListWithCreate>
  );
}

/** The code, and below it the description when there is one. */
function CodeField() {
  const voucher = useRecordContext<VoucherRecord>();
  if (!voucher) return null;
  return (
    <>
      <Typography
        component="span"
        variant="body2"
        sx={{ fontWeight: 600, display: 'block', whiteSpace: 'nowrap' }}
      >
        {voucher.code}
      </Typography>
      {voucher.description && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {voucher.description}
        </Typography>
      )}
    </>
  );
}

function VoucherActions() {
  const voucher = useRecordContext<VoucherRecord>();
  const basename = useBasename();
  if (!voucher) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      <TextButton
        to={`${basename}/vouchers/${voucher.id}`}
        label="Edit"
        aria-label={`Edit ${voucher.code}`}
      />
      <DownloadCsvButton />
      <ArchiveButton name={voucherName} consequence={ARCHIVE_CONSEQUENCE} />
    </span>
  );
}
