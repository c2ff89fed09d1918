import { Injectable } from '@nestjs/common';
import {
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { PropertyFeatures, WebsiteSettings } from './website.rules';
import type {
  IEnsureWebsiteQuery,
  IFindWebsiteQuery,
  IFindWebsiteResult,
  IMergeWebsiteFeaturesQuery,
  IMergeWebsiteSettingsQuery,
  ISelectDocumentIdsQuery,
  ISelectMediaLinkIdsQuery,
  ISelectPhotoIdsQuery,
  ISelectPublishedFloorplanIdQuery,
  ISelectPublishedVideoIdsQuery,
  ITouchWebsiteQuery,
} from './websites.repository.types';

/** What the service keeps in the jsonb columns (the schema takes any JSON): the keys set, each merged on its own. */
type Known = { settings: Partial<WebsiteSettings>; propertyFeatures: Partial<PropertyFeatures> };

export type WebsiteRow = Narrowed<IFindWebsiteResult, Known>;

/** The selections a website keeps, by their columns (null: all of the property's media of that kind). */
export type Selection =
  'photoIds' | 'publishedFloorplanId' | 'publishedVideoIds' | 'documentIds' | 'mediaLinkIds';

const findWebsite = sql<Narrow<IFindWebsiteQuery, Known>>`
  SELECT settings, property_features AS "propertyFeatures", photo_ids AS "photoIds",
    published_floorplan_id AS "publishedFloorplanId", published_video_ids AS "publishedVideoIds",
    document_ids AS "documentIds", media_link_ids AS "mediaLinkIds", updated_at AS "updatedAt"
  FROM websites WHERE property_id = $propertyId!`;

const ensureWebsite = sql<IEnsureWebsiteQuery>`
  INSERT INTO websites (property_id, provider_id) VALUES ($propertyId!, $providerId!)
  ON CONFLICT (property_id) DO NOTHING`;

const touchWebsite = sql<ITouchWebsiteQuery>`UPDATE websites SET updated_at = now() WHERE property_id = $propertyId!`;

const mergeWebsiteSettings = sql<IMergeWebsiteSettingsQuery>`
  UPDATE websites SET settings = jsonb_strip_nulls(settings || $given!::jsonb) WHERE property_id = $propertyId!`;

const mergeWebsiteFeatures = sql<IMergeWebsiteFeaturesQuery>`
  UPDATE websites SET property_features = jsonb_strip_nulls(property_features || $given!::jsonb)
  WHERE property_id = $propertyId!`;

// Each selection is its column's statement.
const selectPhotoIds = sql<ISelectPhotoIdsQuery>`
  UPDATE websites SET photo_ids = $photoIds WHERE property_id = $propertyId!`;
const selectPublishedFloorplanId = sql<ISelectPublishedFloorplanIdQuery>`
  UPDATE websites SET published_floorplan_id = $publishedFloorplanId WHERE property_id = $propertyId!`;
const selectPublishedVideoIds = sql<ISelectPublishedVideoIdsQuery>`
  UPDATE websites SET published_video_ids = $publishedVideoIds WHERE property_id = $propertyId!`;
const selectDocumentIds = sql<ISelectDocumentIdsQuery>`
  UPDATE websites SET document_ids = $documentIds WHERE property_id = $propertyId!`;
const selectMediaLinkIds = sql<ISelectMediaLinkIdsQuery>`
  UPDATE websites SET media_link_ids = $mediaLinkIds WHERE property_id = $propertyId!`;

/** The `websites` table: one row per property, made at its first change. */
@Injectable()
export class WebsitesRepository {
  find(tx: Queryable, propertyId: string): Promise<WebsiteRow | undefined> {
    return queryOne(tx, findWebsite, { propertyId });
  }

  /** The property's website row, made unless it exists. */
  async ensure(tx: Queryable, propertyId: string, providerId: string): Promise<void> {
    await queryRows(tx, ensureWebsite, { propertyId, providerId });
  }

  async touch(tx: Queryable, propertyId: string): Promise<void> {
    await queryAffected(tx, touchWebsite, { propertyId });
  }

  /** Merges the given settings; a null value removes the key (the default applies again). */
  async mergeSettings(tx: Queryable, propertyId: string, given: Record<string, unknown>): Promise<void> {
    await queryAffected(tx, mergeWebsiteSettings, { propertyId, given: JSON.stringify(given) });
  }

  /** Merges the given features; a null value removes the key (the default applies again). */
  async mergeFeatures(tx: Queryable, propertyId: string, given: Record<string, unknown>): Promise<void> {
    await queryAffected(tx, mergeWebsiteFeatures, { propertyId, given: JSON.stringify(given) });
  }

  async select(
    tx: Queryable,
    propertyId: string,
    ...[selection, value]: { [S in Selection]: [selection: S, value: WebsiteRow[S]] }[Selection]
  ): Promise<void> {
    switch (selection) {
      case 'photoIds':
        await queryAffected(tx, selectPhotoIds, { propertyId, photoIds: value });
        break;
      case 'publishedFloorplanId':
        await queryAffected(tx, selectPublishedFloorplanId, { propertyId, publishedFloorplanId: value });
        break;
      case 'publishedVideoIds':
        await queryAffected(tx, selectPublishedVideoIds, { propertyId, publishedVideoIds: value });
        break;
      case 'documentIds':
        await queryAffected(tx, selectDocumentIds, { propertyId, documentIds: value });
        break;
      case 'mediaLinkIds':
        await queryAffected(tx, selectMediaLinkIds, { propertyId, mediaLinkIds: value });
        break;
    }
  }
}
