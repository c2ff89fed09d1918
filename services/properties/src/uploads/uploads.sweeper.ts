import { Inject, Injectable } from '@nestjs/common';
import { Database, LOGGER, Schedules, type Logger, type PeriodicTask } from '@tourly/platform';
import { Storage } from '../storage/storage';

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
        const rows = (await tx.query(
          `SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey" FROM files
            WHERE (attached_at IS NULL AND created_at < now() - make_interval(hours => $1))
               OR discarded_at IS NOT NULL
            ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          [TEMPORARY_UPLOAD_HOURS],
        )) as Array<{ id: string; storageKey: string; thumbnailKey: string | null }>;
        if (rows.length === 0) return 0;
        await this.storage.delete(
          rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey])),
        );
        await tx.query('DELETE FROM files WHERE id = ANY($1::uuid[])', [rows.map((row) => row.id)]);
        return rows.length;
      });
      removed += count;
      if (count < BATCH) break;
    }
    if (removed > 0) this.logger.info({ removed }, 'unused uploads swept');
    return removed;
  }
}
