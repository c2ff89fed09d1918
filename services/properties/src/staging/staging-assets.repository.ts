import { Injectable } from '@nestjs/common';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type FieldChanges,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IAssetCountQuery,
  IAssetPageQuery,
  ICategoriesQuery,
  ICategoryQuery,
  IDeleteAssetQuery,
  IFindAssetQuery,
  IFindAssetResult,
  IInsertAssetQuery,
  IInsertLogQuery,
  ILockAssetQuery,
  ILogCountQuery,
  ILogPageQuery,
  ILogPageResult,
  IUpdateAssetQuery,
  Json,
} from './staging-assets.repository.types';

/** A third-party model's credit (002 §3): model (uid, name, thumbnailUrl), user (name, profileUrl), license. */
export type AssetCredit = {
  model: { uid: string; name: string; thumbnailUrl: string | null };
  user: { name: string; profileUrl: string };
  license: { label: string; url: string };
};

export const ASSET_LOG_ACTIONS = ['created', 'updated', 'archived', 'restored', 'deleted'] as const;
export type AssetLogAction = (typeof ASSET_LOG_ACTIONS)[number];

type KnownAsset = { credit: AssetCredit | null };
/** An update's changed fields as they were and as they became (the platform's `changedFields`). */
export type AssetChanges = { before: Record<string, Json>; after: Record<string, Json> };

type KnownLog = { action: AssetLogAction; changes: AssetChanges | null };

/** An asset with its category's name. */
export type AssetRow = Narrowed<IFindAssetResult, KnownAsset>;
export type AssetLogRow = Narrowed<ILogPageResult, KnownLog>;

const categories = sql<ICategoriesQuery>`
  SELECT id, name, position FROM staging_asset_categories ORDER BY position`;

const category = sql<ICategoryQuery>`SELECT id, name FROM staging_asset_categories WHERE id = $id!`;

// The lists compose their filters at run time: their columns and tables are these queries, checked (queryRowsWith).
const assetPage = sql<Narrow<IAssetPageQuery, KnownAsset>>`
  SELECT a.id, a.provider_id AS "providerId", a.category_id AS "categoryId", c.name AS "categoryName",
         a.name, a.storage_key AS "storageKey", a.thumbnail_key AS "thumbnailKey", a.filename, a.size_bytes::int AS "sizeBytes!",
         a.triangle_count AS "triangleCount", a.width_m AS "widthM", a.height_m AS "heightM", a.depth_m AS "depthM",
         a.credit, a.archived_at AS "archivedAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
         count(*) OVER ()::int AS "total!"
    FROM staging_assets a JOIN staging_asset_categories c ON c.id = a.category_id`;

const assetCount = sql<IAssetCountQuery>`SELECT count(*)::int AS "total!" FROM staging_assets a`;

const findAsset = sql<Narrow<IFindAssetQuery, KnownAsset>>`
  SELECT a.id, a.provider_id AS "providerId", a.category_id AS "categoryId", c.name AS "categoryName",
         a.name, a.storage_key AS "storageKey", a.thumbnail_key AS "thumbnailKey", a.filename, a.size_bytes::int AS "sizeBytes!",
         a.triangle_count AS "triangleCount", a.width_m AS "widthM", a.height_m AS "heightM", a.depth_m AS "depthM",
         a.credit, a.archived_at AS "archivedAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt"
    FROM staging_assets a JOIN staging_asset_categories c ON c.id = a.category_id
   WHERE a.id = $id!`;

const lockAsset = sql<ILockAssetQuery>`SELECT id FROM staging_assets WHERE id = $id! FOR UPDATE`;

const insertAsset = sql<IInsertAssetQuery>`
  INSERT INTO staging_assets (id, provider_id, category_id, name, storage_key, thumbnail_key, filename, size_bytes,
                              triangle_count, width_m, height_m, depth_m, credit)
  VALUES ($id!, $providerId, $categoryId!, $name!, $storageKey!, $thumbnailKey, $filename!, $sizeBytes!,
          $triangleCount!, $widthM!, $heightM!, $depthM!, $credit::jsonb)`;

const updateAsset = sql<IUpdateAssetQuery>`
  UPDATE staging_assets
     SET name = $name!, category_id = $categoryId!, credit = $credit::jsonb, archived_at = $archivedAt,
         updated_at = now()
   WHERE id = $id!`;

const deleteAsset = sql<IDeleteAssetQuery>`DELETE FROM staging_assets WHERE id = $id!`;

const insertLog = sql<IInsertLogQuery>`
  INSERT INTO staging_asset_logs (id, asset_id, provider_id, asset_name, action, actor_user_id, impersonator_id,
                                  changes)
  VALUES ($id!, $assetId!, $providerId, $assetName!, $action!, $actorUserId!, $impersonatorId, $changes::jsonb)`;

const logPage = sql<Narrow<ILogPageQuery, KnownLog>>`
  SELECT l.id, l.asset_id AS "assetId", l.provider_id AS "providerId", l.asset_name AS "assetName", l.action,
         l.actor_user_id AS "actorUserId", l.impersonator_id AS "impersonatorId", l.changes,
         l.created_at AS "createdAt", count(*) OVER ()::int AS "total!"
    FROM staging_asset_logs l`;

const logCount = sql<ILogCountQuery>`SELECT count(*)::int AS "total!" FROM staging_asset_logs l`;

/** Whose assets a list shows: the platform's library and one provider's own, or every asset (the back office). */
export type AssetScope = { providerId: string } | 'all';

export interface AssetFilters {
  search?: string;
  categoryId?: string;
  /** Archived assets too (the back office); a provider's library leaves them out. */
  archived: boolean;
}

export interface NewAsset {
  id: string;
  providerId: string | null;
  categoryId: string;
  name: string;
  storageKey: string;
  /** The catalogue picture's object; null when it could not be made. */
  thumbnailKey: string | null;
  filename: string;
  sizeBytes: number;
  triangleCount: number;
  widthM: number;
  heightM: number;
  depthM: number;
  credit: AssetCredit | null;
}

export interface NewLog {
  id: string;
  assetId: string;
  providerId: string | null;
  assetName: string;
  action: AssetLogAction;
  actorUserId: string;
  impersonatorId: string | null;
  changes: FieldChanges | null;
}

/** The staging asset library's tables: categories, assets (the platform's and providers' own) and their log. */
@Injectable()
export class StagingAssetsRepository {
  constructor(private readonly db: Database) {}

  categories() {
    return queryRows(this.db.dataSource, categories, undefined);
  }

  category(id: string, tx: Queryable = this.db.dataSource) {
    return queryOne(tx, category, { id });
  }

  /** A page of assets, newest first; `search` in their names, `categoryId` one category. */
  async list(scope: AssetScope, filters: AssetFilters, query: PageQuery): Promise<Page<AssetRow>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (scope !== 'all') {
      params.push(scope.providerId);
      conditions.push(`(a.provider_id IS NULL OR a.provider_id = $${params.length})`);
    }
    if (!filters.archived) conditions.push('a.archived_at IS NULL');
    const pattern = likePattern(filters.search);
    if (pattern) {
      params.push(pattern);
      conditions.push(`a.name ILIKE $${params.length}`);
    }
    if (filters.categoryId) {
      params.push(filters.categoryId);
      conditions.push(`a.category_id = $${params.length}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const found = await queryRowsWith(
      this.db.dataSource,
      assetPage,
      `${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, assetCount, where, params);
      return counted!.total;
    });
  }

  find(id: string, tx: Queryable = this.db.dataSource): Promise<AssetRow | undefined> {
    return queryOne(tx, findAsset, { id });
  }

  /** The asset, its row locked until `tx` ends (a change and a deletion take turns). */
  async lock(tx: Queryable, id: string): Promise<AssetRow | undefined> {
    if (!(await queryOne(tx, lockAsset, { id }))) return undefined;
    return this.find(id, tx);
  }

  async insert(tx: Queryable, asset: NewAsset): Promise<void> {
    await queryRows(tx, insertAsset, {
      ...asset,
      credit: asset.credit ? JSON.stringify(asset.credit) : null,
    });
  }

  async update(
    tx: Queryable,
    id: string,
    values: { name: string; categoryId: string; credit: AssetCredit | null; archivedAt: Date | null },
  ): Promise<void> {
    await queryRows(tx, updateAsset, {
      id,
      ...values,
      credit: values.credit ? JSON.stringify(values.credit) : null,
    });
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await queryRows(tx, deleteAsset, { id });
  }

  async log(tx: Queryable, entry: NewLog): Promise<void> {
    await queryRows(tx, insertLog, {
      ...entry,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
    });
  }

  /** A page of the log, newest first; `assetId`: one asset's rows. */
  async logs(query: PageQuery, assetId?: string): Promise<Page<AssetLogRow>> {
    const params: unknown[] = assetId ? [assetId] : [];
    const where = assetId ? 'WHERE l.asset_id = $1' : '';
    const found = await queryRowsWith(
      this.db.dataSource,
      logPage,
      `${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, logCount, where, params);
      return counted!.total;
    });
  }
}
