import { Transform, type TransformCallback } from 'node:stream';
import { HOST_PROVIDER_HEADER, LIMITS, MESSAGES, type BackendService } from '@tourly/contracts';
import {
  BODY_TOO_LARGE,
  INTERNAL_TOKEN_HEADER,
  JSON_BODY_LIMIT_BYTES,
  SIGN_IN_REQUIRED,
  type ErrorBody,
  type Logger,
} from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import { MAX_SHARED_BODY_BYTES, namesEtag, sharedMaxAge } from './shared-answers';

/**
 * Connection-level headers that describe one hop, never forwarded. `expect` among them: Node's server has
 * already answered `100 Continue` to the client, and the gateway sends the body on without waiting.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The largest upload the gateway forwards: the spec's largest file (100MB as 1024e5 bytes) plus room for
 * multipart framing. The service checks the file itself; this stops an oversized body at the edge, where
 * the client can still be told why (a service that refuses mid-stream closes the connection).
 */
export const MAX_FORWARDED_BODY_BYTES = LIMITS.maxUploadBytes + 1024 * 1024;
const UPLOAD_TOO_LARGE: ErrorBody = { errors: { base: [MESSAGES.uploadTooLarge] } };
const JSON_TOO_LARGE: ErrorBody = { errors: { base: [BODY_TOO_LARGE] } };

/**
 * The limit of a request's body at the edge: only multipart uploads may be large; every other body (JSON,
 * forms) has the services' own limit, so the service never has to refuse a body it is still being sent.
 */
function bodyLimitOf(request: FastifyRequest): { bytes: number; refusal: ErrorBody } {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')
    ? { bytes: MAX_FORWARDED_BODY_BYTES, refusal: UPLOAD_TOO_LARGE }
    : { bytes: JSON_BODY_LIMIT_BYTES, refusal: JSON_TOO_LARGE };
}

/**
 * Headers only the gateway sets: a client's own are dropped (the host is sent on as x-forwarded-host). The trace
 * headers are the gateway's span's, added by its tracing when on: a client's copy beside them would make the
 * service read neither.
 */
const GATEWAYS_OWN = new Set([
  INTERNAL_TOKEN_HEADER,
  HOST_PROVIDER_HEADER,
  'host',
  'traceparent',
  'tracestate',
]);

/** What the gateway adds to a service's answer that names no caching of its own. */
export const NOT_STORED = 'no-store';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** What a forwarded request may add to the plain stream. */
export interface ForwardOptions {
  /** Whose host the request came to (properties' tours by host); sent as x-host-provider-id. */
  hostProviderId?: string | null;
  /** Told the answer's headers and whole body when a shared cache may keep it (`public, s-maxage`). */
  keep?: (headers: Record<string, string | string[]>, body: Buffer) => void;
  /**
   * A browser navigating here: a 401 from the service (no session, or an ended one) sends it to this sign-in page,
   * which brings it back, instead of showing it the JSON meant for the app.
   */
  signInPage?: string;
  /**
   * Awaited once the service answered, before the answer is passed on: what must happen before the client can send
   * its next request (the gateway replicas told that its session changed).
   */
  answered?: () => Promise<void>;
}

export interface ProxyOptions {
  upstreams: Record<BackendService, URL>;
  timeoutMs: number;
  responseHeaders: Readonly<Record<string, string>>;
  logger: Logger;
}

/**
 * Forwards a request to its owning service as a stream in both directions: a 100 MB upload passes through
 * in chunks, never whole in memory. The client's own `x-internal-token` is dropped; the gateway's, minted
 * for the resolved caller, takes its place. undici rather than node:http, because a service may answer
 * before it has read the whole body (413 for an oversized upload) and close: undici still reads that answer.
 */
export class UpstreamProxy {
  private readonly pools: Record<BackendService, Pool>;

  constructor(private readonly options: ProxyOptions) {
    const pool = (url: URL) =>
      new Pool(url.origin, {
        connections: 128,
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
    this.pools = {
      identity: pool(options.upstreams.identity),
      billing: pool(options.upstreams.billing),
      properties: pool(options.upstreams.properties),
      orders: pool(options.upstreams.orders),
    };
  }

  async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    service: BackendService,
    token: string,
    { hostProviderId = null, keep, signInPage, answered }: ForwardOptions = {},
  ): Promise<void> {
    void reply.hijack();
    const response = reply.raw;
    const limit = bodyLimitOf(request);
    if (Number(request.headers['content-length'] ?? 0) > limit.bytes) {
      this.refuseTooLarge(request, response, service, limit.refusal);
      return;
    }
    // A client that went away while the gateway was still deciding (a limit to count, a session to resolve) is
    // owed nothing, and its request's body can no longer be read: forwarded, it would hold the service's
    // connection, waiting for a body that never comes, until the upstream timeout.
    if (request.raw.destroyed) {
      response.destroy();
      return;
    }
    // The body passes through a counter that stops it past the limit (chunked bodies announce no length).
    // Piped rather than pipelined: an upstream that fails must not destroy the client's request, which is
    // still owed an answer. A client that goes away before its body has all passed (mid-upload, or with the
    // rest still buffered here) aborts the upstream request too, so the service sees an aborted request and
    // nothing half-written remains.
    const requestBody = hasBody(request) ? request.raw.pipe(new ByteLimit(limit.bytes)) : undefined;
    const clientGone = () => {
      if (!request.raw.readableEnded) requestBody?.destroy(new ClientGone());
    };
    request.raw.once('close', clientGone);
    request.raw.once('error', clientGone);

    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.pools[service].request({
        method: request.method as Dispatcher.HttpMethod,
        path: request.url,
        headers: this.requestHeaders(request, token, hostProviderId, keep !== undefined),
        body: requestBody,
      });
    } catch (error) {
      if (error instanceof ClientGone || request.raw.destroyed) {
        response.destroy();
        return;
      }
      if (error instanceof BodyTooLarge) {
        this.refuseTooLarge(request, response, service, limit.refusal);
        return;
      }
      const code = (error as { code?: string }).code ?? '';
      const timedOut = TIMEOUT_CODES.has(code);
      this.options.logger.warn({ err: error, reqId: request.id, service }, 'service unreachable');
      this.sendError(request, response, timedOut ? 504 : 503, {
        errors: {
          base: [
            timedOut
              ? `The ${service} service took too long to answer. Please try again in a moment.`
              : `The ${service} service is not available right now. Please try again in a moment.`,
          ],
        },
      });
      return;
    } finally {
      request.raw.off('close', clientGone);
      request.raw.off('error', clientGone);
    }
    await answered?.().catch((error: unknown) =>
      this.options.logger.warn({ err: error, reqId: request.id, service }, 'after-answer step failed'),
    );
    const headers: Record<string, string | string[]> = { ...this.options.responseHeaders };
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // An answer that says nothing about caching may carry a person's or a provider's data: nothing keeps it. A
    // service that wants one kept says so (the player's base.json `public, s-maxage`, the plan `private, max-age`).
    headers['cache-control'] ??= NOT_STORED;
    closeIfBodyUnread(request, headers);
    const body = answer.body;
    if (signInPage && answer.statusCode === 401) {
      this.signInOrRefuse(request, response, headers, body, signInPage);
      return;
    }
    if (keep && answer.statusCode === 200 && this.answeredWhole(request, response, headers, body, keep))
      return;
    response.writeHead(answer.statusCode, headers);
    // The client going away while downloading stops the service's answer too; a service that fails
    // mid-answer logs its own error. (pipe rather than pipeline: pipeline costs an AbortController per call.)
    body.once('error', (error) => {
      this.options.logger.debug({ err: error, reqId: request.id, service }, 'answer stream cut short');
      response.destroy(error);
    });
    response.once('close', () => {
      if (!response.writableFinished) body.destroy();
    });
    body.pipe(response);
  }

  /**
   * A browser navigating was refused with a 401. Read whole (a refusal is a few bytes): when it asks to sign in (no
   * session, or one that ended), the browser goes to the sign-in page, which brings it back; any other 401 (a tour's
   * password) is answered as the service gave it.
   */
  private signInOrRefuse(
    request: FastifyRequest,
    response: FastifyReply['raw'],
    headers: Record<string, string | string[]>,
    body: Dispatcher.ResponseData['body'],
    signInPage: string,
  ): void {
    body.arrayBuffer().then(
      (bytes) => {
        const whole = Buffer.from(bytes);
        if (!asksToSignIn(whole)) return void response.writeHead(401, headers).end(whole);
        const { 'content-length': _length, 'content-type': _type, ...kept } = headers;
        response.writeHead(302, { ...kept, location: signInPage, 'cache-control': NOT_STORED }).end();
      },
      (error: Error) => {
        this.options.logger.debug({ err: error, reqId: request.id }, 'answer stream cut short');
        response.destroy(error);
      },
    );
  }

  /**
   * With a shared cache (`keep`), the gateway judges `If-None-Match` itself (the service is asked without it, so
   * it answers the whole body a cache can keep): a small answer that a shared cache may keep, or whose ETag the
   * client already has, is read whole, kept, and answered 200 or 304. false: anything else, streamed as usual.
   */
  private answeredWhole(
    request: FastifyRequest,
    response: FastifyReply['raw'],
    headers: Record<string, string | string[]>,
    body: Dispatcher.ResponseData['body'],
    keep: (headers: Record<string, string | string[]>, body: Buffer) => void,
  ): boolean {
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    const fresh = etag !== undefined && namesEtag(request.headers['if-none-match'], etag);
    const shared = sharedMaxAge(headers['cache-control']) > 0;
    if ((!fresh && !shared) || Number(headers['content-length'] ?? 0) > MAX_SHARED_BODY_BYTES) return false;
    body.arrayBuffer().then(
      (bytes) => {
        const whole = Buffer.from(bytes);
        if (shared && whole.length <= MAX_SHARED_BODY_BYTES) keep(headers, whole);
        if (fresh) {
          const { 'content-length': _length, 'content-type': _type, ...notModified } = headers;
          response.writeHead(304, notModified).end();
        } else response.writeHead(200, headers).end(whole);
      },
      (error: Error) => {
        this.options.logger.debug({ err: error, reqId: request.id }, 'answer stream cut short');
        response.destroy(error);
      },
    );
    return true;
  }

  /**
   * The client's headers less its own say on who it is (the internal token) and whose host it came to: the
   * gateway's take their place.
   */
  private requestHeaders(
    request: FastifyRequest,
    token: string,
    hostProviderId: string | null,
    judgesConditions: boolean,
  ): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || GATEWAYS_OWN.has(name)) continue;
      if (judgesConditions && name === 'if-none-match') continue;
      headers[name] = value;
    }
    const peer = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-request-id'] = request.id;
    headers[INTERNAL_TOKEN_HEADER] = token;
    if (hostProviderId) headers[HOST_PROVIDER_HEADER] = hostProviderId;
    return headers;
  }

  private refuseTooLarge(
    request: FastifyRequest,
    response: FastifyReply['raw'],
    service: BackendService,
    refusal: ErrorBody,
  ): void {
    this.options.logger.info(
      { reqId: request.id, service, method: request.method, url: request.url },
      'request body over the limit refused',
    );
    this.sendError(request, response, 413, refusal);
  }

  private sendError(
    request: FastifyRequest,
    response: FastifyReply['raw'],
    status: number,
    body: ErrorBody,
  ): void {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const headers: Record<string, string> = {
      ...this.options.responseHeaders,
      'content-type': 'application/json; charset=utf-8',
    };
    closeIfBodyUnread(request, headers);
    response.writeHead(status, headers);
    response.end(JSON.stringify(body));
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((pool) => pool.close()));
  }
}

/** Whether a service's 401 is the platform's "sign in first" (rather than, say, a tour's password). */
function asksToSignIn(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: { base?: unknown } };
    return Array.isArray(parsed.errors?.base) && parsed.errors.base.includes(SIGN_IN_REQUIRED);
  } catch {
    return false;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Answering before the whole body is read (an early 413, an unreachable service): close the connection
 * after this answer and discard what the client is still sending, so it reads the answer.
 */
function closeIfBodyUnread(request: FastifyRequest, headers: Record<string, string | string[]>): void {
  if (request.raw.complete) return;
  headers.connection = 'close';
  request.raw.unpipe();
  request.raw.resume();
}

class BodyTooLarge extends Error {}
class ClientGone extends Error {}

/** Counts the bytes of a body without a (truthful) Content-Length and stops it past the limit. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new BodyTooLarge('request body over the limit'));
    else done(null, chunk);
  }
}
