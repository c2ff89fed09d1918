import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** What one cell of an exported row may hold; null and undefined are empty cells. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** A column: a key of the row (its header is the key), or a key with its own header. */
export type CsvColumn<Row> = (keyof Row & string) | { key: keyof Row & string; header: string };

/** A CSV download: its file name, its columns in order, and its rows, read as the client takes them. */
export interface CsvFile<Row> {
  filename: string;
  columns: ReadonlyArray<CsvColumn<Row>>;
  rows: AsyncIterable<Row> | Iterable<Row>;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Rows a CSV route reads from the database at a time (`keysetBatches`). */
export const CSV_BATCH_SIZE = 500;

/** A spreadsheet would run a text cell starting like this as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The rows as RFC 4180 CSV text, a header row first: CRLF between records; a cell with a comma, a double quote, CR
 * or LF quoted (quotes doubled); dates as ISO 8601 UTC; booleans `true`/`false`; null and undefined empty. A text
 * cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`, as OWASP
 * advises, so an export opened in a spreadsheet never runs what a customer typed; numbers stay as they are. Rows are
 * pulled from `rows` only as fast as the stream is read.
 */
export function csvStream<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: CsvFile<Row>['rows']): Readable {
  const csv = stringify({
    header: true,
    columns: columns.map((column) =>
      typeof column === 'string'
        ? { key: column, header: column }
        : { key: column.key, header: column.header },
    ),
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
    cast: {
      date: (value) => value.toISOString(),
      boolean: (value) => (value ? 'true' : 'false'),
      string: (value) => (FORMULA_START.test(value) ? `'${value}` : value),
    },
  });
  // A failure reading the rows ends the CSV with that error (the download is cut short, never quietly complete);
  // a client that goes away destroys the CSV, which stops the reading.
  return pipeline(Readable.from(rows, { objectMode: true }), csv, () => undefined);
}

/**
 * Answers a CSV download, streamed: `text/csv; charset=utf-8`, `attachment` under `filename` (RFC 6266, with a
 * UTF-8 name beside an ASCII one only when the name needs it), never cached. The rows are read while the answer is
 * sent, so a large export never sits in memory; anything that can refuse the request (not found, not allowed) must be
 * settled before this is called, since the status is sent first. A failure after that cuts the download short (the
 * connection is closed, the error logged), so a partial file is never mistaken for a whole one.
 *
 * The route declares its answer for the OpenAPI document with `@ApiProduces('text/csv')` and
 * `@ApiOkResponse({ schema: { type: 'string' } })`, and takes the reply with `@Res()`.
 */
export function sendCsv<Row>(reply: FastifyReply, file: CsvFile<Row>): void {
  void reply
    .status(200)
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(csvStream(file.columns, file.rows));
}

/** `attachment; filename="..."`, plus `filename*` (UTF-8) when the name has more than plain ASCII. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = ascii === filename ? '' : `; filename*=UTF-8''${encodeURIComponent(filename)}`;
  return `attachment; filename="${ascii}"${utf8}`;
}

/**
 * Every row a keyset query yields, a batch at a time: `read(after, limit)` answers the `limit` rows that follow the
 * key `after` (the first ones without it) in the query's order, and `keyOf` is a row's key in that order. The next
 * batch is read only when the previous one has been taken, so an export streams from the database without holding
 * more than a batch. The key must be exact (a timestamp as PostgreSQL's text, not a JavaScript Date, which drops the
 * microseconds) and unique (add the primary key to the order).
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = CSV_BATCH_SIZE,
): AsyncGenerator<Row, void, undefined> {
  let after: Key | undefined;
  for (;;) {
    const batch = await read(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}
