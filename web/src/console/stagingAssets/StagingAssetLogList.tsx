import { Alert, Box } from '@mui/material';
import { DataTable, List, useListContext, useRecordContext } from 'react-admin';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { TextButton } from '../shared/TextButton';
import { formatDateTime } from '../../shared/format';
import { ActorField } from './ActorField';
import { assetChangeLines, changeLine, LOG_ACTIONS, type StagingAssetLogRecord } from './stagingAssets';
import { useStagingCategories } from './useStagingCategories';

/**
 * The staging asset log (GET /admin/vt_staging/asset/logs.json: page, asset_id), newest first: when, what was done,
 * to which asset (its name as it was then), who did it (the user's id, and the administrator impersonating when one
 * was) and each field an update changed, before → after. A resource of its own, in the menu beside the assets, rather
 * than a tab: it outlives the assets it names (a deleted asset's rows stay), and each asset's "Log" opens it filtered
 * to that asset (`?filter={"assetId":...}`), with a way back to every asset's.
 */
export function StagingAssetLogList() {
  const isPhone = useIsPhone();
  return (
    // Not remembered (storeKey false): an asset's "Log" is a look at one asset, and the menu opens every asset's log.
    <List title="Staging asset log" exporter={false} perPage={25} empty={false} storeKey={false}>
      <OneAssetNotice />
      {isPhone ? (
        <RowBlocks<StagingAssetLogRecord>
          label="Staging asset log"
          title={(row) => `${LOG_ACTIONS[row.action]} “${row.assetName}”`}
          details={[
            { label: 'When', value: (row) => formatDateTime(row.createdAt) },
            { label: 'Who', value: () => <ActorField /> },
            { label: 'Changes', value: () => <ChangesField /> },
          ]}
          empty={<NoEntries />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoEntries />}>
          <DataTable.Col source="createdAt" label="When" disableSort cellSx={oneLine}>
            <IsoDateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col
            source="action"
            label="What"
            disableSort
            cellSx={oneLine}
            render={(row: StagingAssetLogRecord) => LOG_ACTIONS[row.action]}
          />
          <DataTable.Col source="assetName" label="Asset" disableSort />
          <DataTable.Col label="Who" disableSort>
            <ActorField />
          </DataTable.Col>
          <DataTable.Col label="Changes" disableSort>
            <ChangesField />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

const NoEntries = () => <NoRows text="Nothing has been done to the library yet." padded />;

/** When the list is one asset's: which (its name in its newest row), and the way back to every asset's log. */
function OneAssetNotice() {
  const { filterValues, setFilters, data } = useListContext<StagingAssetLogRecord>();
  const assetId = (filterValues as { assetId?: unknown }).assetId;
  if (typeof assetId !== 'string' || assetId === '') return null;
  const name = data?.[0]?.assetName;
  return (
    <Alert
      severity="info"
      sx={{ m: 1 }}
      action={<TextButton label="Every asset’s log" onClick={() => setFilters({}, [])} />}
    >
      {name ? `The log of “${name}” only.` : 'The log of one asset only.'}
    </Alert>
  );
}

/** Each field an update changed: 'Name: Sofa → Grey sofa'; '—' for a row that changed no field. */
function ChangesField() {
  const row = useRecordContext<StagingAssetLogRecord>();
  const categories = useStagingCategories();
  if (!row) return null;
  const names = Object.fromEntries((categories.data ?? []).map((category) => [category.id, category.name]));
  const lines = assetChangeLines(row.changes, names);
  if (lines.length === 0) return <span>—</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <li key={line.field}>{changeLine(line)}</li>
      ))}
    </Box>
  );
}
