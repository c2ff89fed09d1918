import { ApiProperty } from '@nestjs/swagger';
import { Nested, RequiredString, TimeField } from '@tourly/platform';
import { RequiredLink } from '../../tours/http-link';
import { CreditForm } from '../staging-assets.dto';
import { STAGING_LIMITS } from '../staging-assets.rules';
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from './staging-imports.repository';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from './staging-imports.rules';

// Requests.

export class CsvForm {
  @RequiredLink()
  url!: string;
}

/** `POST /admin/vt_staging/assets/bulk_upload` (002 §7: `csv.url`). */
export class BulkUpload {
  @Nested(() => CsvForm)
  csv!: CsvForm;
}

/**
 * One row of the file as the upload form's fields, checked by the form's own rules (the credit's included), so a row
 * is refused in the words a single upload would be.
 */
export class ImportRowForm {
  @RequiredLink()
  modelUrl!: string;

  @RequiredString(STAGING_LIMITS.name)
  name!: string;

  @RequiredString(60)
  category!: string;

  @Nested(() => CreditForm, { optional: true })
  credit?: CreditForm;
}

// Answers.

export class ImportRowResponse {
  @ApiProperty({ description: 'the row’s line in the file (the header is line 1)' })
  line!: number;

  @ApiProperty({ description: 'the row’s model_url cell' })
  modelUrl!: string;

  @ApiProperty({ description: 'the row’s name cell' })
  name!: string;

  @ApiProperty({
    enum: IMPORT_ROW_STATUSES,
    description:
      'pending: waiting for its download; created: its asset is in the library; failed: see messages',
  })
  status!: ImportRowStatus;

  @ApiProperty({
    type: [String],
    description: 'why the row failed, each naming its column (`model_url: ...`); empty otherwise',
  })
  messages!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the asset the row made' })
  assetId!: string | null;

  @TimeField({ nullable: true })
  settledAt!: Date | null;
}

export class ImportResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  csvUrl!: string;

  @ApiProperty({
    enum: ['running', 'finished'],
    description: 'running while a row waits for its download; finished when every row is created or failed',
  })
  status!: 'running' | 'finished';

  @ApiProperty({ description: 'rows in the file' })
  rowCount!: number;

  @ApiProperty()
  createdCount!: number;

  @ApiProperty()
  failedCount!: number;

  @ApiProperty({ description: 'rows waiting for their download' })
  pendingCount!: number;

  @ApiProperty({ format: 'uuid', description: 'the administrator who uploaded it' })
  actorUserId!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the administrator impersonating',
  })
  impersonatorId!: string | null;

  @TimeField()
  createdAt!: Date;

  @TimeField({ nullable: true })
  finishedAt!: Date | null;
}

/** An import with its rows: the answer to the upload, and an import's own page. */
export class ImportWithRowsResponse extends ImportResponse {
  @ApiProperty({ type: () => [ImportRowResponse], description: 'every row, in the file’s order' })
  rows!: ImportRowResponse[];
}

/** The file's shape, for the route's description. */
export const BULK_UPLOAD_HELP =
  `A CSV at a URL (at most ${IMPORT_LIMITS.maxCsvBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows} rows) with a ` +
  `header row naming its columns: ${IMPORT_COLUMNS.join(', ')} (model_url, name and category required; the credit ` +
  'columns all empty, or filled as the upload form’s credit). Each model is downloaded and checked in the background.';
