import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import qs from 'qs';
import type { Logger } from 'pino';
import { Transform, type TransformCallback } from 'node:stream';
import { toCamelKeys } from './case';
import { ApiError } from './errors';
import { refuseUnstorableText } from './text';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The largest JSON or form body a service reads (uploads stream through their own parsers). The gateway
 * refuses larger ones at the edge with the same words, so a service never refuses a body still arriving.
 */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * No socket lives forever: one silent for two minutes is closed, a request must arrive whole within ten
 * (a 100 MB upload on a slow uplink), its headers within one (Node's default), and an idle keep-alive
 * connection ends after 65 s.
 */
export const SOCKET_TIMEOUTS = {
  connectionTimeout: 120_000,
  requestTimeout: 600_000,
  keepAliveTimeout: 65_000,
} as const;

/** Query strings and form bodies alike: nested keys (`filters[status]=x`), camelCase, bounded in size. */
const parseNested = (text: string): Record<string, unknown> =>
  toCamelKeys(qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 200 }));

/**
 * Fastify options every service shares: request ids, nested query strings in camelCase. A service that
 * only forwards requests (the gateway) skips parsing queries it never reads.
 */
/**
 * What Fastify and Node answer on their own, before any route (a path segment over the limit, a malformed
 * URL, headers or a URL over 16 KB, a request too slow to arrive), in the API's error shape and words.
 */
const FRAMEWORK_REFUSALS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not a valid URL (check its percent-encoding).' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the address is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request could not be routed.' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'The request’s headers or address are too long (at most 16 KB).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Please try again.',
  },
};
const MALFORMED_REQUEST = { status: 400, message: 'The request is not valid HTTP.' };

function refusalBody(code: unknown): { status: number; body: string } {
  const refusal = (typeof code === 'string' && FRAMEWORK_REFUSALS[code]) || MALFORMED_REQUEST;
  return { status: refusal.status, body: JSON.stringify({ errors: { base: [refusal.message] } }) };
}

export function fastifyOptions(trustedProxies: string, parseQuery = true): FastifyServerOptions {
  return {
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    ...SOCKET_TIMEOUTS,
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = refusalBody(error.code);
      reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const { status, body } = refusalBody(error.code);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
    trustProxy: trustedProxies.split(',').map((address) => address.trim()),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      querystringParser: parseQuery ? parseNested : () => ({}),
    },
  };
}

const RAW_BODY = Symbol('rawBody');
type RequestWithRawBody = FastifyRequest & { [RAW_BODY]?: string };

/**
 * A JSON request's body exactly as it arrived, for checks over the bytes the sender signed (webhook
 * signatures); undefined for other content types.
 */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return (request as RequestWithRawBody)[RAW_BODY];
}

/**
 * The wire conventions below Nest: JSON bodies parsed to camelCase (malformed JSON is a 400 in the API's
 * error shape: Nest hands Fastify's errors to the ErrorFilter), request ids echoed, one log line per request.
 */
export function installWireConventions(fastify: FastifyInstance, logger: Logger): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    (req as RequestWithRawBody)[RAW_BODY] = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, toCamelKeys(JSON.parse(text)));
    } catch (error) {
      const detail = (error as Error).message;
      done(
        Object.assign(new Error(`The request body is not valid JSON (${detail}).`), { statusCode: 400 }),
        undefined,
      );
    }
  });

  // HTML forms and OAuth 2 clients (RFC 6749 §4) post application/x-www-form-urlencoded.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, parseNested(body as string)),
  );

  // A route's own smaller body limit (`@BodyLimit`): 413 in the route's words, whether the body announces its length
  // or arrives chunked; Fastify's own limit for the route stays as the backstop.
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: RouteBodyLimit } | undefined)?.bodyLimit;
    if (!limit) return;
    route.bodyLimit = limit.bytes + 1;
    const refuse = () => ApiError.base(413, limit.message);
    const own = async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
      if (Number(request.headers['content-length'] ?? 0) > limit.bytes) throw refuse();
      return payload.pipe(new ByteLimit(limit.bytes, refuse));
    };
    const given = route.preParsing;
    route.preParsing = given ? [...(Array.isArray(given) ? given : [given]), own] : [own];
  });

  // Only for a route that matched: the not-found answer is the same whatever the path holds.
  fastify.addHook('preValidation', async (request) => {
    if (!request.is404) refuseUnstorableText(request);
  });

  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  fastify.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 && !logger.isLevelEnabled('debug')) return;
    const entry = {
      reqId: request.id,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (reply.statusCode >= 500) logger.error(entry, 'request failed');
    else logger.debug(entry, 'request');
  });
}

/** A route's own body limit, set with `@BodyLimit(bytes, message)` (libs/platform http/bodies). */
export interface RouteBodyLimit {
  bytes: number;
  message: string;
}

/** Passes a body through, failing it with the route's refusal once it grows past the limit. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(
    private readonly limit: number,
    private readonly refuse: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(this.refuse());
    else done(null, chunk);
  }
}
