import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  createValidationPipe,
  Database,
  LOGGER,
  refuseUnstorableText,
  Schedules,
  uuidv7,
  type Caller,
  type Logger,
  type Page,
  type PageQuery,
  type PeriodicTask,
} from '@tourly/platform';
import type { PropertiesConfig } from '../../config';
import { WebPages } from '../../tour-assets/web-pages';
import { modelFileName, STAGING_LIMITS, STAGING_MESSAGES } from '../staging-assets.rules';
import { creditOf, StagingAssetsService } from '../staging-assets.service';
import { ImportRowForm, type ImportResponse, type ImportWithRowsResponse } from './staging-imports.dto';
import {
  StagingImportsRepository,
  type ClaimedRow,
  type ImportSummary,
  type IntakeRow,
} from './staging-imports.repository';
import {
  categoryNamed,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  readImportCsv,
  rowBody,
  rowMessages,
  type CsvRow,
} from './staging-imports.rules';

/** How often a replica looks for rows to work on (one indexed read when none waits). */
const POLL_MS = 5_000;
/** A replica holds a row this long: past it (the replica stopped), another takes it up. */
const LEASE_S = 3 * 60;
/** Rows are worked through for this long a run, then the next run goes on (a stopping service waits for one run). */
const RUN_MS = 20_000;
/** A row taken up this many times without being settled (its replica stopped each time) is failed. */
const MAX_ATTEMPTS = 3;

/** The row was settled meanwhile (by a replica that took it up after this one's lease ran out): keep nothing. */
class SettledMeanwhile extends Error {}

/** A row that passed the form's rules: what its download and the asset need. */
type CheckedRow = { form: ImportRowForm; categoryId: string };

/**
 * The back office's bulk upload of staging assets (002 §7 `bulk_upload`, `csv.url`): the CSV read at once under the
 * platform's SSRF guard and refused whole in words when it cannot be used; each row checked by the upload form's rules
 * (a refused row is reported with its reasons, the others go on); then, in the background, each row's model
 * downloaded under the same guard and made an asset by the library's own checks, one row at a time on whichever
 * replica claims it. A row is settled in its asset's transaction, so it is done once however replicas stop; the
 * import's progress is read from its rows.
 */
@Injectable()
export class StagingImportsService {
  private readonly validation = createValidationPipe();
  private readonly task: PeriodicTask;
  /** `STAGING_IMPORT_TRUSTED_ORIGINS`: the operator's own hosts, read although their addresses are private. */
  private readonly trustedOrigins: string[];

  constructor(
    private readonly db: Database,
    private readonly imports: StagingImportsRepository,
    private readonly assets: StagingAssetsService,
    private readonly pages: WebPages,
    @Inject(CONFIG) config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    schedules: Schedules,
  ) {
    this.trustedOrigins = config.STAGING_IMPORT_TRUSTED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '');
    this.task = schedules.every('staging asset imports', POLL_MS, () => this.runDue());
  }

  async upload(caller: Caller, csvUrl: string): Promise<ImportWithRowsResponse> {
    if (!caller.userId) throw ApiError.unauthorized();
    const got = await this.pages.file(csvUrl, {
      maxBytes: IMPORT_LIMITS.maxCsvBytes,
      tooLarge: IMPORT_MESSAGES.csvTooLarge,
      timeoutMs: IMPORT_LIMITS.csvTimeoutMs,
      trustedOrigins: this.trustedOrigins,
    });
    if ('refusal' in got) throw ApiError.invalid('csv.url', got.refusal);
    const text = utf8(got.file.bytes);
    if (text === null) throw ApiError.invalid('csv.url', IMPORT_MESSAGES.notCsv('it is not UTF-8 text'));
    const reading = readImportCsv(text);
    if ('refused' in reading) throw ApiError.invalid('csv.url', reading.refused);

    const categories = await this.assets.categories();
    const rows: IntakeRow[] = [];
    for (const row of reading.rows) {
      const checked = await this.check(row, categories);
      rows.push({ ...row, messages: 'messages' in checked ? checked.messages : [] });
    }
    const id = uuidv7();
    await this.db.transaction((tx) =>
      this.imports.insert(
        tx,
        { id, csvUrl, actorUserId: caller.userId!, impersonatorId: caller.impersonatorId },
        rows,
      ),
    );
    void this.task.runNow();
    return (await this.withRows(id))!;
  }

  async list(query: PageQuery): Promise<Page<ImportResponse>> {
    const page = await this.imports.list(query);
    return { ...page, items: page.items.map(importView) };
  }

  async one(id: string): Promise<ImportWithRowsResponse> {
    const found = await this.withRows(id);
    if (!found) throw ApiError.notFound(IMPORT_MESSAGES.importNotFound);
    return found;
  }

  /** Rows, one after the other, for up to RUN_MS; answers how many were settled. */
  async runDue(): Promise<number> {
    const started = Date.now();
    let settled = 0;
    while (Date.now() - started < RUN_MS) {
      const row = await this.imports.claim(LEASE_S);
      if (!row) return settled;
      if (await this.work(row)) settled += 1;
    }
    void this.task.runNow();
    return settled;
  }

  /**
   * One row: checked again (a category may have gone since), its model downloaded and made an asset, the row settled
   * with it; refused in words, the row failed with its reasons. Anything else (storage or the database out of reach)
   * leaves the row to be taken up again once its lease runs out.
   */
  private async work(row: ClaimedRow): Promise<boolean> {
    const at = { importId: row.importId, line: row.line };
    const fail = (messages: string[]) =>
      this.db.transaction((tx) => this.imports.settle(tx, at, { status: 'failed', messages }));
    if (row.attempts > MAX_ATTEMPTS) return fail([IMPORT_MESSAGES.abandoned]);
    try {
      const checked = await this.check(row, await this.assets.categories());
      if ('messages' in checked) return await fail(checked.messages);
      const { form, categoryId } = checked;
      const got = await this.pages.file(form.modelUrl, {
        maxBytes: STAGING_LIMITS.maxModelBytes,
        tooLarge: STAGING_MESSAGES.modelTooLarge,
        timeoutMs: IMPORT_LIMITS.modelTimeoutMs,
        trustedOrigins: this.trustedOrigins,
      });
      if ('refusal' in got) return await fail([`model_url: ${got.refusal}`]);
      await this.assets.createFromModel(
        importer(row),
        null,
        { bytes: got.file.bytes, filename: modelFileName(form.name) },
        { name: form.name, categoryId, credit: creditOf(form.credit) },
        {
          refuse: (reason) => ApiError.invalid('model_url', reason),
          alongside: async (tx, assetId) => {
            if (!(await this.imports.settle(tx, at, { status: 'created', assetId })))
              throw new SettledMeanwhile();
          },
        },
      );
      return true;
    } catch (error) {
      if (error instanceof SettledMeanwhile) return false;
      if (error instanceof ApiError && error.getStatus() < 500) return fail(rowMessages(error.errors));
      this.logger.warn(
        { err: error, ...at },
        'a staging asset import row stopped; it is taken up again later',
      );
      return false;
    }
  }

  /**
   * A row by the upload form's rules (its credit's included) and the library's categories: the form to import, or
   * the reasons it cannot be, each naming its column.
   */
  private async check(
    row: CsvRow,
    categories: ReadonlyArray<{ id: string; name: string }>,
  ): Promise<CheckedRow | { messages: string[] }> {
    let form: ImportRowForm;
    try {
      const body = rowBody(row.fields);
      refuseUnstorableText({ body });
      form = (await this.validation.transform(body, {
        type: 'body',
        metatype: ImportRowForm,
      })) as ImportRowForm;
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() < 500)
        return { messages: rowMessages(error.errors) };
      throw error;
    }
    const categoryId = categoryNamed(categories, form.category);
    if (!categoryId) return { messages: [`category: ${IMPORT_MESSAGES.notACategory}`] };
    return { form, categoryId };
  }

  private async withRows(id: string): Promise<ImportWithRowsResponse | undefined> {
    const [summary, rows] = await Promise.all([this.imports.find(id), this.imports.rows(id)]);
    if (!summary) return undefined;
    return {
      ...importView(summary),
      rows: rows.map((row) => ({
        line: row.line,
        modelUrl: row.fields.model_url,
        name: row.fields.name,
        status: row.status,
        messages: row.messages,
        assetId: row.assetId,
        settledAt: row.settledAt,
      })),
    };
  }
}

function importView(summary: ImportSummary): ImportResponse {
  const pendingCount = summary.rowCount - summary.createdCount - summary.failedCount;
  return {
    id: summary.id,
    csvUrl: summary.csvUrl,
    status: summary.finishedAt ? 'finished' : 'running',
    rowCount: summary.rowCount,
    createdCount: summary.createdCount,
    failedCount: summary.failedCount,
    pendingCount,
    actorUserId: summary.actorUserId,
    impersonatorId: summary.impersonatorId,
    createdAt: summary.createdAt,
    finishedAt: summary.finishedAt,
  };
}

/** The bytes as UTF-8 text; null when they are not (a spreadsheet's binary file, Latin-1). */
function utf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whom the import's assets are logged as made by: the administrator who uploaded the file. */
function importer(row: ClaimedRow): Caller {
  return {
    userId: row.actorUserId,
    impersonatorId: row.impersonatorId,
    role: null,
    staffRole: 'platform_admin',
    providerId: null,
    clientId: null,
    scopes: [],
    requestId: `staging-import:${row.importId}:${row.line}`,
  };
}
