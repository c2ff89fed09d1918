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
import type { MediaKind, MediaSource } from './media.rules';
import type {
  ICountMediaQuery,
  ICountOwnMediaQuery,
  IDeleteMediaQuery,
  IFindMediumQuery,
  IFindMediumResult,
  IInsertExternalVideoQuery,
  IInsertMediaFromOrderQuery,
  IInsertUploadedMediaQuery,
  IListMediaQuery,
  IMediaByIdsQuery,
  IMediaFromOrderFilesQuery,
  INewestMediaQuery,
  IReplaceLinePlanQuery,
  IReplacePhotoFileQuery,
  IReplaceRetouchedCopyQuery,
  IRestoreOriginalPhotoQuery,
  IUpdateMediumQuery,
} from './property-media.repository.types';

/** What the schema keeps to unions with CHECKs. */
type Known = { kind: MediaKind; source: MediaSource };

/**
 * A photo, video, floorplan or document of a property, with its file's columns (LEFT JOINed, `"fileId?"`: none for
 * a link to a video elsewhere).
 */
export type MediaRow = Narrowed<IFindMediumResult, Known>;

/**
 * pgtyped types an array parameter's elements as never null; PostgreSQL takes nulls in it (a medium without a name,
 * a floorplan that retouches no photo).
 */
type NullableElements<Q extends { params: object; result: unknown }, K extends keyof Q['params']> = {
  params: Omit<Q['params'], K> & { [P in K]: Array<string | null> };
  result: Q['result'];
};

const listMedia = sql<Narrow<IListMediaQuery, Known>>`
  SELECT m.id, m.kind, m.source, m.name, m.position, m.url AS "externalUrl", m.created_at AS "createdAt",
    f.id AS "fileId?", f.storage_key AS "storageKey?", f.filename AS "filename?", f.content_type AS "contentType",
    f.size::float8 AS size, f.width, f.height, f.square, f.thumbnail_key AS "thumbnailKey",
    m.original_file_id IS NOT NULL AS "retouched!"
  FROM property_media m LEFT JOIN files f ON f.id = m.file_id
  WHERE m.provider_id = $providerId! AND m.property_id = $propertyId! AND m.kind = $kind!
    AND ($source::text IS NULL OR m.source = $source)
  ORDER BY m.position, m.id`;

const newestMedia = sql<Narrow<INewestMediaQuery, Known>>`
  SELECT m.id, m.kind, m.source, m.name, m.position, m.url AS "externalUrl", m.created_at AS "createdAt",
    f.id AS "fileId?", f.storage_key AS "storageKey?", f.filename AS "filename?", f.content_type AS "contentType",
    f.size::float8 AS size, f.width, f.height, f.square, f.thumbnail_key AS "thumbnailKey",
    m.original_file_id IS NOT NULL AS "retouched!"
  FROM property_media m LEFT JOIN files f ON f.id = m.file_id
  WHERE m.provider_id = $providerId! AND m.property_id = $propertyId! AND m.kind = $kind!
  ORDER BY m.position DESC, m.id DESC LIMIT $limit! OFFSET $offset!`;

const countMedia = sql<ICountMediaQuery>`
  SELECT count(*)::int AS "total!" FROM property_media
   WHERE provider_id = $providerId! AND property_id = $propertyId! AND kind = $kind!`;

const findMedium = sql<Narrow<IFindMediumQuery, Known>>`
  SELECT m.id, m.kind, m.source, m.name, m.position, m.url AS "externalUrl", m.created_at AS "createdAt",
    f.id AS "fileId?", f.storage_key AS "storageKey?", f.filename AS "filename?", f.content_type AS "contentType",
    f.size::float8 AS size, f.width, f.height, f.square, f.thumbnail_key AS "thumbnailKey",
    m.original_file_id IS NOT NULL AS "retouched!"
  FROM property_media m LEFT JOIN files f ON f.id = m.file_id
  WHERE m.provider_id = $providerId! AND m.property_id = $propertyId! AND m.kind = $kind! AND m.id = $id!`;

const mediaByIds = sql<Narrow<IMediaByIdsQuery, Known>>`
  SELECT m.id, m.kind, m.source, m.name, m.position, m.url AS "externalUrl", m.created_at AS "createdAt",
    f.id AS "fileId?", f.storage_key AS "storageKey?", f.filename AS "filename?", f.content_type AS "contentType",
    f.size::float8 AS size, f.width, f.height, f.square, f.thumbnail_key AS "thumbnailKey",
    m.original_file_id IS NOT NULL AS "retouched!"
  FROM property_media m LEFT JOIN files f ON f.id = m.file_id
  WHERE m.provider_id = $providerId! AND m.property_id = $propertyId! AND m.id = ANY($ids!::uuid[])
  ORDER BY m.position, m.id`;

const insertUploadedMedia = sql<NullableElements<IInsertUploadedMediaQuery, 'names'>>`
  INSERT INTO property_media (id, provider_id, property_id, kind, source, file_id, name, position)
  SELECT id, $providerId!, $propertyId!, $kind!, 'uploaded', file_id, name, start.position + n
    FROM unnest($ids!::uuid[], $fileIds!::uuid[], $names!::text[]) WITH ORDINALITY AS given(id, file_id, name, n),
         (SELECT COALESCE(max(position), 0) AS position FROM property_media
           WHERE property_id = $propertyId! AND kind = $kind!) AS start`;

const mediaFromOrderFiles = sql<IMediaFromOrderFilesQuery>`
  SELECT source_order_file_id AS "orderFileId!" FROM property_media
   WHERE source_order_file_id = ANY($orderFileIds!::uuid[])`;

// An uploaded medium has a file (property_media_source_ck): "fileId!".
const insertMediaFromOrder = sql<NullableElements<IInsertMediaFromOrderQuery, 'names' | 'retouchedPhotoIds'>>`
  INSERT INTO property_media (id, provider_id, property_id, kind, source, file_id, name, position,
    source_order_file_id, retouched_photo_id, first_order_id)
  SELECT id, $providerId!, $propertyId!, $kind!, 'uploaded', file_id, name, start.position + n, order_file_id,
         retouched_photo_id, $firstOrderId::uuid
    FROM unnest($ids!::uuid[], $fileIds!::uuid[], $names!::text[], $orderFileIds!::uuid[],
                $retouchedPhotoIds!::uuid[])
           WITH ORDINALITY AS given(id, file_id, name, order_file_id, retouched_photo_id, n),
         (SELECT COALESCE(max(position), 0) AS position FROM property_media
           WHERE property_id = $propertyId! AND kind = $kind!) AS start
  ON CONFLICT (source_order_file_id) DO NOTHING
  RETURNING id, file_id AS "fileId!"`;

// The retouched copy of a photo its line delivered before, beside the photo: the amendment's file in its place, its
// name and position kept ("supersededFileId": the file it no longer uses).
const replaceRetouchedCopy = sql<IReplaceRetouchedCopyQuery>`
  WITH copy AS (
    SELECT id, file_id FROM property_media
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND kind = 'photo'
       AND first_order_id = $firstOrderId! AND retouched_photo_id = $photoId!
     ORDER BY position DESC, id DESC LIMIT 1
     FOR UPDATE)
  UPDATE property_media m SET file_id = $fileId!, source_order_file_id = $orderFileId!
    FROM copy WHERE m.id = copy.id
  RETURNING m.id, copy.file_id AS "supersededFileId!"`;

// The plan of the same file name (any case) its line delivered before: the amendment's file in its place, its name
// and position kept ("supersededFileId": the file it no longer uses).
const replaceLinePlan = sql<IReplaceLinePlanQuery>`
  WITH plan AS (
    SELECT m.id, m.file_id FROM property_media m JOIN files f ON f.id = m.file_id
     WHERE m.provider_id = $providerId! AND m.property_id = $propertyId! AND m.kind = 'floorplan'
       AND m.first_order_id = $firstOrderId! AND lower(f.filename) = lower($filename!)
     ORDER BY m.position DESC, m.id DESC LIMIT 1
     FOR UPDATE OF m)
  UPDATE property_media m SET file_id = $fileId!, source_order_file_id = $orderFileId!
    FROM plan WHERE m.id = plan.id
  RETURNING m.id, plan.file_id AS "supersededFileId!"`;

// A photo retouched again loses its earlier retouched file ("supersededFileId"); its first original stays.
const replacePhotoFile = sql<IReplacePhotoFileQuery>`
  WITH photo AS (
    SELECT id, file_id, original_file_id FROM property_media
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND kind = 'photo' AND id = $id!
     FOR UPDATE)
  UPDATE property_media m
     SET original_file_id = COALESCE(photo.original_file_id, photo.file_id), file_id = $fileId!,
         source_order_file_id = $orderFileId!
    FROM photo WHERE m.id = photo.id
  RETURNING m.id, CASE WHEN photo.original_file_id IS NULL THEN NULL ELSE photo.file_id END AS "supersededFileId"`;

// The retouched file it leaves ("retouchedFileId"); none when the photo has no original (never retouched in place).
// `source_order_file_id` stays: the order's file was applied once, and an event announcing it again adds nothing.
const restoreOriginalPhoto = sql<IRestoreOriginalPhotoQuery>`
  WITH photo AS (
    SELECT id, file_id FROM property_media
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND kind = 'photo' AND id = $id!
       AND original_file_id IS NOT NULL
     FOR UPDATE)
  UPDATE property_media m SET file_id = m.original_file_id, original_file_id = NULL
    FROM photo WHERE m.id = photo.id
  RETURNING photo.file_id AS "retouchedFileId!"`;

const insertExternalVideo = sql<IInsertExternalVideoQuery>`
  INSERT INTO property_media (id, provider_id, property_id, kind, source, url, name, position)
  VALUES ($id!, $providerId!, $propertyId!, 'video', 'external', $url!, $title,
          (SELECT COALESCE(max(position), 0) + 1 FROM property_media
            WHERE property_id = $propertyId! AND kind = 'video'))`;

const updateMedium = sql<IUpdateMediumQuery>`
  UPDATE property_media SET name = CASE WHEN $renamed! THEN $name ELSE name END,
    position = COALESCE($position, position)
  WHERE provider_id = $providerId! AND property_id = $propertyId! AND id = $id!`;

const deleteMedia = sql<IDeleteMediaQuery>`
  DELETE FROM property_media
   WHERE provider_id = $providerId! AND property_id = $propertyId! AND kind = $kind! AND id = ANY($ids!::uuid[])
  RETURNING id, file_id AS "fileId", original_file_id AS "originalFileId"`;

const countOwnMedia = sql<ICountOwnMediaQuery>`
  SELECT count(*)::int AS "count!" FROM property_media
   WHERE property_id = $propertyId! AND kind = $kind! AND id = ANY($ids!::uuid[])`;

/** The `property_media` table (with each medium's file): every query scoped to the provider and the property. */
@Injectable()
export class PropertyMediaRepository {
  constructor(private readonly db: Database) {}

  /** The property's media of a kind (and source, if given), in their order. */
  list(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    source: MediaSource | null = null,
  ): Promise<MediaRow[]> {
    return queryRows(tx, listMedia, { providerId, propertyId, kind, source });
  }

  /** A page of the property's media of a kind, newest first. */
  newestFirst(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    limit: number,
    offset: number,
  ): Promise<MediaRow[]> {
    return queryRows(tx, newestMedia, { providerId, propertyId, kind, limit, offset });
  }

  async count(tx: Queryable, providerId: string, propertyId: string, kind: MediaKind): Promise<number> {
    const row = await queryOne(tx, countMedia, { providerId, propertyId, kind });
    return row?.total ?? 0;
  }

  find(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    id: string,
  ): Promise<MediaRow | undefined> {
    return queryOne(tx, findMedium, { providerId, propertyId, kind, id });
  }

  /** The property's media among `ids`, in their order. */
  byIds(providerId: string, propertyId: string, ids: string[]): Promise<MediaRow[]> {
    return queryRows(this.db.dataSource, mediaByIds, { providerId, propertyId, ids });
  }

  /** Media for uploaded files, after the property's last of that kind, in the order given. */
  async insertUploaded(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    media: Array<{ id: string; fileId: string; name: string | null }>,
  ): Promise<void> {
    await queryRows(tx, insertUploadedMedia, {
      providerId,
      propertyId,
      kind,
      ids: media.map((medium) => medium.id),
      fileIds: media.map((medium) => medium.fileId),
      names: media.map((medium) => medium.name),
    });
  }

  /** Which of an order's files (by the order's file id) are some property's floorplan already. */
  async fromOrderFiles(tx: Queryable, orderFileIds: string[]): Promise<string[]> {
    const found = await queryRows(tx, mediaFromOrderFiles, { orderFileIds });
    return found.map((row) => row.orderFileId);
  }

  /**
   * Floorplans (or retouched photos) made from an order's files, after the property's last one of the kind, in the
   * order given, each naming the first order of its line (`firstOrderId`), a retouched photo its original too. An
   * order file that is a medium already is left out (its unique `source_order_file_id`): those inserted, with their files.
   */
  insertFromOrder(
    tx: Queryable,
    medium: { providerId: string; propertyId: string; kind: Extract<MediaKind, 'floorplan' | 'photo'> },
    firstOrderId: string | null,
    media: Array<{
      id: string;
      fileId: string;
      orderFileId: string;
      name: string | null;
      retouchedPhotoId: string | null;
    }>,
  ): Promise<Array<{ id: string; fileId: string }>> {
    return queryRows(tx, insertMediaFromOrder, {
      ...medium,
      firstOrderId,
      ids: media.map((added) => added.id),
      fileIds: media.map((added) => added.fileId),
      names: media.map((added) => added.name),
      orderFileIds: media.map((added) => added.orderFileId),
      retouchedPhotoIds: media.map((added) => added.retouchedPhotoId),
    });
  }

  /**
   * An amendment's retouched photo in place of the copy its line delivered before beside the photo: undefined when
   * there is none (never delivered beside, or deleted since); else the copy's id and the file it no longer uses.
   */
  replaceRetouchedCopy(
    tx: Queryable,
    copy: { providerId: string; propertyId: string; firstOrderId: string; photoId: string },
    fileId: string,
    orderFileId: string,
  ): Promise<{ id: string; supersededFileId: string } | undefined> {
    return queryOne(tx, replaceRetouchedCopy, { ...copy, fileId, orderFileId });
  }

  /**
   * An amendment's plan in place of the plan of the same file name its line delivered before: undefined when there is
   * none (another name, or deleted since); else the plan's id and the file it no longer uses.
   */
  replaceLinePlan(
    tx: Queryable,
    plan: { providerId: string; propertyId: string; firstOrderId: string; filename: string },
    fileId: string,
    orderFileId: string,
  ): Promise<{ id: string; supersededFileId: string } | undefined> {
    return queryOne(tx, replaceLinePlan, { ...plan, fileId, orderFileId });
  }

  /**
   * The photo's file replaced by a retouched one from an order's file, the photo keeping its first original file:
   * undefined when the photo is gone; else the earlier retouched file it no longer uses (null the first time).
   */
  async replacePhotoFile(
    tx: Queryable,
    photo: { providerId: string; propertyId: string; id: string },
    fileId: string,
    orderFileId: string,
  ): Promise<{ supersededFileId: string | null } | undefined> {
    return queryOne(tx, replacePhotoFile, { ...photo, fileId, orderFileId });
  }

  /**
   * A photo retouched in place shows its original again: the retouched file it no longer uses, or undefined when the
   * photo has no original.
   */
  async restoreOriginal(
    tx: Queryable,
    photo: { providerId: string; propertyId: string; id: string },
  ): Promise<string | undefined> {
    return (await queryOne(tx, restoreOriginalPhoto, photo))?.retouchedFileId;
  }

  /** A video hosted elsewhere, after the property's last video. */
  async insertExternalVideo(
    tx: Queryable,
    video: { id: string; providerId: string; propertyId: string; url: string; title: string | null },
  ): Promise<void> {
    await queryRows(tx, insertExternalVideo, video);
  }

  /** `name: undefined` keeps the name; `position: undefined` keeps the place. */
  async update(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    id: string,
    changes: { name?: string | null; position?: number },
  ): Promise<void> {
    await queryAffected(tx, updateMedium, {
      providerId,
      propertyId,
      id,
      renamed: changes.name !== undefined,
      name: changes.name ?? null,
      position: changes.position ?? null,
    });
  }

  /** Deletes the property's media of a kind among `ids`: those deleted, with their files. */
  delete(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    ids: string[],
  ): Promise<Array<{ id: string; fileId: string | null; originalFileId: string | null }>> {
    return queryRows(tx, deleteMedia, { providerId, propertyId, kind, ids });
  }

  /** How many of `ids` are the property's media of that kind. */
  async countOwn(tx: Queryable, propertyId: string, kind: MediaKind, ids: string[]): Promise<number> {
    const row = await queryOne(tx, countOwnMedia, { propertyId, kind, ids });
    return row?.count ?? 0;
  }
}
