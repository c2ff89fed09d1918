import { Inject, Injectable } from '@nestjs/common';
import { SESSION_COOKIE } from '@tourly/contracts';
import { CONFIG, readCookie, type PlatformConfig } from '@tourly/platform';
import type { FastifyReply } from 'fastify';
import { SESSION_LIFETIME_SECONDS } from './sessions.service';

/** The session token from a Cookie header, if any. */
export const sessionTokenFrom = (cookieHeader: string | undefined) =>
  readCookie(cookieHeader, SESSION_COOKIE);

/**
 * Writes the session cookie: httpOnly (scripts never see it), SameSite=Lax (not sent on cross-site posts),
 * Secure in production.
 */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(@Inject(CONFIG) config: PlatformConfig) {
    this.secure = config.NODE_ENV === 'production';
  }

  set(reply: FastifyReply, token: string, maxAgeSeconds = SESSION_LIFETIME_SECONDS): void {
    const attributes = [
      `${SESSION_COOKIE}=${token}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${maxAgeSeconds}`,
    ];
    if (this.secure) attributes.push('Secure');
    void reply.header('set-cookie', attributes.join('; '));
  }

  clear(reply: FastifyReply): void {
    this.set(reply, '', 0);
  }
}
