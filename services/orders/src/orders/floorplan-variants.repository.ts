import { Injectable } from '@nestjs/common';
import type { OrderKind } from '@tourly/contracts';
import {
  affected,
  Database,
  likePattern,
  one,
  pageWithTotal,
  rows,
  uuidv7,
  type Page,
  type Queryable,
} from '@tourly/platform';

export interface VariantRow {
  id: string;
  name: string;
  providerId: string;
  orderId: string;
  orderNumber: number;
  propertyId: string;
  propertyTitle: string;
  kind: OrderKind;
  providerClientId: string | null;
  fileId: string;
  storageKey: string;
  filename: string;
  contentType: string;
  createdAt: Date;
}

export interface VariantFilter {
  search?: string;
  propertyId?: string;
  providerClientId?: string;
  kind?: OrderKind;
}

const COLUMNS = `v.id, v.name, v.provider_id AS "providerId", v.order_id AS "orderId", o.number::int AS "orderNumber", o.property_id AS "propertyId",
  o.property_title AS "propertyTitle", o.kind, v.provider_client_id AS "providerClientId", v.file_id AS "fileId",
  f.storage_key AS "storageKey", f.filename, f.content_type AS "contentType", v.created_at AS "createdAt"`;
const FROM = `floorplan_variants v JOIN floorplan_orders o ON o.id = v.order_id JOIN order_files f ON f.id = v.file_id`;

/** `floorplan_variants`: one per delivered file, the provider's plans. */
@Injectable()
export class FloorplanVariantsRepository {
  constructor(private readonly db: Database) {}

  /** A variant for a delivered file; the same file again adds nothing. */
  async insert(
    tx: Queryable,
    variant: { providerId: string; orderId: string; fileId: string; name: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO floorplan_variants (id, provider_id, order_id, file_id, name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (file_id) DO NOTHING`,
      [uuidv7(), variant.providerId, variant.orderId, variant.fileId, variant.name],
    );
  }

  find(providerId: string, id: string): Promise<VariantRow | undefined> {
    return one<VariantRow>(
      this.db.dataSource,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE v.provider_id = $1 AND v.id = $2`,
      [providerId, id],
    );
  }

  async assignToClient(providerId: string, id: string, providerClientId: string | null): Promise<boolean> {
    return (
      (await affected(
        this.db.dataSource,
        'UPDATE floorplan_variants SET provider_client_id = $3 WHERE provider_id = $1 AND id = $2',
        [providerId, id, providerClientId],
      )) === 1
    );
  }

  /**
   * A page of the provider's variants (null: every provider's, for the back office), newest first; `search` in the
   * name (a trigram index).
   */
  async list(
    providerId: string | null,
    filter: VariantFilter,
    page: { page: number; pageSize: number; offset: number },
  ): Promise<Page<VariantRow>> {
    const params: unknown[] = [];
    const clauses: string[] = [];
    const add = (clause: (at: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(clause(`$${params.length}`));
    };
    if (providerId !== null) add((at) => `v.provider_id = ${at}`, providerId);
    const pattern = likePattern(filter.search?.trim());
    if (pattern) add((at) => `v.name ILIKE ${at}`, pattern);
    if (filter.propertyId) add((at) => `o.property_id = ${at}`, filter.propertyId);
    if (filter.providerClientId) add((at) => `v.provider_client_id = ${at}`, filter.providerClientId);
    if (filter.kind) add((at) => `o.kind = ${at}`, filter.kind);
    const where = clauses.length > 0 ? clauses.join(' AND ') : 'true';
    const found = await rows<VariantRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM ${FROM} WHERE ${where}
       ORDER BY v.created_at DESC, v.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.pageSize, page.offset],
    );
    return pageWithTotal(found, page, async () => {
      const counted = await one<{ count: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS count FROM ${FROM} WHERE ${where}`,
        params,
      );
      return counted?.count ?? 0;
    });
  }
}
