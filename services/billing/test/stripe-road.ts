import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * The road from billing to Stripe's API, which a test can cut: a TCP relay in front of the emulator. Cut, it drops
 * what it carried and every new connection at once, so billing's calls fail as on a network outage.
 */
export class StripeRoad {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private down = false;
  target = '';

  async start(): Promise<string> {
    const server = createServer((incoming) => {
      incoming.on('error', () => undefined);
      if (this.down) {
        incoming.destroy();
        return;
      }
      const { hostname, port } = new URL(this.target);
      const outgoing = connect(Number(port), hostname);
      for (const socket of [incoming, outgoing]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  /**
   * Starts the road; the settings that put billing's Stripe API behind it (the emulators' address as its far end),
   * with a processing that parks after two quick tries and a stored event retried a second later, as an outage
   * test wants them.
   */
  async billingBehind(): Promise<(emulatorsUrl: string) => Record<string, string>> {
    const url = await this.start();
    return (emulatorsUrl) => {
      this.target = emulatorsUrl;
      return { STRIPE_API_URL: url, STRIPE_EVENT_RETRY_AFTER_SECONDS: '1', EVENT_RETRY_BACKOFF_MS: '50,100' };
    };
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}
