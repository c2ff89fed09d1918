import { Injectable } from '@nestjs/common';
import { Database, affected, rows, type Queryable } from '@tourly/platform';
import type { FileRow } from './files';

const FILE_COLUMNS = `id, provider_id AS "providerId", storage_key AS "storageKey", filename,
  content_type AS "contentType", size::float8 AS size, width, height, square, thumbnail_key AS "thumbnailKey",
  direct, created_at AS "createdAt"`;

/** A file the sweep removes: its objects in storage. */
export interface SweptFile {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/** The `files` table: one row per object in storage (plus its thumbnail). */
@Injectable()
export class FilesRepository {
  constructor(private readonly db: Database) {}

  /** A received file (`attached`: taken by media at once). */
  async insert(tx: Queryable, row: FileRow, attached: boolean): Promise<void> {
    await rows(
      tx,
      `INSERT INTO files (id, provider_id, storage_key, filename, content_type, size, width, height, square,
         thumbnail_key, direct, attached_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${attached ? 'now()' : 'NULL'})`,
      [
        row.id,
        row.providerId,
        row.storageKey,
        row.filename,
        row.contentType,
        row.size,
        row.width,
        row.height,
        row.square,
        row.thumbnailKey,
        row.direct,
      ],
    );
  }

  /** A presigned upload's row, before its bytes arrive. */
  async insertDirect(file: {
    id: string;
    providerId: string;
    storageKey: string;
    filename: string;
  }): Promise<void> {
    await rows(
      this.db.dataSource,
      `INSERT INTO files (id, provider_id, storage_key, filename, direct) VALUES ($1, $2, $3, $4, true)`,
      [file.id, file.providerId, file.storageKey, file.filename],
    );
  }

  /** The provider's uploads among `ids` waiting to be used, in the order of `ids`, locked. */
  lockWaiting(tx: Queryable, providerId: string, ids: string[]): Promise<FileRow[]> {
    return rows<FileRow>(
      tx,
      `SELECT ${FILE_COLUMNS} FROM files
        WHERE provider_id = $1 AND id = ANY($2::uuid[]) AND attached_at IS NULL AND discarded_at IS NULL
        ORDER BY array_position($2::uuid[], id) FOR UPDATE`,
      [providerId, ids],
    );
  }

  async markAttached(tx: Queryable, ids: string[]): Promise<void> {
    await affected(tx, 'UPDATE files SET attached_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** The provider's presigned uploads among `ids` waiting to be used whose bytes were not looked at yet. */
  directUnchecked(providerId: string, ids: string[]): Promise<FileRow[]> {
    return rows<FileRow>(
      this.db.dataSource,
      `SELECT ${FILE_COLUMNS} FROM files
        WHERE provider_id = $1 AND id = ANY($2::uuid[]) AND direct AND content_type IS NULL
          AND attached_at IS NULL AND discarded_at IS NULL`,
      [providerId, ids],
    );
  }

  /**
   * A presigned upload's checked copy and what its bytes showed, once: true when this check is the one recorded;
   * false when another was first, or the upload was used or discarded meanwhile (a row described stays as it is).
   */
  async describeDirect(row: FileRow): Promise<boolean> {
    const changed = await affected(
      this.db.dataSource,
      `UPDATE files SET storage_key = $2, content_type = $3, size = $4, width = $5, height = $6, square = $7,
              thumbnail_key = $8
          WHERE id = $1 AND content_type IS NULL AND attached_at IS NULL AND discarded_at IS NULL`,
      [
        row.id,
        row.storageKey,
        row.contentType,
        row.size,
        row.width,
        row.height,
        row.square,
        row.thumbnailKey,
      ],
    );
    return changed === 1;
  }

  /** A presigned upload whose bytes were refused, unless another check recorded a copy that passed meanwhile. */
  async discardUndescribed(id: string): Promise<void> {
    await affected(
      this.db.dataSource,
      'UPDATE files SET discarded_at = now() WHERE id = $1 AND content_type IS NULL AND discarded_at IS NULL',
      [id],
    );
  }

  async markDiscarded(tx: Queryable, ids: string[]): Promise<void> {
    await affected(
      tx,
      'UPDATE files SET discarded_at = now() WHERE id = ANY($1::uuid[]) AND discarded_at IS NULL',
      [ids],
    );
  }

  /**
   * A batch of files nobody will use (uploads never attached within `hours`, files discarded), oldest first,
   * claimed with SKIP LOCKED so that replicas sweeping at once split the work.
   */
  claimUnused(tx: Queryable, hours: number, batch: number): Promise<SweptFile[]> {
    return rows<SweptFile>(
      tx,
      `SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey" FROM files
            WHERE (attached_at IS NULL AND created_at < now() - make_interval(hours => $1))
               OR discarded_at IS NOT NULL
            ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
      [hours],
    );
  }

  async delete(tx: Queryable, ids: string[]): Promise<void> {
    await affected(tx, 'DELETE FROM files WHERE id = ANY($1::uuid[])', [ids]);
  }
}
