import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Narrow, type Narrowed, type Queryable } from '@tourly/platform';
import type { DigitalTwinAlignment, DigitalTwinConfig } from '@tourly/contracts';
import type { JsonShaped } from '../json-columns';
import type { AlignmentPair, Point } from './alignment.rules';
import type {
  IAdminTwinPageQuery,
  ICountAdminTwinsQuery,
  IDeleteTwinQuery,
  IFindTwinQuery,
  IFindTwinResult,
  IInsertTwinQuery,
  ISaveAlignmentQuery,
  ISaveConfigQuery,
} from './digital-twins.repository.types';

/** A pair as stored: the points sent, and how far apart the fit left them (metres). */
export type StoredPair = AlignmentPair & { residual: number };

/** The similarity transform an alignment gave: scan = scale * rotation(quaternion) * model + translation. */
export type StoredTransform = {
  scale: number;
  quaternion: { x: number; y: number; z: number; w: number };
  translation: Point;
};

type Known = {
  alignment: DigitalTwinAlignment;
  config: JsonShaped<DigitalTwinConfig>;
  alignmentPoints: Array<JsonShaped<StoredPair>>;
  transform: JsonShaped<StoredTransform> | null;
};

export type TwinRow = Narrowed<IFindTwinResult, Known>;

const findTwin = sql<Narrow<IFindTwinQuery, Known>>`
  SELECT id, property_id AS "propertyId", provider_id AS "providerId", asset_id AS "assetId", alignment, config,
         alignment_points AS "alignmentPoints", transform, rms_error_m AS "rmsErrorM", aligned_at AS "alignedAt",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM digital_twins WHERE property_id = $propertyId!`;

const insertTwin = sql<IInsertTwinQuery>`
  INSERT INTO digital_twins (id, property_id, provider_id, asset_id, config)
  VALUES (gen_random_uuid(), $propertyId!, $providerId!, $assetId!, $config!::jsonb)
  ON CONFLICT (property_id) DO NOTHING RETURNING id`;

const deleteTwin = sql<IDeleteTwinQuery>`
  DELETE FROM digital_twins WHERE property_id = $propertyId! RETURNING id`;

const saveConfig = sql<ISaveConfigQuery>`
  UPDATE digital_twins SET config = $config!::jsonb, updated_at = now() WHERE property_id = $propertyId! RETURNING id`;

// A move to aligned keeps its first time; a move back to pending forgets it.
const saveAlignment = sql<ISaveAlignmentQuery>`
  UPDATE digital_twins
     SET alignment_points = $points!::jsonb, transform = $transform!::jsonb, rms_error_m = $rmsErrorM!,
         alignment = $alignment!,
         aligned_at = CASE WHEN $alignment! = 'aligned' THEN coalesce(aligned_at, now()) END,
         updated_at = now()
   WHERE property_id = $propertyId! RETURNING id`;

// The back office's list: every provider's twins, newest first, searched by the property's title or address.
const adminTwinPage = sql<Narrow<IAdminTwinPageQuery, { alignment: DigitalTwinAlignment }>>`
  SELECT t.id, t.property_id AS "propertyId", t.provider_id AS "providerId", p.title AS "propertyTitle",
         t.asset_id AS "assetId", a.name AS "assetName?", t.alignment, t.rms_error_m AS "rmsError",
         t.aligned_at AS "alignedAt", t.created_at AS "createdAt", count(*) OVER ()::int AS "total!"
    FROM digital_twins t JOIN properties p ON p.id = t.property_id LEFT JOIN staging_assets a ON a.id = t.asset_id
   WHERE p.deleted_at IS NULL
     AND ($search::text IS NULL OR p.search_text LIKE lower($search))
   ORDER BY t.created_at DESC, t.id LIMIT $limit! OFFSET $offset!`;

const countAdminTwins = sql<ICountAdminTwinsQuery>`
  SELECT count(*)::int AS "total!" FROM digital_twins t JOIN properties p ON p.id = t.property_id
   WHERE p.deleted_at IS NULL
     AND ($search::text IS NULL OR p.search_text LIKE lower($search))`;

/** The `digital_twins` table: a property's twin (one at most). The caller has scoped the property to its provider. */
@Injectable()
export class DigitalTwinsRepository {
  find(db: Queryable, propertyId: string): Promise<TwinRow | undefined> {
    return queryOne(db, findTwin, { propertyId });
  }

  /** The new twin's id, or undefined when the property has one already. */
  async insert(
    tx: Queryable,
    twin: { propertyId: string; providerId: string; assetId: string; config: DigitalTwinConfig },
  ): Promise<string | undefined> {
    return (await queryOne(tx, insertTwin, { ...twin, config: JSON.stringify(twin.config) }))?.id;
  }

  async delete(tx: Queryable, propertyId: string): Promise<boolean> {
    return (await queryRows(tx, deleteTwin, { propertyId })).length > 0;
  }

  /** Whether the property had a twin to save it on. */
  async saveConfig(tx: Queryable, propertyId: string, config: DigitalTwinConfig): Promise<boolean> {
    return (await queryRows(tx, saveConfig, { propertyId, config: JSON.stringify(config) })).length > 0;
  }

  /** Whether the property had a twin to save it on. */
  async saveAlignment(
    tx: Queryable,
    propertyId: string,
    alignment: {
      points: StoredPair[];
      transform: StoredTransform;
      rmsErrorM: number;
      alignment: DigitalTwinAlignment;
    },
  ): Promise<boolean> {
    const saved = await queryRows(tx, saveAlignment, {
      propertyId,
      points: JSON.stringify(alignment.points),
      transform: JSON.stringify(alignment.transform),
      rmsErrorM: alignment.rmsErrorM,
      alignment: alignment.alignment,
    });
    return saved.length > 0;
  }

  adminPage(db: Queryable, search: string | null, limit: number, offset: number) {
    return queryRows(db, adminTwinPage, { search, limit, offset });
  }

  async countAdmin(db: Queryable, search: string | null): Promise<number> {
    return (await queryOne(db, countAdminTwins, { search }))?.total ?? 0;
  }
}
