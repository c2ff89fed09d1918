import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLogger } from '@tourly/platform';
import { UpstreamProxy } from '../src/routing/upstream-proxy';

/**
 * The proxy on its own, between a real client socket and a real service: what it does when the client has gone
 * before the gateway got round to forwarding (a page that aborts its fetch while the gateway counts a limit).
 */
describe('the upstream proxy, when the client went away before it forwarded', () => {
  let service: Server;
  let gateway: FastifyInstance;
  let proxy: UpstreamProxy;
  /** The requests the service has started and not yet read to the end (or seen aborted). */
  const waitingForBody = new Set<IncomingMessage>();
  let forwarded: Promise<void> | undefined;

  beforeAll(async () => {
    service = createServer((request, response) => {
      waitingForBody.add(request);
      request.on('close', () => waitingForBody.delete(request));
      request.resume().on('end', () => {
        waitingForBody.delete(request);
        response.end('{}');
      });
    });
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    const serviceUrl = new URL(`http://127.0.0.1:${(service.address() as AddressInfo).port}`);
    proxy = new UpstreamProxy({
      upstreams: { identity: serviceUrl, billing: serviceUrl, properties: serviceUrl, orders: serviceUrl },
      timeoutMs: 60_000,
      responseHeaders: {},
      logger: createLogger('upstream-proxy-test', 'silent'),
    });
    gateway = Fastify();
    gateway.removeAllContentTypeParsers();
    gateway.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // Forwards only once the client's connection has closed: the gateway's own awaits, made certain.
    gateway.post('/users/invitation/check', (request, reply) => {
      forwarded = (async () => {
        request.raw.on('error', () => undefined);
        if (!request.raw.destroyed) await new Promise((resolve) => request.raw.once('close', resolve));
        await proxy.forward(request, reply, 'identity', 'internal-token');
      })();
      return forwarded;
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway.close();
    await proxy.close();
    service.close();
  });

  it('leaves no service waiting for a body that will never come', async () => {
    const client = connect((gateway.server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    const body = '{"invitation":{"invitation_token":"abc"}}';
    client.write(
      'POST /users/invitation/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    client.destroy();

    // Before: the service got the request's head, waited for its body, and the proxy for its answer, until the
    // upstream timeout (a minute, past this test's own).
    while (!forwarded) await new Promise((resolve) => setImmediate(resolve));
    await forwarded;
    expect(waitingForBody.size).toBe(0);
  });
});
