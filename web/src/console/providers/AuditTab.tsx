import { Box, Divider, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, RecordContextProvider, useListContext, useRecordContext } from 'react-admin';
import { adminChangeLabel, fieldChangeLine, fieldChanges } from '../../shared/adminChanges';
import { formatDateTime } from '../../shared/format';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { TextButton } from '../shared/TextButton';
import { ProviderRecordList } from './ProviderRecordList';
import type { AdminChangeRecord, ProviderRecord } from './types';

/**
 * What administrators changed on the provider's records (GET /admin/providers/{id}/admin_changes, paged), newest
 * first: when, who, which record, and each field as it was and as it is. The provider reads the same in its access
 * log. Changes other services make reach the trail a moment later: "Refresh" reads it again.
 */
export function AuditTab({ provider }: { provider: ProviderRecord }) {
  // On a phone each change is a block of its own: a table would hide the changes themselves past the right edge.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ProviderRecordList resource="admin_changes" provider={provider}>
      <RefreshRow />
      {isPhone ? (
        <ChangeBlocks />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoChanges />}>
          <DataTable.Col source="changedAt" label="When" disableSort cellSx={oneLine}>
            <IsoDateField source="changedAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="admin.name" label="Administrator" disableSort>
            <AdminField />
          </DataTable.Col>
          <DataTable.Col
            source="action"
            label="Record"
            disableSort
            cellSx={oneLine}
            render={(change: AdminChangeRecord) => adminChangeLabel(change.action, change.record)}
          />
          <DataTable.Col label="Changes" disableSort>
            <ChangesField />
          </DataTable.Col>
        </DataTable>
      )}
    </ProviderRecordList>
  );
}

const NoChanges = () => <NoRows text="No administrator has changed its records yet." padded />;

/** The page's changes one under the other: the record, when and who, then each field. */
function ChangeBlocks() {
  const { data, isPending } = useListContext<AdminChangeRecord>();
  if (isPending) return null;
  if (!data?.length) return <NoChanges />;
  return (
    <Box component="ul" aria-label="Changes" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {data.map((change, index) => (
        <RecordContextProvider key={change.id} value={change}>
          {index > 0 && <Divider component="li" aria-hidden />}
          <Box component="li" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {adminChangeLabel(change.action, change.record)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(change.changedAt)} · {change.admin.name} ({change.admin.email})
            </Typography>
            <ChangesField />
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

function RefreshRow() {
  const { refetch, isFetching } = useListContext();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
      <TextButton label="Refresh" disabled={isFetching} onClick={() => void refetch()} />
    </Box>
  );
}

function AdminField() {
  const change = useRecordContext<AdminChangeRecord>();
  if (!change) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {change.admin.name}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {change.admin.email}
      </Typography>
    </>
  );
}

/** Each field: 'Discount: 0% → 15%'. */
function ChangesField() {
  const change = useRecordContext<AdminChangeRecord>();
  if (!change) return null;
  const lines = fieldChanges(change);
  if (lines.length === 0) return <span>—</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <li key={line.field}>{fieldChangeLine(line)}</li>
      ))}
    </Box>
  );
}
