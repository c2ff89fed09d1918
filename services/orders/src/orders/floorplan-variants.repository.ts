import { Injectable } from '@nestjs/common';
import type { FloorplanKind } from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  uuidv7,
  type Narrow,
  type Narrowed,
  type Page,
  type Queryable,
} from '@tourly/platform';
import type {
  IAssignVariantToClientQuery,
  IFindVariantQuery,
  IFindVariantResult,
  IInsertVariantQuery,
  IVariantCountQuery,
  IVariantPageQuery,
} from './floorplan-variants.repository.types';

/** What the schema keeps to a union with a CHECK. */
/** Variants are delivered plans: never retouched photos. */
type Known = { kind: FloorplanKind };

export type VariantRow = Narrowed<IFindVariantResult, Known>;

export interface VariantFilter {
  search?: string;
  propertyId?: string;
  providerClientId?: string;
  kind?: FloorplanKind;
}

const insertVariant = sql<IInsertVariantQuery>`
  INSERT INTO floorplan_variants (id, provider_id, order_id, file_id, name)
  VALUES ($id!, $providerId!, $orderId!, $fileId!, $name!)
  ON CONFLICT (file_id) DO NOTHING`;

const findVariant = sql<Narrow<IFindVariantQuery, Known>>`
  SELECT v.id, v.name, v.provider_id AS "providerId", v.order_id AS "orderId", o.number::int AS "orderNumber!",
    o.property_id AS "propertyId", o.property_title AS "propertyTitle", o.kind, o.amends_order_id AS "amendsOrderId",
    v.provider_client_id AS "providerClientId", v.file_id AS "fileId", f.storage_key AS "storageKey", f.filename,
    f.content_type AS "contentType", v.created_at AS "createdAt"
  FROM floorplan_variants v JOIN floorplan_orders o ON o.id = v.order_id JOIN order_files f ON f.id = v.file_id
  WHERE v.provider_id = $providerId! AND v.id = $id!`;

const assignVariantToClient = sql<IAssignVariantToClientQuery>`
  UPDATE floorplan_variants SET provider_client_id = $providerClientId WHERE provider_id = $providerId! AND id = $id!`;

// The list composes its filters at run time: its columns and tables are these queries, checked; the filters and the
// page follow them (queryRowsWith).
const variantPage = sql<Narrow<IVariantPageQuery, Known>>`
  SELECT v.id, v.name, v.provider_id AS "providerId", v.order_id AS "orderId", o.number::int AS "orderNumber!",
    o.property_id AS "propertyId", o.property_title AS "propertyTitle", o.kind, o.amends_order_id AS "amendsOrderId",
    v.provider_client_id AS "providerClientId", v.file_id AS "fileId", f.storage_key AS "storageKey", f.filename,
    f.content_type AS "contentType", v.created_at AS "createdAt", count(*) OVER ()::int AS "total!"
  FROM floorplan_variants v JOIN floorplan_orders o ON o.id = v.order_id JOIN order_files f ON f.id = v.file_id`;

const variantCount = sql<IVariantCountQuery>`
  SELECT count(*)::int AS "count!"
  FROM floorplan_variants v JOIN floorplan_orders o ON o.id = v.order_id JOIN order_files f ON f.id = v.file_id`;

/** `floorplan_variants`: one per delivered file, the provider's plans. */
@Injectable()
export class FloorplanVariantsRepository {
  constructor(private readonly db: Database) {}

  /** A variant for a delivered file; the same file again adds nothing. */
  async insert(
    tx: Queryable,
    variant: { providerId: string; orderId: string; fileId: string; name: string },
  ): Promise<void> {
    await queryRows(tx, insertVariant, { ...variant, id: uuidv7() });
  }

  find(providerId: string, id: string): Promise<VariantRow | undefined> {
    return queryOne(this.db.dataSource, findVariant, { providerId, id });
  }

  async assignToClient(providerId: string, id: string, providerClientId: string | null): Promise<boolean> {
    return (
      (await queryAffected(this.db.dataSource, assignVariantToClient, {
        providerId,
        id,
        providerClientId,
      })) === 1
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
    const found = await queryRowsWith(
      this.db.dataSource,
      variantPage,
      `WHERE ${where} ORDER BY v.created_at DESC, v.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.pageSize, page.offset],
    );
    return pageWithTotal(found, page, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, variantCount, `WHERE ${where}`, params);
      return counted?.count ?? 0;
    });
  }
}
