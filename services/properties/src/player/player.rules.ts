import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long an unlocked tour stays unlocked for that browser. */
export const UNLOCK_SECONDS = 12 * 60 * 60;

/** The Cache-Control of an answer behind a password: the browser alone keeps it, and asks again at every visit. */
export const PRIVATE_ANSWER = 'private, max-age=0, must-revalidate';

/** A strong ETag of an answer's bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const given = tag.trim().replace(/^W\//, '');
    return given === '*' || given === etag;
  });
}

/** The cookie that unlocks one tour: named by the tour, so each tour has its own. */
export function unlockCookieName(propertyId: string): string {
  return `tour_unlock_${propertyId.replace(/-/g, '')}`;
}

/**
 * `<expires>.<signature>`: signed over the tour, the expiry and the password's hash, so changing the password
 * locks every browser out again, and no cookie can be made without the secret.
 */
export function unlockCookieValue(
  key: Buffer,
  propertyId: string,
  passwordHash: string,
  now: number,
): string {
  const expires = Math.floor(now / 1000) + UNLOCK_SECONDS;
  return `${expires}.${unlockSignature(key, propertyId, passwordHash, expires)}`;
}

export function unlockCookieValid(
  key: Buffer,
  propertyId: string,
  passwordHash: string,
  value: string | undefined,
  now: number,
): boolean {
  const [expiresText, signature] = (value ?? '').split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(unlockSignature(key, propertyId, passwordHash, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function unlockSignature(key: Buffer, propertyId: string, passwordHash: string, expires: number): string {
  return createHmac('sha256', key).update(`${propertyId}\n${passwordHash}\n${expires}`).digest('base64url');
}

/** The key unlock cookies are signed with: derived from the shared secret, for this use only. */
export function unlockKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('tour-unlock-cookie').digest();
}

/**
 * The `Set-Cookie` value of an unlock cookie, valid for the whole site (`Path=/`): the tour's page and API under
 * `/digital_twin/` and `/tours/`, and the property's website, which is behind the same password.
 */
export function unlockSetCookie(name: string, value: string, secure: boolean): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${UNLOCK_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Wrong guesses at one tour checked at once, before its guesses are spaced out (its visitors' typos are free). */
export const FREE_WRONG_GUESSES = 10;
/** The longest one tour waits between two guesses: a minute, as its 429 says, so no one is locked out for long. */
export const LONGEST_GUESS_WAIT_SECONDS = 60;

/**
 * How long a tour waits, after its `wrongGuesses`-th wrong guess (in the last hour), before it checks another from
 * anyone who guessed wrong at it: nothing for the first ones, then 1 s, doubling with each further wrong guess, at
 * most a minute. At that pace a guesser gets about 60 guesses an hour at a tour, however many addresses it holds,
 * while the right password is never refused for longer than a minute.
 */
export function guessWaitSeconds(wrongGuesses: number): number {
  if (wrongGuesses < FREE_WRONG_GUESSES) return 0;
  return Math.min(2 ** (wrongGuesses - FREE_WRONG_GUESSES), LONGEST_GUESS_WAIT_SECONDS);
}

/** Where the Showcase SDK's client is, and the SDK key the embed was opened with (which connect repeats). */
export interface ShowcaseSdkSettings {
  url: string;
  key: string;
}

/**
 * The Showcase SDK for a visitor's embed: Showcase takes SDK connections only when opened with a key, so the
 * platform's key joins the embed URL, unless the provider gave the tour its own (the `sdk_key` URL parameter), which
 * is then the key connect repeats. No key at all: no SDK.
 */
export function showcaseSdk(
  embedUrl: string,
  config: { MATTERPORT_SDK_URL: string; MATTERPORT_SDK_KEY: string },
): (ShowcaseSdkSettings & { embedUrl: string }) | null {
  const url = new URL(embedUrl);
  const key = url.searchParams.get('applicationKey') || config.MATTERPORT_SDK_KEY;
  if (!key) return null;
  url.searchParams.set('applicationKey', key);
  return { url: config.MATTERPORT_SDK_URL, key, embedUrl: url.toString() };
}

/**
 * A tour view's model and SDK as a page that connects to Showcase gets them (the visitor's player, the provider's
 * preview): the embed URL with the SDK key, and the SDK's script and key (null: no key, no SDK).
 */
export function withShowcaseSdk<M extends { embedUrl: string }>(
  model: M,
  config: { MATTERPORT_SDK_URL: string; MATTERPORT_SDK_KEY: string },
): { model: M; showcaseSdk: ShowcaseSdkSettings | null } {
  const sdk = showcaseSdk(model.embedUrl, config);
  return {
    model: { ...model, embedUrl: sdk?.embedUrl ?? model.embedUrl },
    showcaseSdk: sdk && { url: sdk.url, key: sdk.key },
  };
}

/**
 * What premium gives visitors (services/properties/README.md): a premium tour, on a plan whose tours are premium,
 * plays with the layers placed in the 3D space; any other tour plays basic (the model under its overlay).
 */
export function hasPremiumLayers(
  tour: { premium: boolean },
  plan: { premiumTourLimit: number | null },
): boolean {
  return tour.premium && plan.premiumTourLimit !== 0;
}
