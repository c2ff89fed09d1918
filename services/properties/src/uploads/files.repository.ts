import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IClaimUnusedFilesQuery,
  IClaimUnusedFilesResult,
  IDeleteFilesQuery,
  IDescribeDirectFileQuery,
  IDirectUncheckedFilesQuery,
  IDiscardFilesQuery,
  IDiscardUndescribedFileQuery,
  IInsertAttachedFileQuery,
  IInsertDirectFileQuery,
  IInsertFileQuery,
  ILockWaitingFilesQuery,
  ILockWaitingFilesResult,
  IMarkFilesAttachedQuery,
} from './files.repository.types';

/** A row of `files`: one object in storage (plus its thumbnail). */
export type FileRow = ILockWaitingFilesResult;

/** A file the sweep removes: its objects in storage. */
export type SweptFile = IClaimUnusedFilesResult;

// A file is taken by media at once (attached) or waits to be used: one statement each.
const insertFile = sql<IInsertFileQuery>`
  INSERT INTO files (id, provider_id, storage_key, filename, content_type, size, width, height, square,
    thumbnail_key, direct, attached_at)
  VALUES ($id!, $providerId!, $storageKey!, $filename!, $contentType, $size, $width, $height, $square,
    $thumbnailKey, $direct!, NULL)`;
const insertAttachedFile = sql<IInsertAttachedFileQuery>`
  INSERT INTO files (id, provider_id, storage_key, filename, content_type, size, width, height, square,
    thumbnail_key, direct, attached_at)
  VALUES ($id!, $providerId!, $storageKey!, $filename!, $contentType, $size, $width, $height, $square,
    $thumbnailKey, $direct!, now())`;

const insertDirectFile = sql<IInsertDirectFileQuery>`
  INSERT INTO files (id, provider_id, storage_key, filename, direct)
  VALUES ($id!, $providerId!, $storageKey!, $filename!, true)`;

const lockWaitingFiles = sql<ILockWaitingFilesQuery>`
  SELECT id, provider_id AS "providerId", storage_key AS "storageKey", filename, content_type AS "contentType",
    size::float8 AS size, width, height, square, thumbnail_key AS "thumbnailKey", direct, created_at AS "createdAt"
  FROM files
  WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[]) AND attached_at IS NULL AND discarded_at IS NULL
  ORDER BY array_position($ids!::uuid[], id) FOR UPDATE`;

const markFilesAttached = sql<IMarkFilesAttachedQuery>`
  UPDATE files SET attached_at = now() WHERE id = ANY($ids!::uuid[])`;

const directUncheckedFiles = sql<IDirectUncheckedFilesQuery>`
  SELECT id, provider_id AS "providerId", storage_key AS "storageKey", filename, content_type AS "contentType",
    size::float8 AS size, width, height, square, thumbnail_key AS "thumbnailKey", direct, created_at AS "createdAt"
  FROM files
  WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[]) AND direct AND content_type IS NULL
    AND attached_at IS NULL AND discarded_at IS NULL`;

const describeDirectFile = sql<IDescribeDirectFileQuery>`
  UPDATE files SET storage_key = $storageKey!, content_type = $contentType, size = $size, width = $width,
    height = $height, square = $square, thumbnail_key = $thumbnailKey
  WHERE id = $id! AND content_type IS NULL AND attached_at IS NULL AND discarded_at IS NULL`;

const discardUndescribedFile = sql<IDiscardUndescribedFileQuery>`
  UPDATE files SET discarded_at = now() WHERE id = $id! AND content_type IS NULL AND discarded_at IS NULL`;

const discardFiles = sql<IDiscardFilesQuery>`
  UPDATE files SET discarded_at = now() WHERE id = ANY($ids!::uuid[]) AND discarded_at IS NULL`;

const claimUnusedFiles = sql<IClaimUnusedFilesQuery>`
  SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey" FROM files
   WHERE (attached_at IS NULL AND created_at < now() - make_interval(hours => $hours!))
      OR discarded_at IS NOT NULL
   ORDER BY created_at LIMIT $batch! FOR UPDATE SKIP LOCKED`;

const deleteFiles = sql<IDeleteFilesQuery>`DELETE FROM files WHERE id = ANY($ids!::uuid[])`;

/** The `files` table: one row per object in storage (plus its thumbnail). */
@Injectable()
export class FilesRepository {
  constructor(private readonly db: Database) {}

  /** A received file (`attached`: taken by media at once). */
  async insert(tx: Queryable, row: FileRow, attached: boolean): Promise<void> {
    await queryRows(tx, attached ? insertAttachedFile : insertFile, row);
  }

  /** A presigned upload's row, before its bytes arrive. */
  async insertDirect(file: {
    id: string;
    providerId: string;
    storageKey: string;
    filename: string;
  }): Promise<void> {
    await queryRows(this.db.dataSource, insertDirectFile, file);
  }

  /** The provider's uploads among `ids` waiting to be used, in the order of `ids`, locked. */
  lockWaiting(tx: Queryable, providerId: string, ids: string[]): Promise<FileRow[]> {
    return queryRows(tx, lockWaitingFiles, { providerId, ids });
  }

  async markAttached(tx: Queryable, ids: string[]): Promise<void> {
    await queryAffected(tx, markFilesAttached, { ids });
  }

  /** The provider's presigned uploads among `ids` waiting to be used whose bytes were not looked at yet. */
  directUnchecked(providerId: string, ids: string[]): Promise<FileRow[]> {
    return queryRows(this.db.dataSource, directUncheckedFiles, { providerId, ids });
  }

  /**
   * A presigned upload's checked copy and what its bytes showed, once: true when this check is the one recorded;
   * false when another was first, or the upload was used or discarded meanwhile (a row described stays as it is).
   */
  async describeDirect(row: FileRow): Promise<boolean> {
    return (await queryAffected(this.db.dataSource, describeDirectFile, row)) === 1;
  }

  /** A presigned upload whose bytes were refused, unless another check recorded a copy that passed meanwhile. */
  async discardUndescribed(id: string): Promise<void> {
    await queryAffected(this.db.dataSource, discardUndescribedFile, { id });
  }

  async markDiscarded(tx: Queryable, ids: string[]): Promise<void> {
    await queryAffected(tx, discardFiles, { ids });
  }

  /**
   * A batch of files nobody will use (uploads never attached within `hours`, files discarded), oldest first,
   * claimed with SKIP LOCKED so that replicas sweeping at once split the work.
   */
  claimUnused(tx: Queryable, hours: number, batch: number): Promise<SweptFile[]> {
    return queryRows(tx, claimUnusedFiles, { hours, batch });
  }

  async delete(tx: Queryable, ids: string[]): Promise<void> {
    await queryAffected(tx, deleteFiles, { ids });
  }
}
