import { DataTable, useBasename, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import { oneLine, wrapAnywhere } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { ListWithCreate } from '../shared/ListWithCreate';
import { NoRows } from '../shared/NoRows';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { StatusChip } from '../shared/StatusChip';
import { TextButton } from '../shared/TextButton';
import { ActorField } from './ActorField';
import { IMPORT_STATUSES, type StagingImportRecord } from './stagingImports';

/**
 * The staging assets' bulk uploads (GET /admin/vt_staging/asset/imports.json: page), newest first: when, the file's
 * URL, who uploaded it, whether it still runs, and its rows created, failed and waiting; each opens the import's page
 * with its rows. On a phone each import is a block.
 */
export function StagingImportList() {
  const isPhone = useIsPhone();
  return (
    <ListWithCreate title="Staging asset imports" createLabel="Bulk upload" filters={[]}>
      {isPhone ? (
        <RowBlocks<StagingImportRecord>
          label="Staging asset imports"
          title={(found) => found.csvUrl}
          details={[
            { label: 'When', value: (found) => formatDateTime(found.createdAt) },
            { label: 'Who', value: () => <ActorField /> },
            { label: 'Status', value: (found) => <ImportStatusChip found={found} /> },
            { label: 'Created', value: (found) => String(found.createdCount) },
            { label: 'Failed', value: (found) => String(found.failedCount) },
            { label: 'Waiting', value: (found) => String(found.pendingCount) },
          ]}
          actions={<OpenButton />}
          empty={<NoImports />}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} empty={<NoImports />}>
          <DataTable.Col source="createdAt" label="When" disableSort cellSx={oneLine}>
            <IsoDateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="csvUrl" label="File" disableSort cellSx={wrapAnywhere} />
          <DataTable.Col label="Who" disableSort>
            <ActorField />
          </DataTable.Col>
          <DataTable.Col
            label="Status"
            disableSort
            cellSx={oneLine}
            render={(found: StagingImportRecord) => <ImportStatusChip found={found} />}
          />
          <DataTable.NumberCol source="createdCount" label="Created" disableSort />
          <DataTable.NumberCol source="failedCount" label="Failed" disableSort />
          <DataTable.NumberCol source="pendingCount" label="Waiting" disableSort />
          <DataTable.Col label="Actions" disableSort cellSx={oneLine}>
            <OpenButton />
          </DataTable.Col>
        </DataTable>
      )}
    </ListWithCreate>
  );
}

const NoImports = () => <NoRows text="No CSV has been uploaded yet." padded />;

export function ImportStatusChip({ found }: { found: Pick<StagingImportRecord, 'status'> }) {
  const { label, color } = IMPORT_STATUSES[found.status];
  return <StatusChip label={label} color={color} />;
}

/** "Rows": the import's page, its progress and every row. */
function OpenButton() {
  const found = useRecordContext<StagingImportRecord>();
  const basename = useBasename();
  if (!found) return null;
  return (
    <TextButton
      to={`${basename}/staging_asset_imports/${encodeURIComponent(found.id)}/show`}
      label="Rows"
      aria-label={`Rows of the import of ${found.csvUrl}`}
      // The row opens the same page: the button's own click is enough.
      onClick={(event) => event.stopPropagation()}
    />
  );
}
