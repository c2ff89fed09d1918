import { Injectable } from '@nestjs/common';
import { Database, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IAvatarsOfQuery,
  IAvatarsOfResult,
  IDeleteAvatarQuery,
  ILockAvatarQuery,
  IUpsertAvatarQuery,
} from './avatars.repository.types';

/** A person's picture: its file's objects in storage (the thumbnail, else the file itself). */
export type AvatarRow = IAvatarsOfResult;

const avatarsOf = sql<IAvatarsOfQuery>`
  SELECT a.user_id AS "userId", f.storage_key AS "storageKey", f.thumbnail_key AS "thumbnailKey",
    f.content_type AS "contentType"
  FROM avatars a JOIN files f ON f.id = a.file_id
  WHERE a.user_id = ANY($userIds!::uuid[])`;

const lockAvatar = sql<ILockAvatarQuery>`
  SELECT file_id AS "fileId" FROM avatars WHERE user_id = $userId! FOR UPDATE`;

const upsertAvatar = sql<IUpsertAvatarQuery>`
  INSERT INTO avatars (user_id, file_id, updated_at) VALUES ($userId!, $fileId!, now())
  ON CONFLICT (user_id) DO UPDATE SET file_id = EXCLUDED.file_id, updated_at = now()`;

const deleteAvatar = sql<IDeleteAvatarQuery>`
  DELETE FROM avatars WHERE user_id = $userId! RETURNING file_id AS "fileId"`;

/** The `avatars` table: one picture per user, by its file. */
@Injectable()
export class AvatarsRepository {
  constructor(private readonly db: Database) {}

  /** The pictures of these users (one indexed look-up by primary key, for any number of them). */
  of(userIds: string[]): Promise<AvatarRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return queryRows(this.db.dataSource, avatarsOf, { userIds });
  }

  /** The user's current picture's file id, its row locked for the change. */
  async lockedFileId(tx: Queryable, userId: string): Promise<string | null> {
    return (await queryOne(tx, lockAvatar, { userId }))?.fileId ?? null;
  }

  async set(tx: Queryable, userId: string, fileId: string): Promise<void> {
    await queryRows(tx, upsertAvatar, { userId, fileId });
  }

  /** Removes the user's picture: the file id it had, or null when there was none. */
  async remove(tx: Queryable, userId: string): Promise<string | null> {
    return (await queryOne(tx, deleteAvatar, { userId }))?.fileId ?? null;
  }
}
