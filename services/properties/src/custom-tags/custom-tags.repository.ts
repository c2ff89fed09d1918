import { Injectable } from '@nestjs/common';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { JsonShaped } from '../json-columns';
import type { CustomTag, TagMedia, Vector } from './custom-tags.rules';
import type {
  IDeleteTagsQuery,
  IInsertTagsQuery,
  ILayerOfQuery,
  ILockLayerQuery,
  IPropertyPhotosQuery,
  IPublicTagPageQuery,
  IPublicTagPageResult,
  ISetTagsEnabledQuery,
  ITagsOfQuery,
  ITagsOfResult,
  ITouchLayerQuery,
} from './custom-tags.repository.types';

type Known = {
  anchor: JsonShaped<Vector> | null;
  stemNormal: JsonShaped<Vector> | null;
  media: JsonShaped<TagMedia>;
};

/** A stored tag, with its uploaded icon's file (none: a built-in icon). */
export type CustomTagRow = Narrowed<ITagsOfResult, Known>;
export type PublicTagRow = Narrowed<IPublicTagPageResult, Known>;

const tagsOf = sql<Narrow<ITagsOfQuery, Known>>`
  SELECT t.id, t.label, t.description, t.icon, t.uploaded_icon_id AS "uploadedIconId", t.color,
    t.anchor, t.stem_normal AS "stemNormal", t.sweep_id AS "sweepId", t.media,
    f.storage_key AS "iconStorageKey?", f.content_type AS "iconContentType",
    pf.storage_key AS "photoStorageKey?", pf.filename AS "photoFilename?", pf.content_type AS "photoContentType"
  FROM custom_tags t
  LEFT JOIN uploaded_icons i ON i.id = t.uploaded_icon_id
  LEFT JOIN files f ON f.id = i.file_id
  LEFT JOIN property_media m ON m.id = (t.media ->> 'mediaId')::uuid AND m.property_id = t.property_id
  LEFT JOIN files pf ON pf.id = m.file_id
  WHERE t.provider_id = $providerId! AND t.property_id = $propertyId!
  ORDER BY t.sort_order`;

const layerOf = sql<ILayerOfQuery>`
  SELECT tags_enabled AS "tagsEnabled", updated_at AS "updatedAt"
  FROM custom_tag_layers WHERE provider_id = $providerId! AND property_id = $propertyId!`;

const lockLayer = sql<ILockLayerQuery>`
  INSERT INTO custom_tag_layers (property_id, provider_id) VALUES ($propertyId!, $providerId!)
  ON CONFLICT (property_id) DO UPDATE SET updated_at = custom_tag_layers.updated_at
  RETURNING tags_enabled AS "tagsEnabled"`;

const touchLayer = sql<ITouchLayerQuery>`
  UPDATE custom_tag_layers SET updated_at = now() WHERE property_id = $propertyId!`;

const setTagsEnabled = sql<ISetTagsEnabledQuery>`
  UPDATE custom_tag_layers SET tags_enabled = $enabled!, updated_at = now() WHERE property_id = $propertyId!`;

const deleteTags = sql<IDeleteTagsQuery>`DELETE FROM custom_tags WHERE property_id = $propertyId!`;

const insertTags = sql<IInsertTagsQuery>`
  INSERT INTO custom_tags (id, property_id, provider_id, sort_order, label, description, icon, uploaded_icon_id,
    color, anchor, stem_normal, sweep_id, media, search_text)
  SELECT t.id, $propertyId!, $providerId!, t.sort_order, t.label, t.description, t.icon, t.uploaded_icon_id,
    t.color, t.anchor, t.stem_normal, t.sweep_id, t.media, t.search_text
  FROM jsonb_to_recordset($tags!::jsonb) AS t(id uuid, sort_order int, label text, description text, icon text,
    uploaded_icon_id uuid, color text, anchor jsonb, stem_normal jsonb, sweep_id text, media jsonb, search_text text)`;

const propertyPhotos = sql<IPropertyPhotosQuery>`
  SELECT m.id FROM property_media m
  WHERE m.property_id = $propertyId! AND m.kind = 'photo' AND m.id = ANY($ids!::uuid[])`;

// The visitor's list: the tags of a premium tour whose layer is on (no layer row: on), searched and filtered.
const publicTagPage = sql<Narrow<IPublicTagPageQuery, Known>>`
  SELECT t.id, t.label, t.description, t.icon, t.uploaded_icon_id AS "uploadedIconId", t.color,
    t.anchor, t.stem_normal AS "stemNormal", t.sweep_id AS "sweepId", t.media,
    f.storage_key AS "iconStorageKey?", f.content_type AS "iconContentType",
    pf.storage_key AS "photoStorageKey?", pf.filename AS "photoFilename?", pf.content_type AS "photoContentType", count(*) OVER ()::int AS "total!"
  FROM custom_tags t
  JOIN properties p ON p.id = t.property_id
  LEFT JOIN custom_tag_layers l ON l.property_id = t.property_id
  LEFT JOIN uploaded_icons i ON i.id = t.uploaded_icon_id
  LEFT JOIN files f ON f.id = i.file_id
  LEFT JOIN property_media m ON m.id = (t.media ->> 'mediaId')::uuid AND m.property_id = t.property_id
  LEFT JOIN files pf ON pf.id = m.file_id
  WHERE t.property_id = $propertyId! AND p.premium AND coalesce(l.tags_enabled, true)
    AND ($search::text IS NULL OR t.search_text LIKE lower($search))
    AND ($mediaType::text IS NULL OR t.media ->> 'type' = $mediaType)
    AND ($icon::text IS NULL OR t.icon = $icon)
    AND ($billboards::boolean IS NOT TRUE OR t.media ->> 'subType' = 'rich_billboard')
  ORDER BY t.sort_order
  LIMIT $limit! OFFSET $offset!`;

/** A tag as written, with what the player's search reads. */
export type TagToInsert = CustomTag & { searchText: string };

/** The `custom_tag_layers` and `custom_tags` tables: a property's tag switch and its tags, in order. */
@Injectable()
export class CustomTagsRepository {
  constructor(private readonly db: Database) {}

  tags(providerId: string, propertyId: string, tx: Queryable = this.db.dataSource): Promise<CustomTagRow[]> {
    return queryRows(tx, tagsOf, { providerId, propertyId });
  }

  layer(providerId: string, propertyId: string) {
    return queryOne(this.db.dataSource, layerOf, { providerId, propertyId });
  }

  /** The layer's row, made if need be and locked until `tx` ends: saves of one tour's tags take turns. */
  async lockLayer(tx: Queryable, providerId: string, propertyId: string): Promise<void> {
    await queryRows(tx, lockLayer, { providerId, propertyId });
  }

  async setEnabled(tx: Queryable, propertyId: string, enabled: boolean): Promise<void> {
    await queryRows(tx, setTagsEnabled, { propertyId, enabled });
  }

  /** The tour's tags replaced by `tags`, in their order. */
  async replace(tx: Queryable, providerId: string, propertyId: string, tags: TagToInsert[]): Promise<void> {
    await queryRows(tx, deleteTags, { propertyId });
    await queryRows(tx, touchLayer, { propertyId });
    if (tags.length === 0) return;
    const rows = tags.map((tag, index) => ({
      id: tag.id,
      sort_order: index,
      label: tag.label,
      description: tag.description,
      icon: tag.icon,
      uploaded_icon_id: tag.uploadedIconId,
      color: tag.color,
      anchor: tag.position?.anchor ?? null,
      stem_normal: tag.position?.stemNormal ?? null,
      sweep_id: tag.sweepId,
      media: tag.media,
      search_text: tag.searchText,
    }));
    await queryRows(tx, insertTags, { providerId, propertyId, tags: JSON.stringify(rows) });
  }

  /** Which of `ids` are photos of the property. */
  async photosOf(propertyId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await queryRows(this.db.dataSource, propertyPhotos, { propertyId, ids });
    return new Set(found.map((row) => row.id));
  }

  /** A page of a premium tour's tags as visitors see them (none when the layer is off or the tour basic). */
  publicPage(
    propertyId: string,
    query: {
      search: string | null;
      mediaType: string | null;
      icon: string | null;
      billboards: boolean;
      limit: number;
      offset: number;
    },
  ): Promise<PublicTagRow[]> {
    return queryRows(this.db.dataSource, publicTagPage, { propertyId, ...query });
  }
}
