import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { startLocalS3, type RunningS3 } from '../src/local-s3';

const BUCKET = 'media';
const APP_ORIGIN = 'http://localhost:3000';
const CREDENTIALS = { accessKeyId: 'LOCALTESTKEY', secretAccessKey: 'local-test-secret' };

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

/** The S3 error code in an error answer's XML. */
async function errorCode(answer: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await answer.text())?.[1];
}

describe('startLocalS3', () => {
  let dataDir: string;
  let s3: RunningS3;
  let client: S3Client;
  const clientFor = (running: RunningS3, secretAccessKey = running.secretAccessKey) =>
    new S3Client({
      endpoint: running.endpoint,
      region: running.region,
      forcePathStyle: true,
      credentials: { accessKeyId: running.accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const objectUrl = (key: string) => `${s3.endpoint}/${BUCKET}/${key}`;
  const start = () =>
    startLocalS3({
      dataDir,
      port: 0,
      buckets: [BUCKET],
      allowedOrigins: [APP_ORIGIN],
      credentials: CREDENTIALS,
    });
  const put = (Key: string, Body: string | Buffer, ContentType = 'text/plain') =>
    client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body, ContentType }));
  const read = async (Key: string) =>
    (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body!.transformToString();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-s3-'));
    s3 = await start();
    client = clientFor(s3);
  });

  afterAll(async () => {
    client.destroy();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a path-style endpoint on the real port with the credentials it was given, else new ones', async () => {
    expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(s3).toMatchObject({ ...CREDENTIALS, region: 'us-east-1' });

    const otherDir = await mkdtemp(path.join(tmpdir(), 'local-s3-'));
    const generated = await startLocalS3({
      dataDir: otherDir,
      port: 0,
      buckets: [BUCKET],
      allowedOrigins: [],
    });
    try {
      expect(generated.accessKeyId).toMatch(/^LOCAL[0-9A-F]{16}$/);
      expect(generated.secretAccessKey.length).toBeGreaterThanOrEqual(40);
      expect(generated.accessKeyId).not.toBe('S3RVER');
    } finally {
      await generated.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('stores, lists, reads, describes and deletes objects for requests signed with its keys', async () => {
    const written = await put('photos/front.txt', 'front door');
    expect(written.ETag).toBe(`"${md5('front door')}"`);

    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'photos/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['photos/front.txt']);

    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'photos/front.txt' }));
    expect(got.ContentType).toBe('text/plain');
    expect(await got.Body!.transformToString()).toBe('front door');

    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'photos/front.txt' }));
    expect(head).toMatchObject({ ContentLength: 10, ETag: `"${md5('front door')}"` });

    const range = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'photos/front.txt', Range: 'bytes=6-9' }),
    );
    expect(await range.Body!.transformToString()).toBe('door');

    // Keys in any script, encoded as the SDK encodes them.
    await put('docs/Küche – 東京 (1).pdf', 'plan');
    expect(await read('docs/Küche – 東京 (1).pdf')).toBe('plan');

    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'photos/front.txt' }));
    await expect(read('photos/front.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses unsigned list, get, head, put and delete (403), changing nothing', async () => {
    await put('private/plan.txt', 'secret plan');

    const list = await fetch(`${s3.endpoint}/${BUCKET}?list-type=2`);
    expect(list.status).toBe(403);
    expect(await errorCode(list)).toBe('AccessDenied');
    const get = await fetch(objectUrl('private/plan.txt'));
    expect(get.status).toBe(403);
    expect(await errorCode(get)).toBe('AccessDenied');
    expect((await fetch(objectUrl('private/plan.txt'), { method: 'HEAD' })).status).toBe(403);
    const overwrite = await fetch(objectUrl('private/plan.txt'), { method: 'PUT', body: 'defaced' });
    expect(overwrite.status).toBe(403);
    await overwrite.body?.cancel();
    const remove = await fetch(objectUrl('private/plan.txt'), { method: 'DELETE' });
    expect(remove.status).toBe(403);
    await remove.body?.cancel();
    const deleteMany = await fetch(`${s3.endpoint}/${BUCKET}?delete`, {
      method: 'POST',
      body: '<Delete><Object><Key>private/plan.txt</Key></Object></Delete>',
    });
    expect(deleteMany.status).toBe(403);
    await deleteMany.body?.cancel();

    expect(await read('private/plan.txt')).toBe('secret plan');
  });

  it('refuses a request signed with another secret, and a signed body that is not the one sent', async () => {
    const forger = clientFor(s3, 'not-the-secret');
    await expect(
      forger.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'private/plan.txt' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    forger.destroy();

    // The body is swapped after signing (same length): its signed hash no longer matches.
    const swapper = clientFor(s3);
    swapper.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { body: unknown }).body = Buffer.from('swapped!!');
        return next(args);
      },
      { step: 'deserialize', name: 'swapBodyAfterSigning' },
    );
    await expect(
      swapper.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'private/plan.txt', Body: Buffer.from('original!') }),
      ),
    ).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    swapper.destroy();
    expect(await read('private/plan.txt')).toBe('secret plan');
  });

  it('accepts presigned PUT and GET URLs until they expire, for the object they name only', async () => {
    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: 'signed.txt' }), {
      expiresIn: 900,
    });
    expect((await fetch(putUrl, { method: 'PUT', body: 'signed' })).status).toBe(200);
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: 'signed.txt' }), {
      expiresIn: 900,
    });
    expect(await (await fetch(getUrl)).text()).toBe('signed');

    // The signature covers the key: the same query on another object is refused.
    const elsewhere = getUrl.replace('/signed.txt?', '/private/plan.txt?');
    const refused = await fetch(elsewhere);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('SignatureDoesNotMatch');

    const anHourAgo = new Date(Date.now() - 3600_000);
    const expiredUrl = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: BUCKET, Key: 'signed.txt' }),
      {
        expiresIn: 60,
        signingDate: anHourAgo,
      },
    );
    const expired = await fetch(expiredUrl);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Message>Request has expired</Message>');
  });

  it('serves a presigned GET under the type and name it names, in any script (RFC 5987 filename*)', async () => {
    await put('docs/plan.pdf', '%PDF-1.7', 'application/octet-stream');
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'docs/plan.pdf',
        ResponseContentType: 'application/pdf',
        ResponseContentDisposition: `inline; filename="Kuche.pdf"; filename*=UTF-8''${encodeURIComponent('Küche 東京.pdf')}`,
      }),
      { expiresIn: 60 },
    );
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    // A browser takes the type storage names, never one it guesses from the bytes (issue 29).
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="Kuche.pdf"; filename*=UTF-8''${encodeURIComponent('Küche 東京.pdf')}`,
    );
    await served.body?.cancel();
  });

  it('holds a presigned PUT to the Content-Type and Content-Length it was signed for', async () => {
    const body = Buffer.from('exactly these bytes');
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'bound.jpg',
        ContentType: 'image/jpeg',
        ContentLength: body.length,
      }),
      { expiresIn: 900, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');

    const larger = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.concat([body, Buffer.alloc(1024 * 1024)]),
    });
    expect(larger.status).toBe(403);
    expect(await errorCode(larger)).toBe('SignatureDoesNotMatch');
    const streamed = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: streamOf(body),
      duplex: 'half',
    });
    expect(streamed.status).toBe(403);
    await streamed.body?.cancel();
    const otherType = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body });
    expect(otherType.status).toBe(403);
    await otherType.body?.cancel();
    await expect(read('bound.jpg')).rejects.toMatchObject({ name: 'NoSuchKey' });

    const exact = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body });
    expect(exact.status).toBe(200);
    expect(await read('bound.jpg')).toBe('exactly these bytes');
  });

  it('streams a large body in and out without a Content-Length', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024, 'tour');
    const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: 'tours/large.bin' }), {
      expiresIn: 60,
    });
    const sent = await fetch(url, { method: 'PUT', body: streamOf(content), duplex: 'half' });
    expect(sent.status).toBe(200);

    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'tours/large.bin' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(content)).toBe(true);
  });

  it('takes signed bodies of several MB (the SDK asks for 100-continue) and multipart uploads in signed parts', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'big');
    await put('tours/big.bin', big, 'application/octet-stream');
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'tours/big.bin' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(big)).toBe(true);

    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'tours/parts.bin' }),
    );
    const first = Buffer.alloc(5 * 1024 * 1024, 'a');
    const second = Buffer.from('the end');
    const parts = [];
    for (const [index, Body] of [first, second].entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'tours/parts.bin',
          UploadId,
          PartNumber: index + 1,
          Body,
        }),
      );
      parts.push({ ETag, PartNumber: index + 1 });
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'tours/parts.bin',
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const whole = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'tours/parts.bin' }));
    expect(Buffer.from(await whole.Body!.transformToByteArray()).equals(Buffer.concat([first, second]))).toBe(
      true,
    );
  });

  it('lets the web app’s pages (and only them) use storage from the browser', async () => {
    const preflight = (origin: string) =>
      fetch(objectUrl('from-browser.jpg'), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');

    const foreign = await preflight('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    await foreign.body?.cancel();

    await put('from-browser.txt', 'hello');
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: BUCKET, Key: 'from-browser.txt' }),
      {
        expiresIn: 60,
      },
    );
    const fromApp = await fetch(url, { headers: { origin: APP_ORIGIN } });
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(fromApp.headers.get('access-control-expose-headers')).toContain('ETag');
    await fromApp.body?.cancel();
    const fromElsewhere = await fetch(url, { headers: { origin: 'https://evil.example' } });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    await fromElsewhere.body?.cancel();
    const unsigned = await fetch(objectUrl('from-browser.txt'), { headers: { origin: APP_ORIGIN } });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    await unsigned.body?.cancel();
  });

  it('keeps buckets and objects in its directory across restarts', async () => {
    await put('kept.txt', 'kept');
    client.destroy();
    await s3.close();

    s3 = await start();
    client = clientFor(s3);
    expect(await read('kept.txt')).toBe('kept');
  });
});
