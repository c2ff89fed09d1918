import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMembershipRole, type MembershipRole, type StaffRole } from '@tourly/contracts';
import type { FastifyReply } from 'fastify';
import { BASE_SECURITY_HEADERS, pageSecurityHeaders } from '../routing/security-headers';

/** Pages of the public tour player: served from player.html, embeddable in other sites. */
const PLAYER_PAGES = /^\/tours(\/|$)/;

export interface PageContext {
  role: MembershipRole | null;
  staffRole: StaffRole | null;
  /** The session's CSRF token, which the web app echoes on unsafe requests. */
  csrfToken: string | null;
}

/**
 * The built web app (web/dist): one HTML shell for the provider pages and the console, another for the
 * public player, and the hashed assets they load. The shell is read once at start and personalised per
 * request with meta tags the app reads (the caller's role).
 */
export class WebApp {
  private constructor(
    readonly assetsDir: string | undefined,
    private readonly shells: { app?: string; player?: string },
  ) {}

  static load(distDir: string): WebApp {
    const read = (file: string) => {
      const full = path.join(distDir, file);
      return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    };
    const assets = path.join(distDir, 'assets');
    return new WebApp(existsSync(assets) ? assets : undefined, {
      app: read('index.html'),
      player: read('player.html'),
    });
  }

  sendPage(reply: FastifyReply, pathname: string, context: PageContext): FastifyReply {
    const player = PLAYER_PAGES.test(pathname);
    const shell = player ? this.shells.player : this.shells.app;
    if (!shell) {
      return reply
        .status(503)
        .headers(BASE_SECURITY_HEADERS)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build -w web` (npm start does it for you).');
    }
    return reply
      .headers(pageSecurityHeaders(player))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(render(shell, context));
  }
}

function render(shell: string, context: PageContext): string {
  // An unknown role yields no tag at all: the app then treats the visitor as having none (spec 000 §6).
  const tags = [
    isMembershipRole(context.role) ? `<meta name="current-role" content="${context.role}">` : '',
    context.staffRole ? `<meta name="staff-role" content="${context.staffRole}">` : '',
    context.csrfToken ? `<meta name="csrf-token" content="${context.csrfToken}">` : '',
  ].filter(Boolean);
  return tags.length > 0 ? shell.replace('</head>', `  ${tags.join('\n  ')}\n  </head>`) : shell;
}

/** A browser navigating, as opposed to the API client (which always asks for JSON). */
export function wantsPage(method: string, accept: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && !!accept && accept.includes('text/html');
}
