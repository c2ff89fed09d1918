import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { traceFields, tracingOn } from '../tracing/tracing';

export type { Logger } from 'pino';

/**
 * JSON logs, one line per entry, tagged with the service; with tracing on, a line written inside a span carries
 * its `trace_id` and `span_id`, so a trace leads to its log lines and back. (Tracing starts before the services'
 * loggers are made: without it, lines pay nothing for this.)
 */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(tracingOn() ? { mixin: traceFields } : {}),
  });
}

/** Nest's own messages (bootstrap, module wiring, unhandled errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  /**
   * Nest's own info lines (modules loaded, routes mapped) at debug: they are start-up noise, and Nest keeps one
   * logger per process, so with several services in one process they would carry whichever service started last.
   */
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
