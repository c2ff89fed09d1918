import { Injectable } from '@nestjs/common';
import { ApiError } from '../http/errors';
import { toCamelKeys, toSnakeKeys } from '../http/case';
import { traceRequest } from '../tracing/tracing';
import type { RpcFailure } from './events.server';
import { RpcError, type Transport } from './transport';

export const DEFAULT_RPC_TIMEOUT_MS = 3000;

/**
 * Synchronous asks between services over request-reply (`@MessagePattern` on the other side), for decisions
 * that cannot wait for an event: e.g. orders asking billing to reserve credits. A slow or absent service
 * becomes a 503 the client can retry, never a hang; the other side's 4xx comes back as the same 4xx.
 */
@Injectable()
export class RpcClient {
  constructor(private readonly transport: Transport) {}

  async ask<T>(subject: string, request: unknown, timeoutMs = DEFAULT_RPC_TIMEOUT_MS): Promise<T> {
    const owner = subject.split('.')[0];
    let reply: Uint8Array;
    try {
      const data = Buffer.from(JSON.stringify(toSnakeKeys(request)));
      reply = await traceRequest(this.transport.kind, subject, (trace) =>
        this.transport.request(subject, data, timeoutMs, trace),
      );
    } catch (error) {
      if (error instanceof RpcError) {
        throw ApiError.unavailable(
          error.reason === 'timeout'
            ? `The ${owner} service did not answer in time. Please try again in a moment.`
            : `The ${owner} service is not available right now. Please try again in a moment.`,
        );
      }
      throw error;
    }
    const answer = JSON.parse(Buffer.from(reply).toString('utf8')) as {
      data?: unknown;
    } & Partial<RpcFailure>;
    if (answer.error) throw new ApiError(answer.error.status, answer.error.errors);
    return toCamelKeys<T>(answer.data);
  }
}
