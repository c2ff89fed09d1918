import { Inject, Injectable } from '@nestjs/common';
import { Database, LOGGER, Schedules, type Logger, type PeriodicTask } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { FilesRepository } from './files.repository';

/** Temporary uploads never attached to media are removed after this long. */
export const TEMPORARY_UPLOAD_HOURS = 24;
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 100;

/**
 * Removes what nobody will use: temporary uploads never attached within a day, and files whose media was
 * deleted. Each batch is claimed with FOR UPDATE SKIP LOCKED, so replicas sweeping at once split the work;
 * objects go first, then the rows (an object whose deletion failed keeps its row for the next sweep).
 */
@Injectable()
export class UploadsSweeper {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Database,
    private readonly files: FilesRepository,
    private readonly storage: Storage,
    @Inject(LOGGER) private readonly logger: Logger,
    schedules: Schedules,
  ) {
    this.task = schedules.every('upload sweep', SWEEP_EVERY_MS, () => this.sweep());
  }

  /** A sweep that starts after this call (the periodic one, or a caller's once media were removed). */
  sweepNow(): Promise<number> {
    return this.task.runNow();
  }

  private async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const rows = await this.files.claimUnused(tx, TEMPORARY_UPLOAD_HOURS, BATCH);
        if (rows.length === 0) return 0;
        await this.storage.delete(
          rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey])),
        );
        await this.files.delete(
          tx,
          rows.map((row) => row.id),
        );
        return rows.length;
      });
      removed += count;
      if (count < BATCH) break;
    }
    if (removed > 0) this.logger.info({ removed }, 'unused uploads swept');
    return removed;
  }
}
