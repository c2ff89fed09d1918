import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The app lives at one origin, APP_URL's: the session cookie is set there, Matterport's OAuth callback and the mailed
 * links (password reset, sign-up) come back there. A browser that opened the app under another name of the same
 * server (`127.0.0.1:3000` or `[::1]:3000` for `localhost:3000`, the server's address for its domain) would make a
 * session that none of those find; its pages send it to the same path on APP_URL first.
 *
 * "Another name of the same server" is what the gateway can know without being told: `localhost` or an IP address,
 * on APP_URL's port. Any other host is someone's: a provider's subdomain or white-label domain (their tours' pages),
 * or another server of its own.
 */
export class CanonicalOrigin {
  private readonly app: URL;
  private readonly appPort: string;

  constructor(appUrl: string) {
    this.app = new URL(appUrl);
    this.appPort = this.app.port || defaultPort(this.app.protocol);
  }

  /** Where to send a browser that asked for this page: the same path and query on APP_URL; null when not to. */
  redirectFor(request: FastifyRequest): string | null {
    let host: URL;
    try {
      host = new URL(`http://${request.headers.host ?? ''}`);
    } catch {
      return null;
    }
    const hostname = host.hostname.toLowerCase();
    if (hostname === this.app.hostname.toLowerCase()) return null;
    const port = host.port || defaultPort(`${request.protocol}:`);
    const sameServer = hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
    return sameServer && port === this.appPort ? `${this.app.origin}${request.url}` : null;
  }
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}
