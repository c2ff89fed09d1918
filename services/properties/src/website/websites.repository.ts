import { Injectable } from '@nestjs/common';
import { affected, one, rows, type Queryable } from '@tourly/platform';
import type { PropertyFeatures, WebsiteSettings } from './website.rules';

export interface WebsiteRow {
  settings: Partial<WebsiteSettings>;
  propertyFeatures: Partial<PropertyFeatures>;
  photoIds: string[] | null;
  publishedFloorplanId: string | null;
  publishedVideoIds: string[] | null;
  documentIds: string[] | null;
  mediaLinkIds: string[] | null;
  updatedAt: Date;
}

/** The selections a website keeps, by their columns (null: all of the property's media of that kind). */
const SELECTIONS = {
  photoIds: 'photo_ids',
  publishedFloorplanId: 'published_floorplan_id',
  publishedVideoIds: 'published_video_ids',
  documentIds: 'document_ids',
  mediaLinkIds: 'media_link_ids',
} as const;
export type Selection = keyof typeof SELECTIONS;

const WEBSITE_COLUMNS = `settings, property_features AS "propertyFeatures", photo_ids AS "photoIds",
  published_floorplan_id AS "publishedFloorplanId", published_video_ids AS "publishedVideoIds",
  document_ids AS "documentIds", media_link_ids AS "mediaLinkIds", updated_at AS "updatedAt"`;

/** The `websites` table: one row per property, made at its first change. */
@Injectable()
export class WebsitesRepository {
  find(tx: Queryable, propertyId: string): Promise<WebsiteRow | undefined> {
    return one<WebsiteRow>(tx, `SELECT ${WEBSITE_COLUMNS} FROM websites WHERE property_id = $1`, [
      propertyId,
    ]);
  }

  /** The property's website row, made unless it exists. */
  async ensure(tx: Queryable, propertyId: string, providerId: string): Promise<void> {
    await rows(
      tx,
      'INSERT INTO websites (property_id, provider_id) VALUES ($1, $2) ON CONFLICT (property_id) DO NOTHING',
      [propertyId, providerId],
    );
  }

  async touch(tx: Queryable, propertyId: string): Promise<void> {
    await affected(tx, 'UPDATE websites SET updated_at = now() WHERE property_id = $1', [propertyId]);
  }

  /** Merges the given settings; a null value removes the key (the default applies again). */
  async mergeSettings(tx: Queryable, propertyId: string, given: Record<string, unknown>): Promise<void> {
    await affected(
      tx,
      'UPDATE websites SET settings = jsonb_strip_nulls(settings || $2::jsonb) WHERE property_id = $1',
      [propertyId, JSON.stringify(given)],
    );
  }

  /** Merges the given features; a null value removes the key (the default applies again). */
  async mergeFeatures(tx: Queryable, propertyId: string, given: Record<string, unknown>): Promise<void> {
    await affected(
      tx,
      'UPDATE websites SET property_features = jsonb_strip_nulls(property_features || $2::jsonb) WHERE property_id = $1',
      [propertyId, JSON.stringify(given)],
    );
  }

  async select(
    tx: Queryable,
    propertyId: string,
    selection: Selection,
    value: string[] | string | null,
  ): Promise<void> {
    await affected(tx, `UPDATE websites SET ${SELECTIONS[selection]} = $2 WHERE property_id = $1`, [
      propertyId,
      value,
    ]);
  }
}
