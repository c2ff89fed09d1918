import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { throwError, type Observable } from 'rxjs';
import type { Logger } from 'pino';
import { databaseUnavailable, RetryLater, toErrorResponse } from './errors';

/** What a 503 tells a client to wait before it tries again: a database restart or failover takes seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Every exception an HTTP handler throws leaves as `{errors: ...}` with its status; unknown ones as a logged
 * 500. Event and request-reply handlers get their errors back as thrown (Nest's default would replace them
 * with a generic object), so retries, dead letters and replies see the real error.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void | Observable<never> {
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body } = toErrorResponse(exception, request.id);
    const unavailable = databaseUnavailable(exception);
    if (unavailable) {
      this.logger.warn({ reqId: request.id, err: exception }, 'database out of reach');
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) this.logger.error({ reqId: request.id, err: exception }, 'unhandled error');
    if (exception instanceof RetryLater)
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).type('application/json').send(body);
  }
}
