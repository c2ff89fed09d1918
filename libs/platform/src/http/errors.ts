import { HttpException, HttpStatus } from '@nestjs/common';
import { toSnake } from './case';

/** `{ "errors": { "<field>": ["message"], "base": ["message"] } }`: the one failure shape of the API. */
export type ErrorMap = Record<string, string[]>;
export interface ErrorBody {
  errors: ErrorMap;
}

export const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
export const NOT_ALLOWED = 'You are not allowed to do this.';
export const BODY_TOO_LARGE =
  'The request body is too large (at most 1 MB; send files as multipart uploads).';

/**
 * An error a client caused or can act on. Services throw these (or subclasses with their own codes);
 * the exception filter turns them into the wire shape with their status.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly errors: ErrorMap,
  ) {
    super({ errors }, status);
  }

  static base(status: number, message: string): ApiError {
    return new ApiError(status, { base: [message] });
  }

  static badRequest(message: string): ApiError {
    return ApiError.base(HttpStatus.BAD_REQUEST, message);
  }

  static unauthorized(message = SIGN_IN_REQUIRED): ApiError {
    return ApiError.base(HttpStatus.UNAUTHORIZED, message);
  }

  static forbidden(message = NOT_ALLOWED): ApiError {
    return ApiError.base(HttpStatus.FORBIDDEN, message);
  }

  static notFound(message = 'Not found'): ApiError {
    return ApiError.base(HttpStatus.NOT_FOUND, message);
  }

  static conflict(message: string): ApiError {
    return ApiError.base(HttpStatus.CONFLICT, message);
  }

  /** 422 for one field (camelCase in code, snake_case on the wire) or for `base`. */
  static invalid(field: string, message: string): ApiError {
    return new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { [toSnake(field)]: [message] });
  }

  /**
   * Throws 422 with a message per field (camelCase in code, snake_case on the wire) when a rule found any: what a
   * table of rules answers (`field -> message`, empty when all hold) for input no DTO checked alone.
   */
  static refuseAny(errors: Record<string, string>): void {
    if (Object.keys(errors).length > 0) throw ApiError.refusal(errors);
  }

  /** 422 with a message per field (camelCase in code, snake_case on the wire), for a caller that knows some failed. */
  static refusal(errors: Record<string, string>): ApiError {
    return new ApiError(
      HttpStatus.UNPROCESSABLE_ENTITY,
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [toSnake(field), [message]])),
    );
  }

  static unavailable(message: string): ApiError {
    return ApiError.base(HttpStatus.SERVICE_UNAVAILABLE, message);
  }

  /** 429 with `Retry-After`, so clients (and people) know when to try again. */
  static tooMany(message: string, retryAfterSeconds: number): ApiError {
    return new RetryLater(message, retryAfterSeconds);
  }
}

export class RetryLater extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, { base: [message] });
  }
}

/** Client errors raised by Fastify itself (body parsing, limits), in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send JSON (application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object or no content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

interface ErrorLike {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Maps anything thrown while handling a request to a status and the wire shape. Never leaks internals. */
export function toErrorResponse(exception: unknown, requestId: string): { status: number; body: ErrorBody } {
  if (exception instanceof ApiError)
    return { status: exception.getStatus(), body: { errors: exception.errors } };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) return internalError(requestId, status);
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'errors' in response) {
      return { status, body: response as ErrorBody };
    }
    const message =
      typeof response === 'string'
        ? response
        : ((response as { message?: unknown }).message ?? exception.message);
    return {
      status,
      body: { errors: { base: Array.isArray(message) ? message.map(String) : [String(message)] } },
    };
  }
  const { statusCode, code, message } = (exception ?? {}) as ErrorLike;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const text = (typeof code === 'string' && FASTIFY_MESSAGES[code]) || String(message ?? 'Bad request');
    return { status: statusCode, body: { errors: { base: [text] } } };
  }
  if (databaseUnavailable(exception))
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { errors: { base: [BRIEFLY_UNAVAILABLE] } } };
  return internalError(requestId, HttpStatus.INTERNAL_SERVER_ERROR);
}

export const BRIEFLY_UNAVAILABLE = 'Tourly is briefly unavailable. Please try again in a moment.';
/**
 * SQLSTATE classes of a database out of reach or out of room: connection exceptions (08), insufficient resources (53:
 * too many connections, out of memory), shut down or starting (57P01-57P03).
 */
const UNREACHABLE_STATE = /^(08|53|57P0[1-3])/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * Whether a request failed because the database was out of reach (restarting, failing over, its connection cut) or
 * out of room (its connections all taken, the pool's wait for one over): the client did nothing wrong and the same
 * request will work again shortly, so 503, not a 500 to report.
 */
export function databaseUnavailable(exception: unknown): boolean {
  const error = (exception ?? {}) as { code?: unknown; message?: unknown; driverError?: { code?: unknown } };
  const code = String(error.driverError?.code ?? error.code ?? '');
  return (
    UNREACHABLE_STATE.test(code) ||
    UNREACHABLE_SOCKET.has(code) ||
    /^(Connection terminated|timeout exceeded when trying to connect)/.test(String(error.message ?? ''))
  );
}

function internalError(requestId: string, status: number): { status: number; body: ErrorBody } {
  return {
    status,
    body: {
      errors: {
        base: [
          `Something went wrong on our side. Please try again later, or contact support with reference ${requestId}.`,
        ],
      },
    },
  };
}
