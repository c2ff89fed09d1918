import { Injectable } from '@nestjs/common';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { JsonShaped } from '../../json-columns';
import type { AssetCredit } from '../staging-assets.repository';
import { EMPTY_SCENE, type Placement, type SceneDocument, type SceneSettings } from './staging-scenes.rules';
import type {
  IFindSceneQuery,
  IFindSceneResult,
  ILockDraftAssetsQuery,
  IPlacedAssetsQuery,
  IPlacedAssetsResult,
  IPlacesPublishedQuery,
  IPublishSceneQuery,
  IPublishedSummaryQuery,
  ISaveDraftPlacementsQuery,
  ISaveDraftSettingsQuery,
  IUnpublishSceneQuery,
} from './staging-scenes.repository.types';

type KnownScene = { draft: JsonShaped<SceneDocument> | null; published: JsonShaped<SceneDocument> | null };
export type SceneRow = Narrowed<IFindSceneResult, KnownScene>;

type KnownAsset = { credit: AssetCredit | null };
/** An asset a scene places: what the editor and the player need of it. */
export type PlacedAssetRow = Narrowed<IPlacedAssetsResult, KnownAsset>;

const findScene = sql<Narrow<IFindSceneQuery, KnownScene>>`
  SELECT s.property_id AS "propertyId", s.draft, s.draft_saved_at AS "draftSavedAt", s.published,
         s.published_at AS "publishedAt"
    FROM staging_scenes s WHERE s.property_id = $propertyId!`;

// Like the tour's layers' parts, each edit is one statement over the draft, else the published scene, else an empty
// one: the placements replaced whole, the settings merged, so a save and a settings change at once both land.
const saveDraftPlacements = sql<ISaveDraftPlacementsQuery>`
  INSERT INTO staging_scenes (property_id, provider_id, draft, draft_saved_at)
  VALUES ($propertyId!, $providerId!, jsonb_set($empty!::jsonb, '{placements}', $placements!::jsonb), now())
  ON CONFLICT (property_id) DO UPDATE
     SET draft = jsonb_set(coalesce(staging_scenes.draft, staging_scenes.published, $empty!::jsonb), '{placements}',
                           $placements!::jsonb),
         draft_saved_at = now(), updated_at = now()`;

const saveDraftSettings = sql<ISaveDraftSettingsQuery>`
  INSERT INTO staging_scenes (property_id, provider_id, draft, draft_saved_at)
  VALUES ($propertyId!, $providerId!, jsonb_set($empty!::jsonb, '{settings}', ($empty!::jsonb -> 'settings') || $given!::jsonb),
          now())
  ON CONFLICT (property_id) DO UPDATE
     SET draft = jsonb_set(coalesce(staging_scenes.draft, staging_scenes.published, $empty!::jsonb), '{settings}',
                           (coalesce(staging_scenes.draft, staging_scenes.published, $empty!::jsonb) -> 'settings')
                             || $given!::jsonb),
         draft_saved_at = now(), updated_at = now()`;

// The tour's layers' publishing, for the scene: one statement, the draft becomes what visitors see.
const publishScene = sql<IPublishSceneQuery>`
  UPDATE staging_scenes SET published = coalesce(draft, published), published_at = now(), draft = NULL,
         draft_saved_at = NULL, updated_at = now()
   WHERE property_id = $propertyId! AND (draft IS NOT NULL OR published IS NOT NULL)`;

const unpublishScene = sql<IUnpublishSceneQuery>`
  UPDATE staging_scenes SET draft = coalesce(draft, published), draft_saved_at = CASE WHEN draft IS NULL AND
         published IS NOT NULL THEN now() ELSE draft_saved_at END, published = NULL, published_at = NULL,
         updated_at = now()
   WHERE property_id = $propertyId!`;

// Publishing holds the draft's assets until it commits: a deletion of one waits, then sees it published (and
// archives it); a deletion that went first leaves a placement whose asset is gone, which no reader shows.
const lockDraftAssets = sql<ILockDraftAssetsQuery>`
  SELECT a.id FROM staging_assets a
   WHERE a.id IN (SELECT (p.placement ->> 'assetId')::uuid
                    FROM staging_scenes s
                   CROSS JOIN LATERAL jsonb_array_elements(s.draft -> 'placements') AS p(placement)
                   WHERE s.property_id = $propertyId!)
     FOR SHARE OF a`;

const placesPublished = sql<IPlacesPublishedQuery>`
  SELECT EXISTS (SELECT 1 FROM staging_scenes WHERE published @> $probe!::jsonb) AS "placed!"`;

// Whether the property has a published scene, and the credits of its assets in the order it places them (repeats
// included): what the player's base.json says of staging, in one statement.
const publishedSummary = sql<Narrow<IPublishedSummaryQuery, { credits: AssetCredit[] }>>`
  SELECT s.published IS NOT NULL AS "published!",
         coalesce((SELECT jsonb_agg(a.credit ORDER BY p.n)
                     FROM jsonb_array_elements(s.published -> 'placements') WITH ORDINALITY AS p(placement, n)
                     JOIN staging_assets a ON a.id = (p.placement ->> 'assetId')::uuid
                    WHERE a.credit IS NOT NULL), '[]'::jsonb) AS "credits!"
    FROM staging_scenes s WHERE s.property_id = $propertyId!`;

const placedAssets = sql<Narrow<IPlacedAssetsQuery, KnownAsset>>`
  SELECT a.id, a.provider_id AS "providerId", a.name, a.storage_key AS "storageKey", a.filename,
         a.width_m AS "widthM", a.height_m AS "heightM", a.depth_m AS "depthM", a.credit,
         a.archived_at AS "archivedAt"
    FROM staging_assets a WHERE a.id = ANY($ids!::uuid[])`;

/**
 * The `staging_scenes` table: each property's scene, the draft the editor saves and the published copy visitors see,
 * published and taken down with the tour's layers. Every change is one statement.
 */
@Injectable()
export class StagingScenesRepository {
  constructor(private readonly db: Database) {}

  find(propertyId: string, tx: Queryable = this.db.dataSource): Promise<SceneRow | undefined> {
    return queryOne(tx, findScene, { propertyId });
  }

  /** The draft's placements, the whole list (the settings stay). */
  async saveDraftPlacements(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    placements: Placement[],
  ): Promise<void> {
    await queryAffected(tx, saveDraftPlacements, {
      propertyId,
      providerId,
      empty: JSON.stringify(EMPTY_SCENE),
      placements: JSON.stringify(placements),
    });
  }

  /** Changes some of the draft's settings (started from the published scene, else an empty one). */
  async saveDraftSettings(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    given: Partial<SceneSettings>,
  ): Promise<void> {
    await queryAffected(tx, saveDraftSettings, {
      propertyId,
      providerId,
      empty: JSON.stringify(EMPTY_SCENE),
      given: JSON.stringify(given),
    });
  }

  /** With the tour's layers: the draft (if any) becomes the published scene and is dropped. */
  async publish(tx: Queryable, propertyId: string): Promise<void> {
    await queryRows(tx, lockDraftAssets, { propertyId });
    await queryAffected(tx, publishScene, { propertyId });
  }

  /** With the tour's layers: visitors see no scene; it stays as the draft. */
  async unpublish(tx: Queryable, propertyId: string): Promise<void> {
    await queryAffected(tx, unpublishScene, { propertyId });
  }

  /** Whether any published scene places the asset (then deleting it archives it). */
  async placesPublished(tx: Queryable, assetId: string): Promise<boolean> {
    const probe = JSON.stringify({ placements: [{ assetId }] });
    return (await queryOne(tx, placesPublished, { probe }))!.placed;
  }

  /** Whether visitors see a scene, and the third-party credits of its assets as placed (the same model may repeat). */
  async publishedSummary(propertyId: string): Promise<{ published: boolean; credits: AssetCredit[] }> {
    return (
      (await queryOne(this.db.dataSource, publishedSummary, { propertyId })) ?? {
        published: false,
        credits: [],
      }
    );
  }

  /** The assets of these ids that exist (archived ones too). */
  placedAssets(ids: string[], tx: Queryable = this.db.dataSource): Promise<PlacedAssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return queryRows(tx, placedAssets, { ids });
  }
}
