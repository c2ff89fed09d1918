import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalS3, type RunningS3 } from '../src/local-s3';

const BUCKET = 'media';

/** yyyyMMddTHHmmssZ, the X-Amz-Date format. */
function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * The query string of a SigV4 presigned URL, as @aws-sdk/s3-request-presigner writes it. s3rver checks the
 * key id and the expiry but never verifies V4 signatures, so the signature here is a placeholder.
 */
function presignedQuery(s3: RunningS3, { signedAt = new Date(), expiresInSeconds = 900 } = {}): string {
  const date = amzDate(signedAt);
  return new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${s3.accessKeyId}/${date.slice(0, 8)}/${s3.region}/s3/aws4_request`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresInSeconds),
    'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': '0'.repeat(64),
  }).toString();
}

function md5(content: string | Buffer): string {
  return createHash('md5').update(content).digest('hex');
}

/** A body streamed in chunks with no Content-Length, as a piped upload sends it. */
function streamOf(content: Buffer, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < content.length; offset += chunkSize) {
        controller.enqueue(content.subarray(offset, offset + chunkSize));
      }
      controller.close();
    },
  });
}

describe('startLocalS3', () => {
  let dataDir: string;
  let s3: RunningS3;
  const objectUrl = (key: string, query = '') => `${s3.endpoint}/${BUCKET}/${key}${query ? `?${query}` : ''}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-s3-'));
    s3 = await startLocalS3({ dataDir, port: 0, buckets: [BUCKET] });
  });

  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a path-style endpoint on the real port with the credentials it accepts', () => {
    expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(s3).toMatchObject({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' });
  });

  it('stores, reads, describes and deletes an object sent unsigned', async () => {
    const put = await fetch(objectUrl('photos/front.txt'), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'front door',
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${md5('front door')}"`);

    const get = await fetch(objectUrl('photos/front.txt'));
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/plain');
    expect(await get.text()).toBe('front door');

    const head = await fetch(objectUrl('photos/front.txt'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.headers.get('etag')).toBe(`"${md5('front door')}"`);

    const range = await fetch(objectUrl('photos/front.txt'), { headers: { range: 'bytes=6-9' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('door');

    expect((await fetch(objectUrl('photos/front.txt'), { method: 'DELETE' })).status).toBe(204);
    const gone = await fetch(objectUrl('photos/front.txt'));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<Code>NoSuchKey</Code>');
  });

  it('streams a large body in and out without a Content-Length', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024, 'tour');
    const put = await fetch(objectUrl('tours/large.bin'), {
      method: 'PUT',
      body: streamOf(content),
      duplex: 'half',
    });
    expect(put.status).toBe(200);

    const get = await fetch(objectUrl('tours/large.bin'));
    expect(Buffer.from(await get.arrayBuffer()).equals(content)).toBe(true);
  });

  it('accepts presigned PUT and GET URLs until they expire', async () => {
    expect(
      (await fetch(objectUrl('signed.txt', presignedQuery(s3)), { method: 'PUT', body: 'signed' })).status,
    ).toBe(200);
    const get = await fetch(objectUrl('signed.txt', presignedQuery(s3)));
    expect(await get.text()).toBe('signed');

    const anHourAgo = new Date(Date.now() - 3600_000);
    const expired = await fetch(
      objectUrl('signed.txt', presignedQuery(s3, { signedAt: anHourAgo, expiresInSeconds: 60 })),
    );
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Message>Request has expired</Message>');
  });

  it('lets a browser on another origin upload to its buckets', async () => {
    const preflight = await fetch(objectUrl('from-browser.jpg'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('keeps buckets and objects in its directory across restarts', async () => {
    await fetch(objectUrl('kept.txt'), { method: 'PUT', body: 'kept' });
    await s3.close();

    s3 = await startLocalS3({ dataDir, port: 0, buckets: [BUCKET] });
    expect(await (await fetch(objectUrl('kept.txt'))).text()).toBe('kept');
  });
});
