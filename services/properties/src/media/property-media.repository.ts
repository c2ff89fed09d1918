import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { FileRow } from '../uploads/files';
import type { MediaKind, MediaSource } from './media.rules';

/** The file's columns, joined: none for a link to a video elsewhere. */
type JoinedFile = {
  [
    Column in
      'storageKey' | 'filename' | 'contentType' | 'size' | 'width' | 'height' | 'square' | 'thumbnailKey'
  ]: FileRow[Column] | null;
};

/** A photo, video, floorplan or document of a property, with its file. */
export interface MediaRow extends JoinedFile {
  id: string;
  kind: MediaKind;
  source: MediaSource;
  name: string | null;
  position: number;
  externalUrl: string | null;
  createdAt: Date;
  fileId: string | null;
}

const MEDIA_SELECT = `SELECT m.id, m.kind, m.source, m.name, m.position, m.url AS "externalUrl",
    m.created_at AS "createdAt", f.id AS "fileId", f.storage_key AS "storageKey", f.filename,
    f.content_type AS "contentType", f.size::float8 AS size, f.width, f.height, f.square,
    f.thumbnail_key AS "thumbnailKey"
  FROM property_media m LEFT JOIN files f ON f.id = m.file_id`;
const MEDIA_ORDER = 'ORDER BY m.position, m.id';

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
    return rows<MediaRow>(
      tx,
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3
         AND ($4::text IS NULL OR m.source = $4) ${MEDIA_ORDER}`,
      [providerId, propertyId, kind, source],
    );
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
    return rows<MediaRow>(
      tx,
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3
          ORDER BY m.position DESC, m.id DESC LIMIT $4 OFFSET $5`,
      [providerId, propertyId, kind, limit, offset],
    );
  }

  async count(tx: Queryable, providerId: string, propertyId: string, kind: MediaKind): Promise<number> {
    const row = await one<{ total: number }>(
      tx,
      'SELECT count(*)::int AS total FROM property_media WHERE provider_id = $1 AND property_id = $2 AND kind = $3',
      [providerId, propertyId, kind],
    );
    return row?.total ?? 0;
  }

  find(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    id: string,
  ): Promise<MediaRow | undefined> {
    return one<MediaRow>(
      tx,
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3 AND m.id = $4`,
      [providerId, propertyId, kind, id],
    );
  }

  /** The property's media among `ids`, in their order. */
  byIds(providerId: string, propertyId: string, ids: string[]): Promise<MediaRow[]> {
    return rows<MediaRow>(
      this.db.dataSource,
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.id = ANY($3::uuid[]) ${MEDIA_ORDER}`,
      [providerId, propertyId, ids],
    );
  }

  /** Media for uploaded files, after the property's last of that kind, in the order given. */
  async insertUploaded(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    media: Array<{ id: string; fileId: string; name: string | null }>,
  ): Promise<void> {
    await rows(
      tx,
      `INSERT INTO property_media (id, provider_id, property_id, kind, source, file_id, name, position)
       SELECT id, $1, $2, $3, 'uploaded', file_id, name, start.position + n
         FROM unnest($4::uuid[], $5::uuid[], $6::text[]) WITH ORDINALITY AS given(id, file_id, name, n),
              (SELECT COALESCE(max(position), 0) AS position FROM property_media
                WHERE property_id = $2 AND kind = $3) AS start`,
      [
        providerId,
        propertyId,
        kind,
        media.map((medium) => medium.id),
        media.map((medium) => medium.fileId),
        media.map((medium) => medium.name),
      ],
    );
  }

  /** Which of an order's files (by the order's file id) are some property's floorplan already. */
  async fromOrderFiles(tx: Queryable, orderFileIds: string[]): Promise<string[]> {
    const found = await rows<{ orderFileId: string }>(
      tx,
      `SELECT source_order_file_id AS "orderFileId" FROM property_media
        WHERE source_order_file_id = ANY($1::uuid[])`,
      [orderFileIds],
    );
    return found.map((row) => row.orderFileId);
  }

  /**
   * Floorplans made from an order's files, after the property's last floorplan, in the order given. An order file
   * that is a floorplan already is left out (its unique `source_order_file_id`): those inserted, with their files.
   */
  insertFromOrder(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    media: Array<{ id: string; fileId: string; orderFileId: string; name: string | null }>,
  ): Promise<Array<{ id: string; fileId: string }>> {
    return rows<{ id: string; fileId: string }>(
      tx,
      `INSERT INTO property_media
         (id, provider_id, property_id, kind, source, file_id, name, position, source_order_file_id)
       SELECT id, $1, $2, 'floorplan', 'uploaded', file_id, name, start.position + n, order_file_id
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::uuid[])
                WITH ORDINALITY AS given(id, file_id, name, order_file_id, n),
              (SELECT COALESCE(max(position), 0) AS position FROM property_media
                WHERE property_id = $2 AND kind = 'floorplan') AS start
       ON CONFLICT (source_order_file_id) DO NOTHING
       RETURNING id, file_id AS "fileId"`,
      [
        providerId,
        propertyId,
        media.map((medium) => medium.id),
        media.map((medium) => medium.fileId),
        media.map((medium) => medium.name),
        media.map((medium) => medium.orderFileId),
      ],
    );
  }

  /** A video hosted elsewhere, after the property's last video. */
  async insertExternalVideo(
    tx: Queryable,
    video: { id: string; providerId: string; propertyId: string; url: string; title: string | null },
  ): Promise<void> {
    await rows(
      tx,
      `INSERT INTO property_media (id, provider_id, property_id, kind, source, url, name, position)
         VALUES ($1, $2, $3, 'video', 'external', $4, $5,
                 (SELECT COALESCE(max(position), 0) + 1 FROM property_media WHERE property_id = $3 AND kind = 'video'))`,
      [video.id, video.providerId, video.propertyId, video.url, video.title],
    );
  }

  /** `name: undefined` keeps the name; `position: undefined` keeps the place. */
  async update(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    id: string,
    changes: { name?: string | null; position?: number },
  ): Promise<void> {
    await affected(
      tx,
      `UPDATE property_media SET name = CASE WHEN $4 THEN $5 ELSE name END, position = COALESCE($6, position)
          WHERE provider_id = $1 AND property_id = $2 AND id = $3`,
      [
        providerId,
        propertyId,
        id,
        changes.name !== undefined,
        changes.name ?? null,
        changes.position ?? null,
      ],
    );
  }

  /** Deletes the property's media of a kind among `ids`: those deleted, with their files. */
  delete(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    ids: string[],
  ): Promise<Array<{ id: string; fileId: string | null }>> {
    return rows<{ id: string; fileId: string | null }>(
      tx,
      `DELETE FROM property_media WHERE provider_id = $1 AND property_id = $2 AND kind = $3 AND id = ANY($4::uuid[])
         RETURNING id, file_id AS "fileId"`,
      [providerId, propertyId, kind, ids],
    );
  }

  /** How many of `ids` are the property's media of that kind. */
  async countOwn(tx: Queryable, propertyId: string, kind: MediaKind, ids: string[]): Promise<number> {
    const row = await one<{ count: number }>(
      tx,
      'SELECT count(*)::int AS count FROM property_media WHERE property_id = $1 AND kind = $2 AND id = ANY($3::uuid[])',
      [propertyId, kind, ids],
    );
    return row?.count ?? 0;
  }
}
