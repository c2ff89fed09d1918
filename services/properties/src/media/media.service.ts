import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type DeliveredFileV1, type OrderFinalisedV1, type PhotoForOrder } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  isUuid,
  LOGGER,
  pageOf,
  uuidv7,
  type Logger,
  type Page,
  type Queryable,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type { EntityManager } from 'typeorm';
import type { PropertiesConfig } from '../config';
import { kindOf, type FileRow } from '../uploads/files';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import { PropertyScope } from '../properties/property-scope';
import { requireExternalVideoLink } from './links';
import {
  ACCEPTS,
  asDocument,
  defaultName,
  NO_ORIGINAL,
  NOT_FOUND,
  UniqueNames,
  type MediaKind,
  type MediaSource,
} from './media.rules';
import { PropertyMediaRepository, type MediaRow } from './property-media.repository';

export {
  ACCEPTS,
  MEDIA_KINDS,
  MEDIA_SOURCES,
  NOT_FOUND,
  type MediaKind,
  type MediaSource,
} from './media.rules';

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
  /** A photo retouched in place: its original is kept, and can be restored. */
  retouched: boolean;
  createdAt: string;
}

/** A document: a media item with its MIME type by the spec's name (001 §3). */
export type DocumentItem = MediaItem & { mimeType: string | null };

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
    private readonly media: PropertyMediaRepository,
    private readonly scope: PropertyScope,
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
    const tx = this.db.dataSource;
    await this.scope.of(tx, providerId, propertyId);
    const rows = await this.media.list(tx, providerId, propertyId, kind, source ?? null);
    return Promise.all(rows.map((row) => this.item(row)));
  }

  /** Newest first, paged (documents: 001 §7, page size 10 by default). */
  async page(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    query: { page: number; pageSize: number; offset: number },
  ): Promise<Page<MediaItem>> {
    const tx = this.db.dataSource;
    await this.scope.of(tx, providerId, propertyId);
    const [rows, total] = await Promise.all([
      this.media.newestFirst(tx, providerId, propertyId, kind, query.pageSize, query.offset),
      this.media.count(tx, providerId, propertyId, kind),
    ]);
    return pageOf(await Promise.all(rows.map((row) => this.item(row))), total, query);
  }

  /** The property's documents, newest first, paged (001 §7: 10 a page by default). */
  async documents(
    providerId: string,
    propertyId: string,
    query: { page: number; pageSize: number; offset: number },
  ): Promise<Page<DocumentItem>> {
    const page = await this.page(providerId, propertyId, 'document', query);
    return { ...page, items: page.items.map(asDocument) };
  }

  async get(providerId: string, propertyId: string, kind: MediaKind, id: string): Promise<MediaItem> {
    const tx = this.db.dataSource;
    await this.scope.of(tx, providerId, propertyId);
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
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    const accept = ACCEPTS[kind];
    await this.uploads.checkDirect(providerId, input.uploadIds, accept, field);
    const ids = await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      const files = await this.uploads.attach(tx, providerId, input.uploadIds, accept, field);
      const names = files.map(
        (file) => input.names?.[input.uploadIds.indexOf(file.id)] ?? defaultName(kind, file.filename),
      );
      return this.insert(tx, providerId, propertyId, kind, files, names);
    });
    return this.byIds(providerId, propertyId, ids);
  }

  /** One photo or video from a temporary upload (`name`: a video's title). */
  async addUpload(
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    upload: { uploadId: string; name?: string },
    field: string,
  ): Promise<MediaItem> {
    const [item] = await this.addUploads(
      providerId,
      propertyId,
      kind,
      { uploadIds: [upload.uploadId], ...(kind === 'photo' ? {} : { names: [upload.name] }) },
      field,
    );
    return item!;
  }

  /** A video: an uploaded file, or a link to one hosted elsewhere, never both. */
  addVideo(
    providerId: string,
    propertyId: string,
    video: { temporaryUploadId?: string; url?: string; title?: string },
  ): Promise<MediaItem> {
    const { temporaryUploadId, url, title } = video;
    if (temporaryUploadId && url) {
      throw ApiError.base(422, 'Send either an uploaded video or a link to one, not both.');
    }
    if (url !== undefined || !temporaryUploadId) {
      return this.addExternalVideo(providerId, propertyId, url ?? '', title);
    }
    return this.addUpload(
      providerId,
      propertyId,
      'video',
      { uploadId: temporaryUploadId, name: title },
      'propertyVideo.temporaryUploadId',
    );
  }

  /** POST documents (multipart `document[file]`): a PDF, checked by its bytes, stored and listed at once. */
  async addDocument(providerId: string, propertyId: string, raw: IncomingMessage): Promise<DocumentItem> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    const file = await this.uploads.receive(providerId, raw, 'document[file]', ACCEPTS.document);
    let ids: string[];
    try {
      ids = await this.db.transaction(async (tx) => {
        await this.scope.of(tx, providerId, propertyId, true);
        await this.uploads.insert(tx, file, true);
        return this.insert(tx, providerId, propertyId, 'document', [file], [file.filename]);
      });
    } catch (error) {
      await this.uploads.abandon([file.storageKey, file.thumbnailKey]);
      throw error;
    }
    const [item] = await this.byIds(providerId, propertyId, ids);
    return asDocument(item!);
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
      await this.scope.of(tx, providerId, propertyId, true);
      await this.media.insertExternalVideo(tx, { id, providerId, propertyId, url, title: title ?? null });
      await this.events.publish(
        'properties.media.added.v1',
        { providerId, propertyId, kind: 'video', mediaIds: [id] },
        tx,
      );
    });
    return this.get(providerId, propertyId, 'video', id);
  }

  /**
   * `orders.order.finalised.v1`, in the handler's transaction: what the order delivered goes on the property (a
   * property deleted meanwhile, or not the provider's, gets nothing: the event is handled). Each file's object is
   * copied to the property's own key (the order keeps its copy) and described like an upload. The medium keeps the
   * order file's id (`source_order_file_id`, unique): a file already attached is skipped, so an event redelivered
   * or published again adds nothing twice. The ids of the media added or changed.
   * - A plan: each file (an image or a PDF) a floorplan after the property's last one, named after the file.
   * - Retouching: each retouched photo in place of its original (`replace`: the photo keeps its place and its first
   *   original file) or beside it (`beside`, or the original deleted meanwhile: a photo after the last one).
   * - An amendment's plan takes the place of the plan of the same file name its line delivered, its photo beside an
   *   original the place of the copy its line put there (name and position kept), where that one is still there.
   */
  async addOrderDeliveries(tx: EntityManager, order: OrderFinalisedV1): Promise<string[]> {
    const { providerId, propertyId, orderId } = order;
    const property = await this.scope.find(tx, providerId, propertyId, true);
    if (!property) {
      this.logger.info({ providerId, propertyId, orderId }, 'order finalised for a property that is gone');
      return [];
    }
    const kind = order.kind === 'photo_retouching' ? 'photo' : 'floorplan';
    const attached = new Set(
      await this.media.fromOrderFiles(
        tx,
        order.files.map((file) => file.fileId),
      ),
    );
    const files = order.files.filter((file) => {
      if (attached.has(file.fileId)) return false;
      const content = kindOf(file.contentType);
      if (content && ACCEPTS[kind].includes(content)) return true;
      this.logger.warn(
        { orderId, fileId: file.fileId, contentType: file.contentType },
        `a delivered file is not a ${kind}'s: not attached`,
      );
      return false;
    });
    if (files.length === 0) return [];
    const copies: FileRow[] = [];
    try {
      const added: Array<{
        id: string;
        fileId: string;
        orderFileId: string;
        name: string | null;
        retouchedPhotoId: string | null;
      }> = [];
      const changed: string[] = [];
      for (const file of files) {
        const copy = await this.uploads.copyIn(providerId, file);
        copies.push(copy);
        await this.uploads.insert(tx, copy, true);
        const replaced = await this.inPlaceOfEarlier(tx, order, file, copy);
        if (replaced) {
          changed.push(replaced.id);
          if (replaced.supersededFileId) await this.uploads.discard([replaced.supersededFileId], tx);
          continue;
        }
        added.push({
          id: uuidv7(),
          fileId: copy.id,
          orderFileId: file.fileId,
          name: defaultName(kind, copy.filename),
          retouchedPhotoId: file.photoId ?? null,
        });
      }
      const inserted = await this.media.insertFromOrder(
        tx,
        { providerId, propertyId, kind },
        order.firstOrderId ?? null,
        added,
      );
      // Taken meanwhile by another delivery: their copies leave with the next sweep.
      const used = new Set(inserted.map((medium) => medium.fileId));
      await this.uploads.discard(
        added.filter((medium) => !used.has(medium.fileId)).map((medium) => medium.fileId),
        tx,
      );
      const mediaIds = inserted.map((medium) => medium.id);
      if (mediaIds.length > 0)
        await this.events.publish(
          'properties.media.added.v1',
          { providerId, propertyId, kind, mediaIds },
          tx,
        );
      return [...changed, ...mediaIds];
    } catch (error) {
      await this.uploads.abandon(copies.flatMap((copy) => [copy.storageKey, copy.thumbnailKey]));
      throw error;
    }
  }

  /**
   * A delivered file that takes the place of a medium: a retouched photo its original's file (`replace`); an
   * amendment's the one its line delivered before (the copy beside the same original, the plan of the same file
   * name). Undefined when it is added after the last one.
   */
  private async inPlaceOfEarlier(
    tx: EntityManager,
    order: OrderFinalisedV1,
    file: DeliveredFileV1,
    copy: FileRow,
  ): Promise<{ id: string; supersededFileId: string | null } | undefined> {
    const { providerId, propertyId, firstOrderId } = order;
    const line =
      firstOrderId && firstOrderId !== order.orderId ? { providerId, propertyId, firstOrderId } : undefined;
    if (order.kind !== 'photo_retouching')
      return (
        line && this.media.replaceLinePlan(tx, { ...line, filename: copy.filename }, copy.id, file.fileId)
      );
    const { photoId } = file;
    if (!photoId) return undefined;
    if (order.retouchDelivery === 'replace') {
      const photo = { providerId, propertyId, id: photoId };
      const replaced = await this.media.replacePhotoFile(tx, photo, copy.id, file.fileId);
      if (replaced) return { id: photoId, ...replaced };
    }
    return line && this.media.replaceRetouchedCopy(tx, { ...line, photoId }, copy.id, file.fileId);
  }

  /** Retouching, before the order is placed: those of `photoIds` that are the property's photos, as asked. */
  async photosForOrder(providerId: string, propertyId: string, photoIds: string[]): Promise<PhotoForOrder[]> {
    const rows = await this.media.byIds(providerId, propertyId, photoIds.filter(isUuid));
    const photos = new Map(rows.filter((row) => row.kind === 'photo').map((row) => [row.id, row]));
    return photoIds.flatMap((id) => {
      const row = photos.get(id);
      if (!row?.storageKey || !row.filename) return [];
      return [
        {
          photoId: row.id,
          storageKey: row.storageKey,
          filename: row.filename,
          contentType: row.contentType ?? 'application/octet-stream',
          size: row.size ?? 0,
        },
      ];
    });
  }

  /**
   * A photo retouched in place shows its original again (the retouched file is discarded; the order keeps its own
   * copy). 404 for a photo not the property's; 409 for one never retouched in place.
   */
  async restoreOriginal(providerId: string, propertyId: string, id: string): Promise<MediaItem> {
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      await this.row(tx, providerId, propertyId, 'photo', id);
      const retouched = await this.media.restoreOriginal(tx, { providerId, propertyId, id });
      if (!retouched) throw ApiError.conflict(NO_ORIGINAL);
      await this.uploads.discard([retouched], tx);
    });
    return this.get(providerId, propertyId, 'photo', id);
  }

  /** A floorplan's new name (never empty) or place in the list. */
  updateFloorplan(
    providerId: string,
    propertyId: string,
    id: string,
    changes: { name?: string | null; position?: number },
  ): Promise<MediaItem> {
    if (changes.name === '') throw ApiError.invalid('floorplan.name', MESSAGES.required);
    return this.update(providerId, propertyId, 'floorplan', id, changes);
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
      await this.scope.of(tx, providerId, propertyId, true);
      await this.row(tx, providerId, propertyId, kind, id);
      await this.media.update(tx, providerId, propertyId, id, changes);
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
      await this.scope.of(tx, providerId, propertyId, true);
      const deleted = await this.media.delete(tx, providerId, propertyId, kind, wanted);
      if (strict && deleted.length !== new Set(wanted).size) throw ApiError.notFound(NOT_FOUND[kind]);
      await this.uploads.discard(
        deleted
          .flatMap((row) => [row.fileId, row.originalFileId])
          .filter((fileId): fileId is string => !!fileId),
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
    const tx = this.db.dataSource;
    const property = await this.scope.of(tx, providerId, propertyId);
    const rows = await this.media.list(tx, providerId, propertyId, 'document');
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
    await this.media.insertUploaded(
      tx,
      providerId,
      propertyId,
      kind,
      files.map((file, index) => ({ id: ids[index]!, fileId: file.id, name: names[index] ?? null })),
    );
    await this.events.publish(
      'properties.media.added.v1',
      { providerId, propertyId, kind, mediaIds: ids },
      tx,
    );
    return ids;
  }

  private async byIds(providerId: string, propertyId: string, ids: string[]): Promise<MediaItem[]> {
    const rows = await this.media.byIds(providerId, propertyId, ids);
    return Promise.all(rows.map((row) => this.item(row)));
  }

  private async row(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    kind: MediaKind,
    id: string,
  ): Promise<MediaRow> {
    if (!isUuid(id)) throw ApiError.notFound(NOT_FOUND[kind]);
    const row = await this.media.find(tx, providerId, propertyId, kind, id);
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
      retouched: row.retouched,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
