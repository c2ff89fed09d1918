import type { Schema } from '../../api/types';

// The staging assets' bulk upload in the console's words: an import's progress and what to do once it is done. Pure,
// so a table-driven spec holds it (stagingImports.spec.ts).

export type StagingImportRecord = Schema<'properties.ImportResponse'>;
export type StagingImportWithRows = Schema<'properties.ImportWithRowsResponse'>;
export type StagingImportRow = Schema<'properties.ImportRowResponse'>;
type ImportCounts = Pick<StagingImportRecord, 'rowCount' | 'createdCount' | 'failedCount' | 'pendingCount'>;

/** What a bulk upload's CSV holds, as the form's help says it: a line each. */
export const IMPORT_HELP = [
  'One model a row, under a header row naming the columns.',
  'Required: model_url (a GLB), name, and category (its name or id).',
  'A third-party model’s credit: credit_model_uid, credit_model_name, credit_model_thumbnail_url (optional), credit_user_name, credit_user_profile_url, credit_license_label, credit_license_url; all empty for the platform’s own model.',
  'At most 1 MB and 500 rows.',
];

/** How often the import's page asks for the import again while it runs. */
export const IMPORT_POLL_MS = 1500;

/** The import's query (its page, seeded by the upload's answer). */
export const stagingImportKey = (id: string) => ['staging_asset_imports', 'one', id] as const;

/** The import's status as its chip says it. */
export const IMPORT_STATUSES: Record<
  StagingImportRecord['status'],
  { label: string; color: 'info' | 'success' }
> = {
  running: { label: 'Running', color: 'info' },
  finished: { label: 'Finished', color: 'success' },
};

/** A row's status as its chip says it. */
export const ROW_STATUSES: Record<
  StagingImportRow['status'],
  { label: string; color: 'default' | 'success' | 'error' }
> = {
  pending: { label: 'Waiting', color: 'default' },
  created: { label: 'Created', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The rows settled (created or failed) as a percentage of the file's rows: the progress bar's value. */
export function importPercent({ rowCount, createdCount, failedCount }: ImportCounts): number {
  if (rowCount === 0) return 100;
  return Math.floor(((createdCount + failedCount) / rowCount) * 100);
}

/** '3 of 5 rows done: 2 created, 1 failed, 2 waiting for their download.' */
export function importProgressLine({
  rowCount,
  createdCount,
  failedCount,
  pendingCount,
}: ImportCounts): string {
  const done = `${createdCount + failedCount} of ${rowCount} ${rowCount === 1 ? 'row' : 'rows'} done`;
  const parts = [`${createdCount} created`, `${failedCount} failed`];
  if (pendingCount > 0)
    parts.push(`${pendingCount} waiting for ${pendingCount === 1 ? 'its' : 'their'} download`);
  return `${done}: ${parts.join(', ')}.`;
}

/** What the administrator does next, once the import is done; null while it runs. */
export function importNextStep(
  found: Pick<StagingImportRecord, 'status' | 'createdCount' | 'failedCount'>,
): string | null {
  if (found.status !== 'finished') return null;
  if (found.failedCount === 0)
    return `Every row is in the library: ${found.createdCount} new ${found.createdCount === 1 ? 'asset' : 'assets'}.`;
  const what =
    found.failedCount === 1
      ? '1 row failed: it says why below. Fix it and upload a CSV of that row alone'
      : `${found.failedCount} rows failed: each says why below. Fix them and upload a CSV of those rows alone`;
  return `${what}: the created rows are already in the library, and a failed row is not tried again.`;
}
