import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { FILE_LINK_SECONDS } from '@tourly/contracts';
import type { StorageConfig } from '../config/config';
import { contentDisposition } from '../http/content-disposition';
import { CONFIG } from '../tokens';

/** Presigned reads: the links' lifetime the pages know too. */
export const READ_URL_SECONDS = FILE_LINK_SECONDS;
/** Presigned writes (direct browser uploads): one upload's worth of time. */
export const WRITE_URL_SECONDS = 15 * 60;
/**
 * Parts of a streamed upload: S3's minimum part size, two in flight. A streamed upload holds at most
 * (PARTS_IN_FLIGHT + 1) parts in memory, whatever the file's size.
 */
export const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface StoredObject {
  size: number;
  contentType: string | null;
}

/**
 * The storage port: one S3 client (AWS, or any S3-compatible server named by S3_ENDPOINT) for streamed
 * writes, reads, copies, deletes and presigned URLs. Objects are private; browsers reach them by presigned URL
 * only. A service provides it by importing StorageModule; its config class extends StorageConfig.
 */
@Injectable()
export class Storage implements OnApplicationShutdown {
  readonly bucket: string;
  private readonly client: S3Client;
  /** Signs URLs for browsers: the same account, addressed by the endpoint browsers can reach. */
  private readonly signer: S3Client;

  constructor(@Inject(CONFIG) config: StorageConfig) {
    this.bucket = config.S3_BUCKET;
    const base: S3ClientConfig = {
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
      // Checksums only where S3 requires them: S3-compatible servers (and the local one) store the
      // aws-chunked framing that default checksums bring as if it were the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without these the SDK waits on a silent storage forever (and so would a shutdown waiting on it).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    };
    this.client = new S3Client({ ...base, ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}) });
    const publicEndpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
    this.signer = publicEndpoint ? new S3Client({ ...base, endpoint: publicEndpoint }) : this.client;
  }

  /**
   * Streams a body of unknown length into an object: a small body in one PUT, a larger one as a multipart
   * upload of fixed-size parts, a few in flight. Memory stays at a few parts' worth whatever the size, and the
   * part buffers are reused rather than left to the garbage collector. A body that fails (or is destroyed)
   * mid-way leaves no object: the multipart upload is aborted.
   */
  async upload(key: string, body: Readable, contentType: string): Promise<void> {
    const writer = new MultipartWriter(this.client, {
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
    });
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) await writer.write(chunk);
      await writer.end();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** The object's bytes as a stream (optionally a byte range, both ends inclusive); null when it is absent. */
  async read(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * Copies an object within the bucket, storage-side (the bytes never pass through this process), type and
   * all. A copy onto an existing key replaces it. Objects up to 5 GB (S3's limit for one copy).
   */
  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  /** As `copy`, when the source is there: false, and nothing written, when it is absent. */
  async copyIfPresent(fromKey: string, toKey: string): Promise<boolean> {
    try {
      await this.copy(fromKey, toKey);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Deletes the objects (absent ones are no error). */
  async delete(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(`storage refused to delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    }
  }

  /**
   * A URL a browser can read the object from for a while, under the name it was uploaded with and as the
   * type its bytes were found to be (whatever type the uploader claimed when storing it).
   */
  readUrl(key: string, filename?: string, contentType?: string): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(filename ? { ResponseContentDisposition: contentDisposition('inline', filename) } : {}),
        ...(contentType ? { ResponseContentType: contentType } : {}),
      }),
      { expiresIn: READ_URL_SECONDS },
    );
  }

  /**
   * A URL a browser can PUT one object to for a few minutes: of this content type and exactly this size. Both
   * headers are signed, so S3 refuses a PUT whose Content-Type or Content-Length differs (a browser sets the
   * length from the file it sends).
   */
  writeUrl(key: string, contentType: string, size: number): Promise<string> {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: size }),
      { expiresIn: WRITE_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
    );
  }

  onApplicationShutdown(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}

/**
 * One object written from a stream: the bytes gather until a part is full; the first full part starts a
 * multipart upload, each part is sent from a buffer that is reused once S3 has it; a body that never fills a
 * part goes in one PUT.
 */
class MultipartWriter {
  /** The part being filled (allocated, not zeroed: a small file touches only the pages it uses). */
  private current?: Buffer;
  private filled = 0;
  private readonly spare: Buffer[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly parts: CompletedPart[] = [];
  private uploadId?: string;
  private nextPart = 1;
  private failure?: unknown;

  constructor(
    private readonly client: S3Client,
    private readonly target: { Bucket: string; Key: string; ContentType: string },
  ) {}

  /** Copies the chunk into parts (so the stream's own buffers are free at once), sending each full one. */
  async write(chunk: Buffer): Promise<void> {
    for (let offset = 0; offset < chunk.length;) {
      this.current ??= this.spare.pop() ?? Buffer.allocUnsafeSlow(PART_BYTES);
      const copied = chunk.copy(this.current, this.filled, offset);
      offset += copied;
      this.filled += copied;
      if (this.filled === PART_BYTES) {
        const full = this.current;
        this.current = undefined;
        this.filled = 0;
        await this.send(full, PART_BYTES);
      }
    }
  }

  async end(): Promise<void> {
    const last = this.current?.subarray(0, this.filled) ?? Buffer.alloc(0);
    if (this.uploadId === undefined) {
      await this.client.send(
        new PutObjectCommand({ ...this.target, Body: last, ContentLength: last.length }),
      );
      return;
    }
    if (last.length > 0) await this.send(this.current!, last.length);
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    const { Bucket, Key } = this.target;
    this.parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
    this.uploadId = undefined;
  }

  /** After a failure: parts in flight settle, then the multipart upload (if any) is aborted, best effort. */
  async abort(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    if (this.uploadId === undefined) return;
    const { Bucket, Key } = this.target;
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: this.uploadId }))
      .catch(() => undefined); // an incomplete upload is never an object; a bucket lifecycle rule clears its parts
    this.uploadId = undefined;
  }

  private async send(buffer: Buffer, length: number): Promise<void> {
    if (this.failure) throw this.failure;
    this.uploadId ??= (await this.client.send(new CreateMultipartUploadCommand(this.target))).UploadId!;
    const { Bucket, Key } = this.target;
    const PartNumber = this.nextPart++;
    const sending: Promise<void> = this.client
      .send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId: this.uploadId,
          PartNumber,
          Body: buffer.subarray(0, length),
          ContentLength: length,
        }),
      )
      .then((answer) => {
        this.parts.push({ PartNumber, ETag: answer.ETag });
        this.spare.push(buffer);
      })
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.inFlight.delete(sending);
      });
    this.inFlight.add(sending);
    if (this.inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
