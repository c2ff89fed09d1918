import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@tourly/platform';
import type { PropertiesConfig } from '../config';

/** Presigned reads: long enough to view a page and download from it, short enough not to be a permalink. */
export const READ_URL_SECONDS = 60 * 60;
/** Presigned writes (direct browser uploads): one upload's worth of time. */
export const WRITE_URL_SECONDS = 15 * 60;
/**
 * Parts of a streamed upload: S3's minimum part size, two in flight. A streamed upload holds at most about
 * (queue + 1) parts in memory, whatever the file's size.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface StoredObject {
  size: number;
  contentType: string | null;
}

/**
 * The storage port: one S3 client (AWS, or any S3-compatible server named by S3_ENDPOINT) for streamed
 * writes, reads, deletes and presigned URLs. Objects are private; browsers reach them by presigned URL only.
 */
@Injectable()
export class Storage implements OnApplicationShutdown {
  readonly bucket: string;
  private readonly client: S3Client;
  /** Signs URLs for browsers: the same account, addressed by the endpoint browsers can reach. */
  private readonly signer: S3Client;

  constructor(@Inject(CONFIG) config: PropertiesConfig) {
    this.bucket = config.S3_BUCKET;
    const base: S3ClientConfig = {
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
      // Checksums only where S3 requires them: S3-compatible servers (and the local one) store the
      // aws-chunked framing that default checksums bring as if it were the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
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
   * Streams a body of unknown length into an object: small bodies in one PUT, larger ones as a multipart
   * upload of fixed-size parts. A body that fails (or is destroyed) mid-way leaves no object: the multipart
   * upload is aborted.
   */
  async upload(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
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

  /** A URL a browser can PUT one object to, with this content type, for a few minutes. */
  writeUrl(key: string, contentType: string): Promise<string> {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: WRITE_URL_SECONDS },
    );
  }

  onApplicationShutdown(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 one. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
