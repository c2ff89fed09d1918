import { Injectable } from '@nestjs/common';
import { Database, likePattern, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICountIconsQuery,
  IDeleteIconQuery,
  IIconsInUseQuery,
  IIconsOfQuery,
  IIconsOfResult,
  IInsertIconQuery,
  ILockIconsQuery,
  IOwnIconsQuery,
} from './uploaded-icons.repository.types';

/** An uploaded icon with its file's objects. */
export type UploadedIconRow = IIconsOfResult;

const iconsOf = sql<IIconsOfQuery>`
  SELECT i.id, i.name, i.created_at AS "createdAt", f.storage_key AS "storageKey", f.filename,
    f.content_type AS "contentType", f.thumbnail_key AS "thumbnailKey"
  FROM uploaded_icons i JOIN files f ON f.id = i.file_id
  WHERE i.provider_id = $providerId! AND ($search::text IS NULL OR lower(i.name) LIKE lower($search))
    AND ($id::uuid IS NULL OR i.id = $id)
  ORDER BY i.created_at DESC, i.id DESC
  LIMIT 200`;

const ownIcons = sql<IOwnIconsQuery>`
  SELECT id FROM uploaded_icons WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[])`;

const lockIcons = sql<ILockIconsQuery>`SELECT pg_advisory_xact_lock(hashtext($key!))`;

const countIcons = sql<ICountIconsQuery>`
  SELECT count(*)::int AS "total!" FROM uploaded_icons WHERE provider_id = $providerId!`;

const insertIcon = sql<IInsertIconQuery>`
  INSERT INTO uploaded_icons (id, provider_id, file_id, name) VALUES ($id!, $providerId!, $fileId!, $name!)`;

const iconsInUse = sql<IIconsInUseQuery>`
  SELECT 1 AS "used!" FROM custom_tags WHERE uploaded_icon_id = $id! LIMIT 1`;

const deleteIcon = sql<IDeleteIconQuery>`
  DELETE FROM uploaded_icons WHERE provider_id = $providerId! AND id = $id! RETURNING file_id AS "fileId"`;

/** The `uploaded_icons` table: the provider's own tag icons, each an image file. */
@Injectable()
export class UploadedIconsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's icons, newest first, `search` in their names (at most 200: CUSTOM_TAG_LIMITS keeps fewer). */
  list(providerId: string, search: string | undefined): Promise<UploadedIconRow[]> {
    return queryRows(this.db.dataSource, iconsOf, { providerId, search: likePattern(search), id: null });
  }

  find(providerId: string, id: string): Promise<UploadedIconRow | undefined> {
    return queryOne(this.db.dataSource, iconsOf, { providerId, search: null, id });
  }

  /** Which of `ids` are the provider's icons. */
  async own(tx: Queryable, providerId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await queryRows(tx, ownIcons, { providerId, ids });
    return new Set(found.map((row) => row.id));
  }

  /** How many icons the provider keeps, counted under a lock of its icons held until `tx` ends. */
  async countLocked(tx: Queryable, providerId: string): Promise<number> {
    await this.lock(tx, providerId);
    return (await queryOne(tx, countIcons, { providerId }))!.total;
  }

  /** The provider's icons locked until `tx` ends: a tag saved with an icon and that icon's removal take turns. */
  async lock(tx: Queryable, providerId: string): Promise<void> {
    await queryRows(tx, lockIcons, { key: `uploaded_icons:${providerId}` });
  }

  async insert(tx: Queryable, icon: { id: string; providerId: string; fileId: string; name: string }) {
    await queryRows(tx, insertIcon, icon);
  }

  async inUse(tx: Queryable, id: string): Promise<boolean> {
    return (await queryOne(tx, iconsInUse, { id })) !== undefined;
  }

  /** Removes the provider's icon: its file id, or undefined when it has no such icon. */
  delete(tx: Queryable, providerId: string, id: string): Promise<{ fileId: string } | undefined> {
    return queryOne(tx, deleteIcon, { providerId, id });
  }
}
