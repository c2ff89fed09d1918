import http from 'node:http';
import { pipeline } from 'node:stream';
import type { BackendService } from '@tourly/contracts';
import { INTERNAL_TOKEN_HEADER, type ErrorBody, type Logger } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Connection-level headers that describe one hop, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ProxyOptions {
  upstreams: Record<BackendService, URL>;
  timeoutMs: number;
  responseHeaders: Readonly<Record<string, string>>;
  logger: Logger;
}

/**
 * Forwards a request to its owning service as a stream in both directions: a 100 MB upload passes through
 * in chunks, never whole in memory. The client's own `x-internal-token` is dropped; the gateway's, minted
 * for the resolved caller, takes its place.
 */
export class UpstreamProxy {
  private readonly agent = new http.Agent({
    keepAlive: true,
    maxSockets: 512,
    maxFreeSockets: 64,
    timeout: 60_000,
  });

  constructor(private readonly options: ProxyOptions) {}

  forward(
    request: FastifyRequest,
    reply: FastifyReply,
    service: BackendService,
    internalToken: string,
  ): void {
    const target = this.options.upstreams[service];
    const headers = this.requestHeaders(request, target, internalToken);
    void reply.hijack();
    const response = reply.raw;

    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
        agent: this.agent,
      },
      (upstreamResponse) => {
        const forwarded: Record<string, string | string[]> = { ...this.options.responseHeaders };
        for (const [name, value] of Object.entries(upstreamResponse.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) forwarded[name] = value;
        }
        response.writeHead(upstreamResponse.statusCode ?? 502, forwarded);
        pipeline(upstreamResponse, response, (error) => {
          if (error)
            this.options.logger.warn({ err: error, reqId: request.id, service }, 'response stream cut short');
        });
      },
    );
    upstream.setTimeout(this.options.timeoutMs, () => {
      upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'UPSTREAM_TIMEOUT' }));
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      const timedOut = error.code === 'UPSTREAM_TIMEOUT';
      this.options.logger.warn({ err: error, reqId: request.id, service }, 'service unreachable');
      this.sendError(response, timedOut ? 504 : 503, {
        errors: {
          base: [
            timedOut
              ? `The ${service} service took too long to answer. Please try again in a moment.`
              : `The ${service} service is not available right now. Please try again in a moment.`,
          ],
        },
      });
    });
    // A client that goes away mid-upload aborts the upstream request too, so nothing half-written remains.
    pipeline(request.raw, upstream, (error) => {
      if (error) upstream.destroy(error);
    });
  }

  private requestHeaders(
    request: FastifyRequest,
    target: URL,
    internalToken: string,
  ): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === INTERNAL_TOKEN_HEADER || name === 'host')
        continue;
      headers[name] = value;
    }
    const forwardedFor = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor
      ? `${forwardedFor}, ${request.socket.remoteAddress}`
      : request.socket.remoteAddress;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-request-id'] = request.id;
    headers.host = target.host;
    headers[INTERNAL_TOKEN_HEADER] = internalToken;
    return headers;
  }

  private sendError(response: http.ServerResponse, status: number, body: ErrorBody): void {
    response.writeHead(status, {
      ...this.options.responseHeaders,
      'content-type': 'application/json; charset=utf-8',
    });
    response.end(JSON.stringify(body));
  }

  close(): void {
    this.agent.destroy();
  }
}
