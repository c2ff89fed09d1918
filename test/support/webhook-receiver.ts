import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST a receiver got, as it arrived. */
export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body: `{type, timestamp, data}`. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** How the receiver answers: a status (and body), after `delayMs` if given, or `hang` (never answers). */
export type ReceiverAnswer = { status: number; body?: string; delayMs?: number } | 'hang';

/**
 * A provider's system receiving webhooks, on 127.0.0.1 (a private address the platform's test and development
 * setting allows): it records what arrives and answers as the test tells it to. It can go down and come back on
 * the same port.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (webhook: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 204 });
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let server: Server | undefined;
  let port = 0;
  /** Requests being answered now, and the most at once, per path. */
  const open = new Map<string, number>();
  const mostOpen = new Map<string, number>();

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const webhook: ReceivedWebhook = {
        path: request.url ?? '/',
        id: String(request.headers['webhook-id'] ?? ''),
        timestamp: String(request.headers['webhook-timestamp'] ?? ''),
        signature: String(request.headers['webhook-signature'] ?? ''),
        body,
        payload: JSON.parse(body || 'null') as ReceivedWebhook['payload'],
      };
      received.push(webhook);
      const now = (open.get(webhook.path) ?? 0) + 1;
      open.set(webhook.path, now);
      mostOpen.set(webhook.path, Math.max(now, mostOpen.get(webhook.path) ?? 0));
      response.on('close', () => open.set(webhook.path, (open.get(webhook.path) ?? 1) - 1));
      const reply = answer(webhook);
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      const send = () =>
        response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  };

  const listen = async () => {
    server = createServer(handle);
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };
  await listen();

  return {
    received,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    /** What the receiver answers from now on. */
    answerWith(next: (webhook: ReceivedWebhook) => ReceiverAnswer) {
      answer = next;
    },
    /** The most requests on a path the receiver was answering at once. */
    mostAtOnce: (path: string) => mostOpen.get(path) ?? 0,
    /** The webhooks that arrived on a path. */
    at: (path: string) => received.filter((webhook) => webhook.path === path),
    /** Verifies a webhook as any Standard Webhooks receiver would; throws when the signature does not match. */
    verify(secret: string, webhook: Pick<ReceivedWebhook, 'id' | 'timestamp' | 'signature' | 'body'>) {
      return new Webhook(secret).verify(webhook.body, {
        'webhook-id': webhook.id,
        'webhook-timestamp': webhook.timestamp,
        'webhook-signature': webhook.signature,
      });
    },
    /** Down: connections are refused until `up()`. */
    async down() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    },
    /** Back on the same port. */
    up: listen,
    async stop() {
      if (server) await this.down();
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
