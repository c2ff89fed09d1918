import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES } from '@tourly/contracts';
import {
  ApiError,
  cleanFilename,
  ClientGone,
  CONTENT_KINDS,
  Database,
  DEFAULT_ACCEPT,
  DIRECT_UPLOAD_TYPES,
  LOGGER,
  mustBe,
  receiveFile,
  sniff,
  SNIFF_BYTES,
  uuidv7,
  type ContentKind,
  type Logger,
  type Queryable,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import {
  checkedKeys,
  incomingKey,
  kindOf,
  storageKey,
  thumbnailKey,
  type FileRow,
  type FileView,
} from './files';
import { FilesRepository } from './files.repository';
import { describeImage, inImageSlot, readUpTo, squareJpeg, THUMBNAIL_MAX_BYTES } from './images';

/** 001 §3 "Temporary upload: id, file (url, content_type)". */
export interface TemporaryUpload {
  id: string;
  file: FileView;
}

/** 001 §7 presigned upload: where and how the browser sends the file, and the upload's id to attach later. */
export interface PresignedUpload {
  id: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

export const UPLOAD_UNUSABLE = 'is not an upload of yours that is waiting to be used (it may have expired)';
export const UPLOAD_NOT_RECEIVED = 'has not reached storage yet: wait for the upload to finish';

/**
 * Files into storage and out of it: uploads streamed through the service (multipart), presigned direct
 * uploads, the checks that make an uploaded file usable (its first bytes, its size, images decoding), and
 * attaching a temporary upload to the media that uses it, once. Unused uploads are swept after a day.
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly db: Database,
    private readonly files: FilesRepository,
    private readonly storage: Storage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Streams the multipart field `field` to storage and describes it (images: dimensions, square, thumbnail).
   * The row is the caller's to insert, in its own transaction (`insert`); if that fails, `abandon` its objects.
   */
  async receive(
    providerId: string,
    raw: IncomingMessage,
    field: string,
    accept: readonly ContentKind[] = DEFAULT_ACCEPT,
  ): Promise<FileRow> {
    const id = uuidv7();
    let key: string | undefined;
    const fieldPath = field.replace(/\[/g, '.').replace(/\]/g, '');
    try {
      const received = await receiveFile(raw, {
        field,
        accept,
        store: (body, sniffed, filename) => {
          key = storageKey(providerId, id, filename);
          return this.storage.upload(key, body, sniffed.contentType);
        },
      });
      const row = storedFile(id, providerId, key!, received);
      if (received.kind === 'image' && !(await this.describe(row, thumbnailKey(providerId, id)))) {
        throw ApiError.invalid(fieldPath, mustBe(accept));
      }
      return row;
    } catch (error) {
      if (key) await this.abandon([key, thumbnailKey(providerId, id)]);
      if (error instanceof ClientGone) this.logger.debug({ providerId }, 'upload cut short by the client');
      throw error;
    }
  }

  /**
   * A received image's thumbnail made a square of `size` (its middle): a person's picture. Before `insert`; an
   * image too large for a thumbnail keeps none (its file is shown).
   */
  async squareThumbnail(row: FileRow, size: number): Promise<void> {
    const key = row.thumbnailKey;
    if (!key) return;
    const square = await inImageSlot(async () => {
      const source = await this.storage.read(key);
      const bytes = source ? await readUpTo(source, THUMBNAIL_MAX_BYTES) : null;
      return bytes ? squareJpeg(bytes, size) : null;
    });
    if (square) await this.storage.put(key, square, 'image/jpeg');
  }

  insert(tx: Queryable, row: FileRow, attached: boolean): Promise<void> {
    return this.files.insert(tx, row, attached);
  }

  /** POST /provider/temporary_uploads.json: a file kept for a day, to be attached to media by its id. */
  async createTemporary(
    providerId: string,
    raw: IncomingMessage,
    accept: readonly ContentKind[],
  ): Promise<TemporaryUpload> {
    const row = await this.receive(providerId, raw, 'temporary_upload[file]', accept);
    try {
      await this.db.transaction((tx) => this.insert(tx, row, false));
    } catch (error) {
      await this.abandon([row.storageKey, row.thumbnailKey]);
      throw error;
    }
    return { id: row.id, file: await this.view(row) };
  }

  /**
   * GET /s3/params: a presigned PUT for the browser, and the temporary upload it becomes. The URL is signed
   * for this Content-Type and this Content-Length: storage (S3, and the local one) refuses a PUT of any other
   * type or size, so nothing larger than the limit can be put there. It names a key under `incoming/`, never
   * served: what the bytes are is checked, on a copy kept elsewhere, when the upload is used (`checkDirect`).
   * `filename`: as the browser gave it, made safe here.
   */
  async presign(
    providerId: string,
    filename: string,
    contentType: string,
    size: number,
  ): Promise<PresignedUpload> {
    const name = cleanFilename(filename);
    // Storage keeps the type the browser sends with the PUT: only types the platform takes.
    if (!DIRECT_UPLOAD_TYPES.includes(contentType.toLowerCase())) {
      throw ApiError.invalid('type', mustBe(CONTENT_KINDS));
    }
    if (size > LIMITS.maxUploadBytes) throw ApiError.base(413, MESSAGES.uploadTooLarge);
    const id = uuidv7();
    const key = incomingKey(providerId, id, name);
    await this.files.insertDirect({ id, providerId, storageKey: key, filename: name });
    return {
      id,
      url: await this.storage.writeUrl(key, contentType.toLowerCase(), size),
      method: 'PUT',
      headers: { 'Content-Type': contentType.toLowerCase() },
    };
  }

  /**
   * Takes the provider's temporary uploads for media, in one transaction with the media rows: each must be
   * waiting (not yet used, not expired), of an accepted kind, and is then attached, never to be used again.
   * Direct uploads are checked first (outside the transaction: storage is slow): present, within the limit,
   * and what their first bytes say.
   */
  async attach(
    tx: Queryable,
    providerId: string,
    ids: string[],
    accept: readonly ContentKind[],
    field: string,
  ): Promise<FileRow[]> {
    const rows = await this.files.lockWaiting(tx, providerId, ids);
    if (rows.length !== new Set(ids).size) throw ApiError.invalid(field, UPLOAD_UNUSABLE);
    for (const row of rows) {
      const kind = kindOf(row.contentType);
      if (row.contentType === null) throw ApiError.invalid(field, UPLOAD_NOT_RECEIVED);
      if (!kind || !accept.includes(kind)) throw ApiError.invalid(field, mustBe(accept));
    }
    await this.files.markAttached(
      tx,
      rows.map((r) => r.id),
    );
    return rows;
  }

  /** Before `attach`: direct uploads among `ids` are looked at in storage and their rows completed. */
  async checkDirect(
    providerId: string,
    ids: string[],
    accept: readonly ContentKind[],
    field: string,
  ): Promise<void> {
    const pending = await this.files.directUnchecked(providerId, ids);
    for (const row of pending) await this.checkCopy(row, accept, field);
  }

  /**
   * One presigned upload, checked on a copy. Its URL stays writable for a while (WRITE_URL_SECONDS), so the bytes
   * checked must be bytes nobody can write any more: they are copied, storage-side, from the upload's key to keys of
   * this check's own under `uploads/` (which no presigned URL names); the copy is what is looked at (present, within
   * the limit, its first bytes, an image decoded and its thumbnail made), recorded and served, and the upload's key
   * is deleted. A PUT to the same URL afterwards changes nothing that is served. Two checks of one upload at once
   * each copy to their own keys: the first to record its copy wins, the other deletes its own.
   */
  private async checkCopy(row: FileRow, accept: readonly ContentKind[], field: string): Promise<void> {
    const uploadKey = row.storageKey;
    const checked = checkedKeys(row.providerId, row.id, uuidv7(), row.filename);
    if (!(await this.storage.copyIfPresent(uploadKey, checked.storageKey))) {
      throw ApiError.invalid(field, UPLOAD_NOT_RECEIVED);
    }
    let kept = false;
    try {
      const refuse = async (error: ApiError): Promise<never> => {
        await this.files.discardUndescribed(row.id);
        throw error;
      };
      const stored = await this.storage.head(checked.storageKey);
      if (!stored) throw ApiError.invalid(field, UPLOAD_NOT_RECEIVED);
      if (stored.size > LIMITS.maxUploadBytes) {
        return await refuse(ApiError.base(413, MESSAGES.uploadTooLarge));
      }
      const head = await this.storage.read(checked.storageKey, { start: 0, end: SNIFF_BYTES - 1 });
      const sniffed = head ? sniff((await readUpTo(head, 1024)) ?? Buffer.alloc(0)) : null;
      if (!sniffed) return await refuse(ApiError.invalid(field, mustBe(accept)));
      Object.assign(row, {
        storageKey: checked.storageKey,
        contentType: sniffed.contentType,
        size: stored.size,
      });
      if (sniffed.kind === 'image' && !(await this.describe(row, checked.thumbnailKey))) {
        return await refuse(ApiError.invalid(field, mustBe(accept)));
      }
      kept = await this.files.describeDirect(row);
    } finally {
      // The copy that is not recorded (refused, failed, or another check's was first) is nobody's.
      if (!kept) await this.abandon([checked.storageKey, checked.thumbnailKey]);
    }
    // What was checked is kept apart now: the upload's own key serves nothing (a later PUT there lands nowhere used).
    if (kept) await this.abandon([uploadKey]);
  }

  /**
   * A copy of an object from elsewhere in the bucket (an order's delivered file) as a file of the provider, described
   * like an upload (an image gets its dimensions and thumbnail; one that does not decode goes without). The row is
   * the caller's to insert (`insert`); if that fails, `abandon` its objects.
   */
  async copyIn(
    providerId: string,
    source: { storageKey: string; filename: string; contentType: string; size: number },
  ): Promise<FileRow> {
    const id = uuidv7();
    const filename = cleanFilename(source.filename);
    const row = storedFile(id, providerId, storageKey(providerId, id, filename), { ...source, filename });
    await this.storage.copy(source.storageKey, row.storageKey);
    if (source.contentType.startsWith('image/')) await this.describe(row, thumbnailKey(providerId, id));
    return row;
  }

  /** Files whose media is gone: their rows are marked, their objects go now or with the next sweep. */
  async discard(ids: string[], tx: Queryable = this.db.dataSource): Promise<void> {
    if (ids.length === 0) return;
    await this.files.markDiscarded(tx, ids);
  }

  /** How a client sees a stored file: presigned URLs for it and its thumbnail. */
  async view(row: FileRow): Promise<FileView> {
    return {
      url: await this.storage.readUrl(row.storageKey, row.filename, row.contentType ?? undefined),
      contentType: row.contentType ?? 'application/octet-stream',
      filename: row.filename,
      size: row.size ?? 0,
      thumbnailUrl: row.thumbnailKey
        ? await this.storage.readUrl(row.thumbnailKey, undefined, 'image/jpeg')
        : null,
      width: row.width,
      height: row.height,
      square: row.square,
    };
  }

  /**
   * An image's dimensions, square flag and thumbnail (stored at `thumbnail`), read back from storage: false when
   * bytes that start like an image do not decode as one. Very large images go without (see THUMBNAIL_MAX_BYTES).
   */
  private async describe(row: FileRow, thumbnail: string): Promise<boolean> {
    if ((row.size ?? 0) > THUMBNAIL_MAX_BYTES) return true;
    const facts = await inImageSlot(async () => {
      const source = await this.storage.read(row.storageKey);
      const bytes = source ? await readUpTo(source, THUMBNAIL_MAX_BYTES) : null;
      return bytes ? describeImage(bytes) : null;
    });
    if (!facts) return false;
    await this.storage.put(thumbnail, facts.thumbnail, 'image/jpeg');
    Object.assign(row, {
      width: facts.width,
      height: facts.height,
      square: facts.square,
      thumbnailKey: thumbnail,
    });
    return true;
  }

  /** Best effort: objects that no row points to (a failed upload); the sweep does not know of them. */
  async abandon(keys: Array<string | null>): Promise<void> {
    const present = keys.filter((key): key is string => !!key);
    if (present.length === 0) return;
    await this.storage.delete(present).catch((error: unknown) => {
      this.logger.warn({ err: error, keys: present }, 'could not delete the objects of a failed upload');
    });
  }
}

/** The row of a file this service just stored, before it is described (an image's facts come with `describe`). */
function storedFile(
  id: string,
  providerId: string,
  key: string,
  file: { filename: string; contentType: string; size: number },
): FileRow {
  return {
    id,
    providerId,
    storageKey: key,
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    width: null,
    height: null,
    square: null,
    thumbnailKey: null,
    direct: false,
    createdAt: new Date(),
  };
}
