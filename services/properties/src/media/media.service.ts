import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  isUuid,
  type Logger,
  LOGGER,
  type Page,
  pageOf,
  uuidv7,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import type { PropertiesConfig } from '../config';
import { Storage } from '../storage/storage';
import type { ContentKind } from '../uploads/content-types';
import type { FileRow } from '../uploads/files';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import { requireExternalVideoLink } from './links';
import { propertyOf } from '../properties/property-scope';

export const MEDIA_KINDS = ['photo', 'video', 'floorplan', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_SOURCES = ['uploaded', 'external'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** What each kind of media may be, by content (never by name). */
export const ACCEPTS: Record<MediaKind, readonly ContentKind[]> = {
  photo: ['image'],
  video: ['video'],
  floorplan: ['image', 'pdf'],
  document: ['pdf'],
};

export const NOT_FOUND: Record<MediaKind, string> = {
  photo: 'Photo not found',
  video: 'Video not found',
  floorplan: 'Floorplan not found',
  document: 'Document not found',
};

/** One photo, video, floorplan or document of a property, as clients see it. */
export interface MediaItem {
  id: string;
  kind: MediaKind;
  source: MediaSource;
  /** A floorplan's or video's title; a document's file name. */
  name: string | null;
  position: number;
  /** The file (presigned, for a while) or the external video's link. */
  url: string;
  thumbnailUrl: string | null;
  fileId: string | null;
  filename: string | null;
  contentType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  square: boolean | null;
  createdAt: string;
}

/** The file's columns, joined: none for a link to a video elsewhere. */
type JoinedFile = {
  [
    Column in
      'storageKey' | 'filename' | 'contentType' | 'size' | 'width' | 'height' | 'square' | 'thumbnailKey'
  ]: FileRow[Column] | null;
};

interface MediaRow extends JoinedFile {
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

/** New media from temporary uploads: which uploads, and optionally a name for each. */
export interface NewUploads {
  uploadIds: string[];
  names?: Array<string | undefined>;
}

/**
 * A property's photos, videos, floorplans and documents: added from uploads (attached once, checked by
 * content for their kind), listed in the order added, renamed, removed (their files go with the next sweep).
 * Every query is scoped to the caller's provider and the property; another provider's ids are a 404.
 */
@Injectable()
export class MediaService {
  private readonly ownDomains: string[];

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly uploads: UploadsService,
    private readonly sweeper: UploadsSweeper,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ownDomains = config.OWN_DOMAINS.split(',').map((domain) => domain.trim().toLowerCase());
  }

  async list(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    source?: MediaSource,
  ): Promise<MediaItem[]> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    const rows = (await tx.query(
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3
         AND ($4::text IS NULL OR m.source = $4) ${MEDIA_ORDER}`,
      [providerId, propertyId, kind, source ?? null],
    )) as MediaRow[];
    return Promise.all(rows.map((row) => this.item(row)));
  }

  /** Newest first, paged (documents: 001 §7, page size 10 by default). */
  async page(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    query: { page: number; pageSize: number; offset: number },
  ): Promise<Page<MediaItem>> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    const [rows, [{ total }]] = await Promise.all([
      tx.query(
        `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3
          ORDER BY m.position DESC, m.id DESC LIMIT $4 OFFSET $5`,
        [providerId, propertyId, kind, query.pageSize, query.offset],
      ) as Promise<MediaRow[]>,
      tx.query(
        'SELECT count(*)::int AS total FROM property_media WHERE provider_id = $1 AND property_id = $2 AND kind = $3',
        [providerId, propertyId, kind],
      ) as Promise<Array<{ total: number }>>,
    ]);
    return pageOf(await Promise.all(rows.map((row) => this.item(row))), total, query);
  }

  async get(providerId: string, propertyId: string, kind: MediaKind, id: string): Promise<MediaItem> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    return this.item(await this.row(tx, providerId, propertyId, kind, id));
  }

  /** Photos, floorplans, videos (or documents) from the provider's temporary uploads, in the order given. */
  async addUploads(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    input: NewUploads,
    field: string,
  ): Promise<MediaItem[]> {
    await propertyOf(this.db.dataSource.manager, providerId, propertyId);
    const accept = ACCEPTS[kind];
    await this.uploads.checkDirect(providerId, input.uploadIds, accept, field);
    const ids = await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      const files = await this.uploads.attach(tx, providerId, input.uploadIds, accept, field);
      const names = files.map(
        (file) => input.names?.[input.uploadIds.indexOf(file.id)] ?? defaultName(kind, file),
      );
      return this.insert(tx, providerId, propertyId, kind, files, names);
    });
    return this.byIds(providerId, propertyId, ids);
  }

  /** POST documents (multipart `document[file]`): a PDF, checked by its bytes, stored and listed at once. */
  async addDocument(providerId: string, propertyId: string, raw: IncomingMessage): Promise<MediaItem> {
    await propertyOf(this.db.dataSource.manager, providerId, propertyId);
    const file = await this.uploads.receive(providerId, raw, 'document[file]', ACCEPTS.document);
    let ids: string[];
    try {
      ids = await this.db.transaction(async (tx) => {
        await propertyOf(tx, providerId, propertyId, true);
        await this.uploads.insert(tx, file, true);
        return this.insert(tx, providerId, propertyId, 'document', [file], [file.filename]);
      });
    } catch (error) {
      await this.uploads.abandon([file.storageKey, file.thumbnailKey]);
      throw error;
    }
    const [item] = await this.byIds(providerId, propertyId, ids);
    return item!;
  }

  /** A video hosted elsewhere (YouTube, Vimeo...), by its link; never one on the product's own domains. */
  async addExternalVideo(
    providerId: string,
    propertyId: string,
    link: string,
    title: string | undefined,
  ): Promise<MediaItem> {
    const url = requireExternalVideoLink(link, 'propertyVideo.url', this.ownDomains);
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      await tx.query(
        `INSERT INTO property_media (id, provider_id, property_id, kind, source, url, name, position)
         VALUES ($1, $2, $3, 'video', 'external', $4, $5,
                 (SELECT COALESCE(max(position), 0) + 1 FROM property_media WHERE property_id = $3 AND kind = 'video'))`,
        [id, providerId, propertyId, url, title ?? null],
      );
      await this.events.publish(
        'properties.media.added.v1',
        { providerId, propertyId, kind: 'video', mediaIds: [id] },
        tx,
      );
    });
    return this.get(providerId, propertyId, 'video', id);
  }

  /** A floorplan's name or place in the list. */
  async update(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    id: string,
    changes: { name?: string | null; position?: number },
  ): Promise<MediaItem> {
    await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      await this.row(tx, providerId, propertyId, kind, id);
      await tx.query(
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
    });
    return this.get(providerId, propertyId, kind, id);
  }

  /**
   * Removes media of one kind; their files are discarded and leave storage with the sweep that follows.
   * `strict`: every id must be one of the property's (a single DELETE by id), else 404.
   */
  async remove(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    ids: string[],
    strict: boolean,
  ): Promise<{ ids: string[] }> {
    const wanted = ids.filter(isUuid);
    if (strict && wanted.length !== ids.length) throw ApiError.notFound(NOT_FOUND[kind]);
    const removed = await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      const rows = (await tx.query(
        `DELETE FROM property_media WHERE provider_id = $1 AND property_id = $2 AND kind = $3 AND id = ANY($4::uuid[])
         RETURNING id, file_id AS "fileId"`,
        [providerId, propertyId, kind, wanted],
      )) as unknown as [Array<{ id: string; fileId: string | null }>, number];
      const deleted = rows[0];
      if (strict && deleted.length !== new Set(wanted).size) throw ApiError.notFound(NOT_FOUND[kind]);
      await this.uploads.discard(
        deleted.map((row) => row.fileId).filter((fileId): fileId is string => !!fileId),
        tx,
      );
      return deleted.map((row) => row.id);
    });
    if (removed.length > 0) void this.sweeper.sweepNow();
    return { ids: removed };
  }

  /**
   * The property's documents as one zip, streamed: each document is read from storage only when the
   * archive reaches it, so the download never holds more than one file's buffers in memory.
   */
  async documentsZip(
    providerId: string,
    propertyId: string,
  ): Promise<{ filename: string; stream: Readable }> {
    const tx = this.db.dataSource.manager;
    const property = await propertyOf(tx, providerId, propertyId);
    const rows = (await tx.query(
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = 'document' ${MEDIA_ORDER}`,
      [providerId, propertyId],
    )) as MediaRow[];
    // PDFs are compressed already: stored, not deflated again.
    const archive = archiver('zip', { store: true });
    const output = new PassThrough();
    archive.on('error', (error) => output.destroy(error));
    archive.pipe(output);
    const names = new UniqueNames();
    void (async () => {
      for (const row of rows) {
        const body = await this.storage.read(row.storageKey!);
        if (!body) {
          this.logger.warn({ documentId: row.id }, 'a document is missing from storage; left out of the zip');
          continue;
        }
        const added = new Promise((resolve) => archive.once('entry', resolve));
        archive.append(body, { name: names.take(row.filename ?? 'document.pdf'), date: row.createdAt });
        await added;
      }
      await archive.finalize();
    })().catch((error: unknown) => {
      this.logger.warn({ err: error, propertyId }, 'documents zip cut short');
      archive.abort();
      output.destroy(error as Error);
    });
    return { filename: `${property.slug}-documents.zip`, stream: output };
  }

  private async insert(
    tx: EntityManager,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    files: FileRow[],
    names: Array<string | null>,
  ): Promise<string[]> {
    const ids = files.map(() => uuidv7());
    await tx.query(
      `INSERT INTO property_media (id, provider_id, property_id, kind, source, file_id, name, position)
       SELECT id, $1, $2, $3, 'uploaded', file_id, name, start.position + n
         FROM unnest($4::uuid[], $5::uuid[], $6::text[]) WITH ORDINALITY AS given(id, file_id, name, n),
              (SELECT COALESCE(max(position), 0) AS position FROM property_media
                WHERE property_id = $2 AND kind = $3) AS start`,
      [providerId, propertyId, kind, ids, files.map((file) => file.id), names],
    );
    await this.events.publish(
      'properties.media.added.v1',
      { providerId, propertyId, kind, mediaIds: ids },
      tx,
    );
    return ids;
  }

  private async byIds(providerId: string, propertyId: string, ids: string[]): Promise<MediaItem[]> {
    const rows = (await this.db.dataSource.query(
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.id = ANY($3::uuid[]) ${MEDIA_ORDER}`,
      [providerId, propertyId, ids],
    )) as MediaRow[];
    return Promise.all(rows.map((row) => this.item(row)));
  }

  private async row(
    tx: EntityManager,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    id: string,
  ): Promise<MediaRow> {
    if (!isUuid(id)) throw ApiError.notFound(NOT_FOUND[kind]);
    const [row] = (await tx.query(
      `${MEDIA_SELECT} WHERE m.provider_id = $1 AND m.property_id = $2 AND m.kind = $3 AND m.id = $4`,
      [providerId, propertyId, kind, id],
    )) as MediaRow[];
    if (!row) throw ApiError.notFound(NOT_FOUND[kind]);
    return row;
  }

  async item(row: MediaRow): Promise<MediaItem> {
    return {
      id: row.id,
      kind: row.kind,
      source: row.source,
      name: row.name,
      position: row.position,
      url: row.storageKey
        ? await this.storage.readUrl(row.storageKey, row.filename ?? undefined, row.contentType ?? undefined)
        : (row.externalUrl ?? ''),
      thumbnailUrl: row.thumbnailKey
        ? await this.storage.readUrl(row.thumbnailKey, undefined, 'image/jpeg')
        : null,
      fileId: row.fileId,
      filename: row.filename,
      contentType: row.contentType,
      size: row.size,
      width: row.width,
      height: row.height,
      square: row.square,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

function defaultName(kind: MediaKind, file: FileRow): string | null {
  if (kind === 'photo') return null;
  if (kind === 'document') return file.filename;
  return file.filename.replace(/\.[^.]+$/, '') || file.filename;
}

/** File names within one zip: a second 'plan.pdf' becomes 'plan (2).pdf'. */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
