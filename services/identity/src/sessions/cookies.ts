import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '@tourly/contracts';
import { readCookie } from '@tourly/platform';

/** The session token from a Cookie header, if any. */
export const sessionTokenFrom = (cookieHeader: string | undefined) =>
  readCookie(cookieHeader, SESSION_COOKIE);

/** httpOnly (scripts never see it), SameSite=Lax (not sent on cross-site posts), Secure in production. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function expiredSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/** What the sessions table stores instead of the token itself. */
export const hashSessionToken = (token: string): Buffer => createHash('sha256').update(token).digest();
