import { parse } from 'csv-parse/sync';

/**
 * Bulk upload's file (issue 36; the spec names only `csv.url`): a CSV with a header row, one model a row. The columns
 * are the upload form's fields, their paths joined by `_` (`credit.user.profile_url` is `credit_user_profile_url`),
 * so a refusal names the column as the form names the field. The credit's columns are all left empty for a model of
 * the platform's own, else filled as the form's credit is.
 */
export const IMPORT_COLUMNS = [
  'model_url',
  'name',
  'category',
  'credit_model_uid',
  'credit_model_name',
  'credit_model_thumbnail_url',
  'credit_user_name',
  'credit_user_profile_url',
  'credit_license_label',
  'credit_license_url',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly ImportColumn[] = ['model_url', 'name', 'category'];

export const IMPORT_LIMITS = {
  /** The file: 500 rows of long links and credits are well under it. */
  maxCsvBytes: 1024 * 1024,
  /** Rows a file: each is a download of up to 25 MB, worked through one at a time. */
  maxRows: 500,
  /** How long the file's download may take; each model's may take `modelTimeoutMs`. */
  csvTimeoutMs: 10_000,
  modelTimeoutMs: 60_000,
} as const;

export const IMPORT_MESSAGES = {
  importNotFound: 'Import not found',
  csvTooLarge: `is a file larger than ${IMPORT_LIMITS.maxCsvBytes / 1024 / 1024} MB: split it into smaller CSV files`,
  noRows: 'holds no rows under its header: one row a model',
  tooManyRows: (rows: number) =>
    `holds ${rows.toLocaleString('en-US')} rows; a bulk upload takes at most ${IMPORT_LIMITS.maxRows}: split the file`,
  notCsv: (reason: string) => `is not a CSV file this upload can read: ${reason}`,
  missingColumns: (columns: string[]) =>
    `has no ${columns.join(', ')} column: the header row names the columns (${IMPORT_COLUMNS.join(', ')})`,
  unknownColumns: (columns: string[]) =>
    `has columns bulk upload does not know (${columns.join(', ')}): the columns are ${IMPORT_COLUMNS.join(', ')}`,
  notACategory: 'is not a category of the asset library: use its name or id (sofas, chairs, ...)',
  /** A row a replica took up three times without finishing (it stopped each time): not taken up again. */
  abandoned:
    'could not be imported: the import stopped three times on this row. Check the model and upload it alone',
} as const;

/** A row's cells by column (an absent optional column reads as empty), and its line in the file. */
export interface CsvRow {
  line: number;
  fields: Record<ImportColumn, string>;
}

/** The file read: its rows, or why it is refused (the message of the `csv.url` field). */
export type CsvReading = { rows: CsvRow[] } | { refused: string };

/**
 * Reads the file (UTF-8, a BOM allowed, `,` between cells, `"` around a cell holding one): the header row names the
 * columns (their case and surrounding spaces aside), every row has as many cells as the header, blank lines are
 * skipped, each cell is trimmed. Refused as a whole when it cannot be read, lacks a required column, names one it
 * does not know (a typo would silently drop a credit), or holds no row or too many.
 */
export function readImportCsv(text: string): CsvReading {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      // The header's length is the rule: a row with more or fewer cells is refused with its line.
      relax_column_count: false,
      // csv-parse's typings leave `info: true`'s shape out: each record comes as { record, info }.
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    return { refused: IMPORT_MESSAGES.notCsv(csvErrorInWords(error)) };
  }
  const [header, ...body] = records;
  if (!header) return { refused: IMPORT_MESSAGES.noRows };
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) return { refused: IMPORT_MESSAGES.unknownColumns(unknown) };
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) return { refused: IMPORT_MESSAGES.missingColumns(missing) };
  if (body.length === 0) return { refused: IMPORT_MESSAGES.noRows };
  if (body.length > IMPORT_LIMITS.maxRows) return { refused: IMPORT_MESSAGES.tooManyRows(body.length) };
  return {
    rows: body.map(({ record, info }) => {
      const fields = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, ''])) as CsvRow['fields'];
      columns.forEach((column, index) => (fields[column as ImportColumn] = record[index] ?? ''));
      return { line: info.lines, fields };
    }),
  };
}

/** csv-parse's reason, without its code: 'Invalid Record Length: expect 3, got 2 on line 4'. */
function csvErrorInWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z_]+:\s*/, '').replace(/\.$/, '');
}

/**
 * A row as the upload form's body (`{modelUrl, name, category, credit}`), for the form's own validation: an empty cell
 * is a field left out (so the form says `Required`), the credit there only when one of its cells is filled (then the
 * form says which of the others are missing).
 */
export function rowBody(fields: CsvRow['fields']): Record<string, unknown> {
  const cell = (column: ImportColumn) => (fields[column] === '' ? undefined : fields[column]);
  const creditGiven = IMPORT_COLUMNS.some((column) => column.startsWith('credit_') && fields[column] !== '');
  return {
    modelUrl: cell('model_url'),
    name: cell('name'),
    category: cell('category'),
    ...(creditGiven
      ? {
          credit: {
            model: {
              uid: cell('credit_model_uid'),
              name: cell('credit_model_name'),
              thumbnailUrl: cell('credit_model_thumbnail_url'),
            },
            user: { name: cell('credit_user_name'), profileUrl: cell('credit_user_profile_url') },
            license: { label: cell('credit_license_label'), url: cell('credit_license_url') },
          },
        }
      : {}),
  };
}

/** A refused field's path as its column: `credit.user.profile_url` is `credit_user_profile_url`. */
export const columnOf = (path: string): string => path.replaceAll('.', '_');

/** A row's reasons in words, each naming its column: `name: Required`. */
export function rowMessages(errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([path, messages]) =>
    messages.map((message) => (path === 'base' ? message : `${columnOf(path)}: ${message}`)),
  );
}

/** The category a row names, by its id or its name, whatever the case; undefined when none is. */
export function categoryNamed(
  categories: ReadonlyArray<{ id: string; name: string }>,
  named: string,
): string | undefined {
  const wanted = named.trim().toLowerCase();
  return categories.find((category) => category.id === wanted || category.name.toLowerCase() === wanted)?.id;
}
