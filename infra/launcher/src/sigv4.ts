import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * AWS Signature Version 4 as S3 checks it, for the local S3: a request signed in its Authorization header or a
 * presigned URL (the signature in the query), against the one account's keys.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 */

export interface S3Account {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** An S3 error answer: status, code and message as S3 words them. */
export class S3AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a header-signed request's time may be from the server's (S3's own allowance). */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may be valid for: seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

export interface VerifiedRequest {
  /** The signed hash of the body (hex), to check against the bytes, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  presigned: boolean;
}

const denied = (message = 'Access Denied') => new S3AuthError(403, 'AccessDenied', message);
const mismatch = () =>
  new S3AuthError(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/**
 * Verifies the request's signature, time and scope; throws an S3AuthError otherwise (an unsigned request is
 * Access Denied). The body is not read here: the caller checks it against `payloadHash`.
 */
export function verifySigV4(request: IncomingMessage, account: S3Account, now = new Date()): VerifiedRequest {
  const [rawPath = '/', rawQuery = ''] = splitOnce(request.url ?? '/', '?');
  const query = parseQuery(rawQuery);
  const authorization = header(request, 'authorization');
  const queryAlgorithm = query.find(([name]) => name === 'X-Amz-Algorithm')?.[1];

  let signed: { credential: string; signedHeaders: string[]; signature: string; amzDate: string };
  let payloadHash: string;
  const presigned = !authorization && queryAlgorithm !== undefined;
  if (authorization) {
    if (!authorization.startsWith(`${ALGORITHM} `)) {
      throw new S3AuthError(
        400,
        'InvalidArgument',
        'Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted',
      );
    }
    const fields = new Map(
      authorization
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((part) => splitOnce(part.trim(), '=') as [string, string]),
    );
    const credential = fields.get('Credential');
    const signedHeaders = fields.get('SignedHeaders');
    const signature = fields.get('Signature');
    const amzDate = header(request, 'x-amz-date');
    if (!credential || !signedHeaders || !signature) {
      throw new S3AuthError(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    }
    if (!amzDate || !isAmzDate(amzDate)) {
      throw denied('AWS authentication requires a valid Date or x-amz-date header');
    }
    if (Math.abs(now.getTime() - parseAmzDate(amzDate)) > MAX_SKEW_MS) {
      throw new S3AuthError(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const contentHash = header(request, 'x-amz-content-sha256');
    if (!contentHash)
      throw new S3AuthError(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    payloadHash = contentHash;
    signed = { credential, signedHeaders: signedHeaders.split(';'), signature, amzDate };
  } else if (presigned) {
    if (queryAlgorithm !== ALGORITHM) {
      throw new S3AuthError(
        400,
        'InvalidArgument',
        'Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted',
      );
    }
    const param = (name: string) => query.find(([key]) => key === name)?.[1];
    const credential = param('X-Amz-Credential');
    const signedHeaders = param('X-Amz-SignedHeaders');
    const signature = param('X-Amz-Signature');
    const amzDate = param('X-Amz-Date');
    const expires = Number(param('X-Amz-Expires'));
    if (!credential || !signedHeaders || !signature || !amzDate || !isAmzDate(amzDate)) {
      throw new S3AuthError(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      throw new S3AuthError(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be a whole number of seconds from 1 to 604800',
      );
    }
    const signedAt = parseAmzDate(amzDate);
    if (signedAt - now.getTime() > MAX_SKEW_MS) throw denied('Request is not valid yet');
    if (now.getTime() > signedAt + expires * 1000) throw denied('Request has expired');
    payloadHash = param('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD;
    signed = { credential, signedHeaders: signedHeaders.split(';'), signature, amzDate };
  } else {
    throw denied();
  }

  const [accessKeyId, date, region, service, terminator, ...rest] = signed.credential.split('/');
  if (accessKeyId !== account.accessKeyId) {
    throw new S3AuthError(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (
    rest.length > 0 ||
    date !== signed.amzDate.slice(0, 8) ||
    region !== account.region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  ) {
    throw new S3AuthError(
      400,
      'AuthorizationHeaderMalformed',
      `The credential scope is not ${date}/${account.region}/s3/aws4_request`,
    );
  }
  if (!signed.signedHeaders.includes('host')) throw denied('Host must be a signed header');
  // S3 refuses x-amz-* headers sent alongside a signature that does not cover them.
  const unsigned = Object.keys(request.headers).filter(
    (name) => name.startsWith('x-amz-') && !signed.signedHeaders.includes(name),
  );
  if (unsigned.length > 0) {
    throw denied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  }

  const canonicalRequest = [
    request.method ?? 'GET',
    canonicalPath(rawPath),
    canonicalQuery(presigned ? query.filter(([name]) => name !== 'X-Amz-Signature') : query),
    ...signed.signedHeaders.map((name) => `${name}:${canonicalHeaderValue(request, name)}`),
    '',
    signed.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, signed.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${account.secretAccessKey}`, date), region),
  );
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw mismatch();
  return { payloadHash, presigned };
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Repeated headers joined by commas; spaces trimmed and runs of them made one (SigV4's canonical form). */
function canonicalHeaderValue(request: IncomingMessage, name: string): string {
  const values = request.headersDistinct[name] ?? [];
  return values.map((value) => value.trim().replace(/\s+/g, ' ')).join(',');
}

function splitOnce(value: string, separator: string): [string, string] {
  const at = value.indexOf(separator);
  return at < 0 ? [value, ''] : [value.slice(0, at), value.slice(at + 1)];
}

/** The query's pairs, decoded, in the order sent. */
export function parseQuery(rawQuery: string): Array<[string, string]> {
  if (!rawQuery) return [];
  return rawQuery.split('&').map((pair) => {
    const [name, value] = splitOnce(pair, '=');
    return [safeDecode(name), safeDecode(value)];
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** RFC 3986 unreserved characters stay, everything else is %XX (UTF-8), as SigV4 requires. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** S3's canonical URI: each segment of the path decoded and encoded once again (never normalised). */
function canonicalPath(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(safeDecode(segment)))
    .join('/');
}

function canonicalQuery(pairs: Array<[string, string]>): string {
  return pairs
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function isAmzDate(value: string): boolean {
  return /^\d{8}T\d{6}Z$/.test(value);
}

function parseAmzDate(value: string): number {
  return Date.UTC(
    Number(value.slice(0, 4)),
    Number(value.slice(4, 6)) - 1,
    Number(value.slice(6, 8)),
    Number(value.slice(9, 11)),
    Number(value.slice(11, 13)),
    Number(value.slice(13, 15)),
  );
}
