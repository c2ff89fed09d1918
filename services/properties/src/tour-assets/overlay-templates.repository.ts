import { Injectable } from '@nestjs/common';
import type { OverlayLayout } from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type { JsonShaped } from '../json-columns';
import type {
  ICountTemplatesQuery,
  IDeleteTemplateQuery,
  IFindTemplateQuery,
  IFindTemplateResult,
  IInsertTemplateQuery,
  ILockTemplateQuery,
  ILockTemplatesQuery,
  ITemplateCountQuery,
  ITemplatePageQuery,
  IUpdateTemplateQuery,
} from './overlay-templates.repository.types';

/** What the service keeps in the jsonb column (the schema takes any JSON). */
type Known = { overlay: JsonShaped<OverlayLayout> };

/**
 * A template with its thumbnail's file (none: no thumbnail). The file's columns come through a LEFT JOIN, which
 * pgtyped cannot see: those NOT NULL in `files` carry its nullable hint (`"storageKey?"`).
 */
export type OverlayTemplateRow = Narrowed<IFindTemplateResult, Known>;

// The list composes its search at run time: its columns and tables are these queries, checked; the filter and the
// page follow them (queryRowsWith).
const templatePage = sql<Narrow<ITemplatePageQuery, Known>>`
  SELECT t.id, t.name, t.overlay, t.thumbnail_file_id AS "thumbnailFileId", f.storage_key AS "storageKey?",
    f.thumbnail_key AS "thumbnailKey", f.filename AS "filename?", f.content_type AS "contentType",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt", count(*) OVER ()::int AS "total!"
  FROM overlay_templates t LEFT JOIN files f ON f.id = t.thumbnail_file_id`;

const templateCount = sql<ITemplateCountQuery>`SELECT count(*)::int AS "total!" FROM overlay_templates t`;

const findTemplate = sql<Narrow<IFindTemplateQuery, Known>>`
  SELECT t.id, t.name, t.overlay, t.thumbnail_file_id AS "thumbnailFileId", f.storage_key AS "storageKey?",
    f.thumbnail_key AS "thumbnailKey", f.filename AS "filename?", f.content_type AS "contentType",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt"
  FROM overlay_templates t LEFT JOIN files f ON f.id = t.thumbnail_file_id
  WHERE t.provider_id = $providerId! AND t.id = $id!`;

const lockTemplate = sql<Narrow<ILockTemplateQuery, Known>>`
  SELECT t.id, t.name, t.overlay, t.thumbnail_file_id AS "thumbnailFileId", f.storage_key AS "storageKey?",
    f.thumbnail_key AS "thumbnailKey", f.filename AS "filename?", f.content_type AS "contentType",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt"
  FROM overlay_templates t LEFT JOIN files f ON f.id = t.thumbnail_file_id
  WHERE t.provider_id = $providerId! AND t.id = $id! FOR UPDATE OF t`;

const lockTemplates = sql<ILockTemplatesQuery>`SELECT pg_advisory_xact_lock(hashtext($key!))`;

const countTemplates = sql<ICountTemplatesQuery>`
  SELECT count(*)::int AS "total!" FROM overlay_templates WHERE provider_id = $providerId!`;

const insertTemplate = sql<IInsertTemplateQuery>`
  INSERT INTO overlay_templates (id, provider_id, name, search_text, overlay, thumbnail_file_id)
  VALUES ($id!, $providerId!, $name!, lower($name!), $overlay!, $thumbnailFileId)`;

const updateTemplate = sql<IUpdateTemplateQuery>`
  UPDATE overlay_templates
     SET name = coalesce($name, name), search_text = lower(coalesce($name, name)),
         overlay = coalesce($overlay::jsonb, overlay),
         thumbnail_file_id = CASE WHEN $thumbnailChanged! THEN $thumbnailFileId::uuid ELSE thumbnail_file_id END,
         updated_at = now()
   WHERE provider_id = $providerId! AND id = $id!`;

const deleteTemplate = sql<IDeleteTemplateQuery>`
  DELETE FROM overlay_templates WHERE provider_id = $providerId! AND id = $id!
  RETURNING thumbnail_file_id AS "thumbnailFileId"`;

/** The `overlay_templates` table: overlays a provider saved to use again, searched by name (lowercased once). */
@Injectable()
export class OverlayTemplatesRepository {
  constructor(private readonly db: Database) {}

  /** A page of the provider's templates, newest first; `search` in their names. */
  async list(providerId: string, query: PageQuery & { search?: string }): Promise<Page<OverlayTemplateRow>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `WHERE t.provider_id = $1 ${pattern ? 'AND t.search_text LIKE lower($2)' : ''}`;
    const found = await queryRowsWith(
      this.db.dataSource,
      templatePage,
      `${where} ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, templateCount, where, params);
      return counted!.total;
    });
  }

  /** The provider's template; locked for the rest of `tx` when `forUpdate`. */
  find(
    providerId: string,
    id: string,
    tx: Queryable = this.db.dataSource,
    forUpdate = false,
  ): Promise<OverlayTemplateRow | undefined> {
    return queryOne(tx, forUpdate ? lockTemplate : findTemplate, { providerId, id });
  }

  /** How many templates the provider has, counted under a lock of its templates held until `tx` ends. */
  async countLocked(tx: Queryable, providerId: string): Promise<number> {
    await queryRows(tx, lockTemplates, { key: `overlay_templates:${providerId}` });
    const counted = await queryOne(tx, countTemplates, { providerId });
    return counted!.total;
  }

  async insert(
    tx: Queryable,
    template: {
      id: string;
      providerId: string;
      name: string;
      overlay: OverlayLayout;
      thumbnailFileId: string | null;
    },
  ): Promise<void> {
    await queryRows(tx, insertTemplate, { ...template, overlay: JSON.stringify(template.overlay) });
  }

  /** The given keys replaced (a key left out keeps its value). */
  async update(
    tx: Queryable,
    providerId: string,
    id: string,
    changes: { name?: string; overlay?: OverlayLayout; thumbnailFileId?: string | null },
  ): Promise<void> {
    await queryAffected(tx, updateTemplate, {
      providerId,
      id,
      name: changes.name ?? null,
      overlay: changes.overlay ? JSON.stringify(changes.overlay) : null,
      thumbnailChanged: changes.thumbnailFileId !== undefined,
      thumbnailFileId: changes.thumbnailFileId ?? null,
    });
  }

  /** Removes the provider's template; its thumbnail's file id, or undefined when it has no such template. */
  delete(
    tx: Queryable,
    providerId: string,
    id: string,
  ): Promise<{ thumbnailFileId: string | null } | undefined> {
    return queryOne(tx, deleteTemplate, { providerId, id });
  }
}
