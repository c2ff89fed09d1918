import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  DataTable,
  ListContextProvider,
  RecordContextProvider,
  Title,
  useBasename,
  useDataProvider,
  useList,
  useRecordContext,
} from 'react-admin';
import { useParams } from 'react-router';
import { formatDateTime } from '../../shared/format';
import type { ConsoleDataProvider } from '../dataProvider';
import { oneLine, wrapAnywhere } from '../shared/cells';
import { Details } from '../shared/Details';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { StatusChip } from '../shared/StatusChip';
import { TextButton } from '../shared/TextButton';
import { ActorField } from './ActorField';
import { ImportStatusChip } from './StagingImportList';
import {
  IMPORT_POLL_MS,
  importNextStep,
  importPercent,
  importProgressLine,
  ROW_STATUSES,
  stagingImportKey,
  type StagingImportRow,
  type StagingImportWithRows,
} from './stagingImports';

/** A row of the file, keyed by its line for react-admin's list. */
type RowRecord = StagingImportRow & { id: number };

/**
 * An import's page (GET /admin/vt_staging/asset/imports/{id}.json): the file, who uploaded it and when, a progress
 * bar of its rows settled, read again every 1.5 s while it runs (the server does not push) and no longer once it is
 * finished or the page is left; then what to do next, and every row in the file's order: its line, name, model URL,
 * status, why it failed, and for a created row its asset in the library and in the log.
 */
export function StagingImportShow() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({
    queryKey: stagingImportKey(id),
    queryFn: ({ signal }) => dataProvider.stagingImport(id, signal),
    refetchInterval: (current) => (current.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
  const found = query.data;

  if (!found) {
    if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
    return <Typography role="status">Loading the import…</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 4, minWidth: 0 }}>
      <Title title="Staging asset import" />
      <Typography variant="h5" component="h1">
        Staging asset import
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <RecordContextProvider value={found}>
            <Details
              items={[
                ['File', found.csvUrl],
                ['Uploaded', formatDateTime(found.createdAt)],
                ['By', <ActorField key="who" />],
                ['Status', <ImportStatusChip key="status" found={found} />],
              ]}
            />
          </RecordContextProvider>
          <ImportProgress found={found} />
          {/* A failed read while it runs: the bar stays where it was, and the next read tries again. */}
          {query.error && (
            <Alert severity="warning">Could not read the import again: {query.error.message}</Alert>
          )}
          <NextStep found={found} />
        </CardContent>
      </Card>
      <Card>
        <ImportRows rows={found.rows} />
      </Card>
    </Box>
  );
}

/** The rows settled (created or failed) of the file's, as a bar and in words. */
function ImportProgress({ found }: { found: StagingImportWithRows }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress
        variant="determinate"
        value={importPercent(found)}
        aria-label="Rows done"
        color={found.failedCount > 0 && found.status === 'finished' ? 'warning' : 'primary'}
      />
      <Typography variant="body2" role="status">
        {importProgressLine(found)}
      </Typography>
    </Box>
  );
}

function NextStep({ found }: { found: StagingImportWithRows }) {
  const basename = useBasename();
  const next = importNextStep(found);
  if (!next) return null;
  return (
    <Alert
      severity={found.failedCount > 0 ? 'warning' : 'success'}
      action={
        found.failedCount > 0 ? (
          <TextButton
            to={`${basename}/staging_asset_imports/create`}
            label="Bulk upload"
            sx={{ whiteSpace: 'nowrap' }}
          />
        ) : undefined
      }
    >
      {next}
    </Alert>
  );
}

/** Every row of the file, in its order: a table, or on a phone a block each. */
function ImportRows({ rows }: { rows: StagingImportRow[] }) {
  const isPhone = useIsPhone();
  const data = useMemo<RowRecord[]>(() => rows.map((row) => ({ ...row, id: row.line })), [rows]);
  const list = useList<RowRecord>({ data, perPage: 500 });
  return (
    <ListContextProvider value={list}>
      {isPhone ? (
        <RowBlocks<RowRecord>
          label="Rows of the file"
          title={(row) => `Line ${row.line}: ${row.name || '(no name)'}`}
          details={[
            { label: 'Model URL', value: (row) => row.modelUrl },
            { label: 'Status', value: (row) => <RowStatusChip row={row} /> },
            { label: 'Why', value: (row) => (row.messages.length > 0 ? <RowMessages /> : null) },
          ]}
          actions={<CreatedAssetLinks />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} aria-label="Rows of the file">
          <DataTable.Col source="line" label="Line" disableSort cellSx={oneLine} />
          <DataTable.Col source="name" label="Name" disableSort />
          <DataTable.Col source="modelUrl" label="Model URL" disableSort cellSx={wrapAnywhere} />
          <DataTable.Col
            label="Status"
            disableSort
            cellSx={oneLine}
            render={(row: RowRecord) => <RowStatusChip row={row} />}
          />
          <DataTable.Col label="Why" disableSort>
            <RowMessages />
          </DataTable.Col>
          <DataTable.Col label="Asset" disableSort cellSx={oneLine}>
            <CreatedAssetLinks />
          </DataTable.Col>
        </DataTable>
      )}
    </ListContextProvider>
  );
}

function RowStatusChip({ row }: { row: StagingImportRow }) {
  const { label, color } = ROW_STATUSES[row.status];
  return <StatusChip label={label} color={color} />;
}

/** Why a row failed, each reason naming its column as the file does; nothing for the others. */
function RowMessages() {
  const row = useRecordContext<RowRecord>();
  if (!row || row.messages.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </Box>
  );
}

/** A created row's asset: the library's list found by its name, and its own rows of the log. */
function CreatedAssetLinks() {
  const row = useRecordContext<RowRecord>();
  const basename = useBasename();
  if (!row?.assetId) return null;
  const filtered = (resource: string, filter: Record<string, string>) =>
    `${basename}/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 8 }}>
      <TextButton
        to={filtered('staging_assets', { search: row.name })}
        label="In the library"
        aria-label={`${row.name} in the library`}
      />
      <TextButton
        to={filtered('staging_asset_log', { assetId: row.assetId })}
        label="Log"
        aria-label={`Log of ${row.name}`}
      />
    </span>
  );
}
