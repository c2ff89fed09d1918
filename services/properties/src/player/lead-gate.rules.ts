import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a lead opens a gated tour: a week, in the browser that sent it (its cookie) and through the temporary
 * link its answer carries. Long enough for the visitor to come back to the tour over the days they weigh the
 * property, short enough that a copied link stops working.
 */
export const LEAD_PASS_SECONDS = 7 * 24 * 60 * 60;

/** The two keys of the lead gate, derived from the shared secret for this use only: the cookie's and the link's. */
export interface LeadGateKeys {
  cookie: Buffer;
  link: Buffer;
}

export function leadGateKeys(secret: string): LeadGateKeys {
  return {
    cookie: createHmac('sha256', secret).update('tour-lead-pass-cookie').digest(),
    link: createHmac('sha256', secret).update('tour-lead-pass-link').digest(),
  };
}

/** The cookie that opens one gated tour: named by the tour, so each tour asks for its own lead. */
export function leadPassCookieName(propertyId: string): string {
  return `tour_lead_${propertyId.replace(/-/g, '')}`;
}

/** When a pass made now runs out, in whole seconds since the epoch. */
export function leadPassExpiry(now: number): number {
  return Math.floor(now / 1000) + LEAD_PASS_SECONDS;
}

/**
 * A pass, `<expires>.<signature>`: signed over the tour and its expiry with one of the keys, so it opens that tour
 * only, until then, and no one makes one without the secret. The cookie and the link are signed with different keys,
 * so neither can be passed off as the other.
 */
export function leadPass(key: Buffer, propertyId: string, expires: number): string {
  return `${expires}.${signature(key, propertyId, expires)}`;
}

/** The pass's expiry (seconds since the epoch) when it is a genuine pass for this tour that has not run out; else null. */
export function validLeadPass(
  key: Buffer,
  propertyId: string,
  value: string | undefined,
  now: number,
): number | null {
  const parts = (value ?? '').split('.');
  if (parts.length !== 2 || !/^\d{1,12}$/.test(parts[0]!)) return null;
  const expires = Number(parts[0]);
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(signature(key, propertyId, expires));
  const given = Buffer.from(parts[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? expires : null;
}

function signature(key: Buffer, propertyId: string, expires: number): string {
  return createHmac('sha256', key).update(`${propertyId}\n${expires}`).digest('base64url');
}

/**
 * The `Set-Cookie` of a pass, until its expiry: for the whole site (`Path=/`), as the password's unlock cookie is, read
 * by the server only (`HttpOnly`) and sent along when the visitor arrives by a link from another site (`Lax`).
 */
export function leadPassSetCookie(
  propertyId: string,
  value: string,
  expires: number,
  now: number,
  secure: boolean,
): string {
  return [
    `${leadPassCookieName(propertyId)}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, expires - Math.floor(now / 1000))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The temporary link: the API's route that sets the cookie and sends the visitor on to the tour's clean link. */
export function leadPassLink(appUrl: string, publicId: string, pass: string): string {
  const url = new URL(`/digital_twin/${encodeURIComponent(publicId)}/lead_unlock`, appUrl);
  url.searchParams.set('unlock', pass);
  return url.toString();
}
