import { Injectable } from '@nestjs/common';
import type { OverlayLayout } from '@tourly/contracts';
import {
  Database,
  affected,
  likePattern,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

/** A template with its thumbnail's file (none: no thumbnail). */
export interface OverlayTemplateRow {
  id: string;
  name: string;
  overlay: OverlayLayout;
  thumbnailFileId: string | null;
  storageKey: string | null;
  thumbnailKey: string | null;
  filename: string | null;
  contentType: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `t.id, t.name, t.overlay, t.thumbnail_file_id AS "thumbnailFileId", f.storage_key AS "storageKey",
  f.thumbnail_key AS "thumbnailKey", f.filename, f.content_type AS "contentType", t.created_at AS "createdAt",
  t.updated_at AS "updatedAt"`;
const FROM = 'overlay_templates t LEFT JOIN files f ON f.id = t.thumbnail_file_id';

/** The `overlay_templates` table: overlays a provider saved to use again, searched by name (lowercased once). */
@Injectable()
export class OverlayTemplatesRepository {
  constructor(private readonly db: Database) {}

  /** A page of the provider's templates, newest first; `search` in their names. */
  async list(providerId: string, query: PageQuery & { search?: string }): Promise<Page<OverlayTemplateRow>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `t.provider_id = $1 ${pattern ? 'AND t.search_text LIKE lower($2)' : ''}`;
    const found = await rows<OverlayTemplateRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM ${FROM} WHERE ${where}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS total FROM overlay_templates t WHERE ${where}`,
        params,
      );
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
    return one<OverlayTemplateRow>(
      tx,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE t.provider_id = $1 AND t.id = $2 ${forUpdate ? 'FOR UPDATE OF t' : ''}`,
      [providerId, id],
    );
  }

  /** How many templates the provider has, counted under a lock of its templates held until `tx` ends. */
  async countLocked(tx: Queryable, providerId: string): Promise<number> {
    await rows(tx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`overlay_templates:${providerId}`]);
    const counted = await one<{ total: number }>(
      tx,
      'SELECT count(*)::int AS total FROM overlay_templates WHERE provider_id = $1',
      [providerId],
    );
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
    await rows(
      tx,
      `INSERT INTO overlay_templates (id, provider_id, name, search_text, overlay, thumbnail_file_id)
       VALUES ($1, $2, $3, lower($3), $4, $5)`,
      [
        template.id,
        template.providerId,
        template.name,
        JSON.stringify(template.overlay),
        template.thumbnailFileId,
      ],
    );
  }

  /** The given keys replaced (a key left out keeps its value). */
  async update(
    tx: Queryable,
    providerId: string,
    id: string,
    changes: { name?: string; overlay?: OverlayLayout; thumbnailFileId?: string | null },
  ): Promise<void> {
    await affected(
      tx,
      `UPDATE overlay_templates
          SET name = coalesce($3, name), search_text = lower(coalesce($3, name)),
              overlay = coalesce($4::jsonb, overlay),
              thumbnail_file_id = CASE WHEN $5 THEN $6::uuid ELSE thumbnail_file_id END,
              updated_at = now()
        WHERE provider_id = $1 AND id = $2`,
      [
        providerId,
        id,
        changes.name ?? null,
        changes.overlay ? JSON.stringify(changes.overlay) : null,
        changes.thumbnailFileId !== undefined,
        changes.thumbnailFileId ?? null,
      ],
    );
  }

  /** Removes the provider's template; its thumbnail's file id, or undefined when it has no such template. */
  delete(
    tx: Queryable,
    providerId: string,
    id: string,
  ): Promise<{ thumbnailFileId: string | null } | undefined> {
    return one<{ thumbnailFileId: string | null }>(
      tx,
      `DELETE FROM overlay_templates WHERE provider_id = $1 AND id = $2
        RETURNING thumbnail_file_id AS "thumbnailFileId"`,
      [providerId, id],
    );
  }
}
