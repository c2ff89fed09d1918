import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Network } from '../src/tour-assets/web-pages';

export type Routes = Record<string, (response: ServerResponse) => void>;

/**
 * The internet as the server-side reads (link metadata, the image proxy) are tested through: names resolve to what
 * `names` says a DNS server answers for them (an unknown name: ENOTFOUND), and every connection, to whichever address
 * was checked, reaches one local web server answering `routes` by path (anything else: 404). `connections` lists the
 * addresses connected to, `requests` counts what the server was asked.
 */
export function aLocalInternet(names: Record<string, string[]>, routes: Routes) {
  let port = 0;
  const server = createServer((request, response) => {
    internet.requests += 1;
    const route = routes[new URL(request.url!, 'http://x').pathname];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  const network: Network = {
    async resolve(hostname) {
      const found = names[hostname];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return found;
    },
    connect(address) {
      internet.connections.push(address);
      return connect({ host: '127.0.0.1', port });
    },
  };
  const internet = {
    network,
    connections: [] as string[],
    requests: 0,
    async start(): Promise<void> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return internet;
}
