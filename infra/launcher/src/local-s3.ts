import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3AuthError, sha256Hex, UNSIGNED_PAYLOAD, verifySigV4, type S3Account } from './sigv4';

export interface LocalS3Options {
  /** Buckets and objects are plain files under this directory, kept across restarts. */
  dataDir: string;
  /** 0 picks a free port; the real one is in the returned endpoint. */
  port: number;
  /** Created when missing. */
  buckets: string[];
  /**
   * Origins of the web app, allowed to reach storage from its pages (CORS): browsers upload to presigned URLs
   * from there. Any other origin gets no CORS answer, so its pages cannot read what storage answers.
   */
  allowedOrigins: string[];
  /** The one account's keys: every request must be signed with them (default: new random keys each start). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface RunningS3 {
  /** Path-style endpoint, e.g. http://127.0.0.1:4568 (clients need forcePathStyle: true). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  close(): Promise<void>;
}

const REGION = 'us-east-1';
const HOST = '127.0.0.1';
/** s3rver's own account: the proxy speaks to it as this one, once it has checked the caller's signature. */
const S3RVER_KEY_ID = 'S3RVER';
/** Bodies whose hash is signed are held until the hash is checked; larger ones must be sent in parts. */
const MAX_SIGNED_BODY_BYTES = 32 * 1024 * 1024;
const CORS_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];
const CORS_EXPOSED = ['ETag', 'Content-Length', 'Content-Type', 'Content-Disposition'];
/**
 * On every answer: a browser takes an object as the type storage names (the one its bytes were found to be, which a
 * presigned GET asks for), never as a type it guesses from the bytes (HTML in what is served as an image).
 */
const NO_SNIFFING = { 'x-content-type-options': 'nosniff' } as const;
/** Hop-by-hop headers, never passed on (the front has answered any Expect: 100-continue itself). */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * The local S3-compatible storage: s3rver keeps the buckets and objects, on a Unix socket in a private
 * directory nobody else can reach, behind a small HTTP front that does what s3rver does not:
 * - every request must carry a valid AWS Signature V4 (in the Authorization header, or a presigned URL's
 *   query) made with this storage's keys; an unsigned or wrongly signed request is refused (403) before it
 *   reaches the objects. Signed headers are part of the signature, so a presigned PUT that signs the
 *   Content-Type and Content-Length accepts exactly that type and size (as S3 does); a signed body hash is
 *   checked against the bytes.
 * - CORS answers only the web app's origins (s3rver would answer `*`).
 * - every answer says `X-Content-Type-Options: nosniff`.
 */
export async function startLocalS3({
  dataDir,
  port,
  buckets,
  allowedOrigins,
  credentials,
}: LocalS3Options): Promise<RunningS3> {
  await mkdir(dataDir, { recursive: true });
  const account: S3Account = {
    accessKeyId: credentials?.accessKeyId ?? `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: credentials?.secretAccessKey ?? randomBytes(30).toString('base64url'),
    region: REGION,
  };

  // mkdtemp makes the directory readable by this user only: the socket in it is the store's only door.
  const socketDir = await mkdtemp(path.join(tmpdir(), 's3-'));
  const socketPath = path.join(socketDir, 'store.sock');
  const store = new S3rver({
    directory: dataDir,
    silent: true,
    // Otherwise a request to any host name other than an IP or localhost is read as <bucket>.<host>.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await store.configureBuckets();
  const storeServer = await store.listen(socketPath);

  const front = createServer((request, response) => {
    handle(request, response, { account, allowedOrigins, socketPath }).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(response, request, allowedOrigins, new S3AuthError(500, 'InternalError', String(error)));
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, HOST, () => resolve());
  });
  const { port: realPort } = front.address() as AddressInfo;

  return {
    endpoint: `http://${HOST}:${realPort}`,
    accessKeyId: account.accessKeyId,
    secretAccessKey: account.secretAccessKey,
    region: REGION,
    // Keep-alive sockets of clients would hold the servers open until they time out.
    close: async () => {
      const closingFront = new Promise<void>((resolve) => front.close(() => resolve()));
      front.closeAllConnections();
      await closingFront;
      const closingStore = new Promise<void>((resolve) => storeServer.close(() => resolve()));
      storeServer.closeAllConnections();
      await closingStore;
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

interface FrontContext {
  account: S3Account;
  allowedOrigins: string[];
  socketPath: string;
}

async function handle(request: IncomingMessage, response: ServerResponse, context: FrontContext) {
  const { account, allowedOrigins } = context;
  if (request.method === 'OPTIONS') {
    preflight(request, response, allowedOrigins);
    return;
  }
  let verified;
  try {
    verified = verifySigV4(request, account);
    if (verified.payloadHash.startsWith('STREAMING-')) {
      throw new S3AuthError(
        501,
        'NotImplemented',
        'aws-chunked bodies are not supported by the local S3: sign the payload hash or send UNSIGNED-PAYLOAD',
      );
    }
  } catch (error) {
    if (!(error instanceof S3AuthError)) throw error;
    request.resume();
    sendError(response, request, allowedOrigins, error);
    return;
  }

  let body: Buffer | undefined;
  if (verified.payloadHash !== UNSIGNED_PAYLOAD) {
    const badRequest = (code: string, message: string) =>
      sendError(response, request, allowedOrigins, new S3AuthError(400, code, message));
    const whole = await readUpTo(request, MAX_SIGNED_BODY_BYTES);
    if (!whole) {
      badRequest(
        'EntityTooLarge',
        `A body whose hash is signed may be at most ${MAX_SIGNED_BODY_BYTES} bytes here: send it in parts`,
      );
      return;
    }
    if (sha256Hex(whole) !== verified.payloadHash.toLowerCase()) {
      badRequest(
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
      return;
    }
    body = whole;
  }
  forward(request, response, context, body);
}

/** The checked request, to s3rver as its own account (it checks the key id only), and its answer back. */
function forward(request: IncomingMessage, response: ServerResponse, context: FrontContext, body?: Buffer) {
  const headers: OutgoingHttpHeaders = withoutHopByHop(request.headers);
  if (headers.authorization) {
    headers.authorization = String(headers.authorization).replace(
      /Credential=[^/,\s]+\//,
      `Credential=${S3RVER_KEY_ID}/`,
    );
  }
  if (body) headers['content-length'] = String(body.length);
  else if (request.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
  const upstream = httpRequest(
    {
      socketPath: context.socketPath,
      method: request.method,
      path: asS3rverAccount(request.url ?? '/'),
      headers,
    },
    (answer) => {
      const answerHeaders: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(withoutHopByHop(answer.headers))) {
        if (!name.startsWith('access-control-') && name !== 'vary') answerHeaders[name] = value;
      }
      Object.assign(answerHeaders, corsHeaders(request, context.allowedOrigins), NO_SNIFFING);
      response.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    if (!response.headersSent) {
      sendError(
        response,
        request,
        context.allowedOrigins,
        new S3AuthError(502, 'InternalError', error.message),
      );
    } else response.destroy();
  });
  // A client gone mid-upload: the store sees the request cut short and keeps nothing of it.
  request.on('aborted', () => upstream.destroy());
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  if (body) upstream.end(body);
  else request.pipe(upstream);
}

/** The presigned query's key id swapped for s3rver's (the signature was checked already). */
function asS3rverAccount(url: string): string {
  return url.replace(/([?&]X-Amz-Credential=)[^%/&]+(%2F|\/)/i, `$1${S3RVER_KEY_ID}$2`);
}

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/** S3's preflight: the origin must be the web app's and the method and headers ones it may use. */
function preflight(request: IncomingMessage, response: ServerResponse, allowedOrigins: string[]) {
  const origin = request.headers.origin;
  const method = request.headers['access-control-request-method'];
  if (!origin || !method) {
    sendError(
      response,
      request,
      [],
      new S3AuthError(400, 'BadRequest', 'Insufficient information. Origin request header needed.'),
    );
    return;
  }
  if (!allowedOrigins.includes(origin) || !CORS_METHODS.includes(method.toUpperCase())) {
    sendError(
      response,
      request,
      [],
      new S3AuthError(
        403,
        'AccessForbidden',
        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
      ),
    );
    return;
  }
  const requestedHeaders = request.headers['access-control-request-headers'];
  response.writeHead(200, {
    ...corsHeaders(request, allowedOrigins),
    'access-control-allow-methods': CORS_METHODS.join(', '),
    ...(requestedHeaders ? { 'access-control-allow-headers': requestedHeaders } : {}),
    'access-control-max-age': '3000',
    'content-length': '0',
  });
  response.end();
}

/** For the web app's origin only: that origin, the headers its pages may read, and Vary. */
function corsHeaders(request: IncomingMessage, allowedOrigins: string[]): OutgoingHttpHeaders {
  const origin = request.headers.origin;
  const vary = { vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method' };
  if (!origin || !allowedOrigins.includes(origin)) return vary;
  return {
    ...vary,
    'access-control-allow-origin': origin,
    'access-control-expose-headers': CORS_EXPOSED.join(', '),
  };
}

function sendError(
  response: ServerResponse,
  request: IncomingMessage,
  allowedOrigins: string[],
  error: S3AuthError,
) {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message>` +
    `<RequestId>${randomUUID()}</RequestId></Error>`;
  const body = request.method === 'HEAD' ? '' : xml;
  response.writeHead(error.status, {
    ...corsHeaders(request, allowedOrigins),
    ...NO_SNIFFING,
    'content-type': 'application/xml',
    'content-length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The whole body, or null (the rest discarded) once it passes `limit` bytes. */
function readUpTo(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    request.on('error', reject);
    request.on('aborted', () => reject(new Error('request aborted')));
  });
}
