import { request as httpRequest, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { headersOf, type Person, type PropertiesHarness } from './support';

/** What the media suites share: files made on the spot, multipart bodies as streams, storage look-ups. */

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#fa0' } })
    .png()
    .toBuffer();
export const pdf = (text = 'A brochure') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
/** The first bytes of an MP4 (an `ftyp` box): enough for the content check. */
export const mp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2'), randomBytes(2048)]);

export interface FilePart {
  filename: string;
  /** What the browser claims; the service goes by the bytes. */
  contentType?: string;
  content: Buffer | { size: number; head?: Buffer };
}

export interface MultipartBody {
  contentType: string;
  length: number;
  stream(): Readable;
}

/**
 * A multipart/form-data body with one file, as a stream: a file given by size is generated chunk by chunk
 * (its head first), so a 100 MB body never sits in the test's memory either. `fields`: text fields sent before the
 * file, as a form sends them.
 */
export function multipart(field: string, file: FilePart, fields: Record<string, string> = {}): MultipartBody {
  const boundary = `----tourly${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    texts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = Buffer.isBuffer(file.content) ? file.content.length : file.content.size;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    stream: () => Readable.from(chunks(head, file.content, tail)),
  };
}

function* chunks(head: Buffer, content: FilePart['content'], tail: Buffer): Generator<Buffer> {
  yield head;
  if (Buffer.isBuffer(content)) yield content;
  else {
    const start = content.head ?? Buffer.alloc(0);
    yield start;
    const filler = Buffer.alloc(256 * 1024, 0x5a);
    for (let left = content.size - start.length; left > 0; left -= filler.length) {
      yield left >= filler.length ? filler : filler.subarray(0, left);
    }
  }
  yield tail;
}

export interface Answer {
  status: number;
  body: { data?: Record<string, unknown> & { id: string }; errors?: Record<string, string[]> };
}

/** Sends a multipart body as the person (through the gateway: session cookie and CSRF token); POST unless told. */
export function postMultipart(
  platform: Pick<PropertiesHarness, 'base'>,
  person: Person,
  path: string,
  body: MultipartBody,
  method: 'POST' | 'PUT' = 'POST',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${platform.base}${path}`,
      {
        method,
        headers: {
          ...headersOf(person),
          'content-type': body.contentType,
          'content-length': body.length,
          accept: 'application/json',
        },
      },
      (response) => {
        readJson(response).then(resolve, reject);
      },
    );
    request.on('error', reject);
    body.stream().pipe(request);
  });
}

/**
 * Starts a multipart upload through the gateway and cuts the connection once `cutAfter` bytes are sent: a
 * person closing the tab mid-upload.
 */
export function cutUpload(
  platform: Pick<PropertiesHarness, 'base'>,
  person: Person,
  path: string,
  body: MultipartBody,
  cutAfter: number,
): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(`${platform.base}${path}`, {
      method: 'POST',
      headers: {
        ...headersOf(person),
        'content-type': body.contentType,
        'content-length': body.length,
      },
    });
    request.on('error', () => undefined);
    request.on('close', () => resolve());
    let sent = 0;
    const source = body.stream();
    source.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (!request.write(chunk)) source.pause();
      if (sent >= cutAfter) {
        source.destroy();
        request.destroy();
      }
    });
    request.on('drain', () => source.resume());
  });
}

async function readJson(response: IncomingMessage): Promise<Answer> {
  let text = '';
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} };
}

/** A client for the platform's local S3 server, to look at what properties stored. */
export function storageClient(platform: Pick<PropertiesHarness, 'storage'>): S3Client {
  const storage = platform.storage!;
  return new S3Client({
    endpoint: storage.endpoint,
    region: storage.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
  });
}

/** Every object key under a prefix (a provider's uploads: `uploads/<provider id>/`). */
export async function objectKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys.sort();
}

/** A property of the person's, created through the gateway. */
export async function aProperty(person: Person, title = 'Harbour View'): Promise<string> {
  const created = await person.send('post', '/provider/properties', {
    create_tour_params: {
      title,
      address: '12 Harbour St, Sydney NSW 2000, Australia',
      matterport_key: 'SxQL3iGyoDo',
    },
  });
  if (created.status !== 201) throw new Error(`property not created: ${created.status}`);
  return created.body.data.id as string;
}

/** A temporary upload of the person's, through the gateway; its id. */
export async function aTemporaryUpload(
  platform: Pick<PropertiesHarness, 'base'>,
  person: Person,
  file: FilePart,
  accept?: string,
): Promise<string> {
  const answer = await postMultipart(
    platform,
    person,
    `/provider/temporary_uploads.json${accept ? `?accept=${accept}` : ''}`,
    multipart('temporary_upload[file]', file),
  );
  if (answer.status !== 201)
    throw new Error(`upload refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data!.id;
}
