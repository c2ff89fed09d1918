import type { TokenOutcome } from '@tourly/platform';

/**
 * What the token endpoint answered: tokens; a refusal in RFC 6749's words (`invalid_grant` for a code or refresh
 * token that is not good); or no usable answer (the network, a timeout, a 5xx), worth trying again later.
 */

/** An answer of the Data API: its value, or what kept it (the 4xx that matter here, or Sketchfab out of reach). */
export type Answer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not_found' }
  | { kind: 'forbidden' }
  | { kind: 'unauthorized' }
  | { kind: 'unavailable' };

/** A model as the import reads it (Sketchfab's `/v3/models/{uid}`). */
export interface SketchfabModel {
  uid: string;
  name: string;
  isDownloadable: boolean;
  license: { slug: string; label: string; url: string | null } | null;
  author: { username: string; displayName: string; profileUrl: string | null };
  /** A thumbnail of moderate size (the widest up to 720 px), when it has any. */
  thumbnailUrl: string | null;
  tags: string[];
}

/** One page of a search: its models (those Sketchfab answered that the import can read) and the next page's cursor. */
export interface SketchfabSearchPage {
  models: SketchfabModel[];
  nextCursor: string | null;
}

/** One file the Download API offers: its URL (signed, short-lived) and size in bytes when said. */
export interface DownloadLink {
  url: string;
  size: number | null;
}

/** The formats the import takes, of what the Download API offers. */
export interface DownloadLinks {
  glb: DownloadLink | null;
  gltf: DownloadLink | null;
}

/** A downloaded file, or why not: over `maxBytes`, or not read (refused by the SSRF guard, unreachable, an error). */
export type DownloadedFile = { bytes: Buffer } | { refused: 'too_large' | 'unreadable' };

/**
 * The Sketchfab port (CONTRIBUTING, "Vendor ports"): its OAuth 2.0 server and the Data API v3 the staging import
 * calls. One adapter on its HTTP API (`HttpSketchfab`), pointed at the emulator in development and tests.
 */
export abstract class Sketchfab {
  /** Whether the platform has an application at Sketchfab (client id and secret). */
  abstract readonly configured: boolean;
  /** The authorisation page for one attempt. */
  abstract authorizeUrl(redirectUri: string, state: string): string;
  abstract exchangeCode(code: string, redirectUri: string): Promise<TokenOutcome>;
  abstract renew(refreshToken: string): Promise<TokenOutcome>;
  /** The account the token belongs to: its display name. */
  abstract me(accessToken: string): Promise<Answer<{ displayName: string }>>;
  abstract model(uid: string): Promise<Answer<SketchfabModel>>;
  /**
   * Sketchfab's downloadable models matching `query` (its public search, no token), `count` a page, from `cursor` (a
   * page's `nextCursor`, null for the first). An unknown cursor is `not_found`, as Sketchfab answers it.
   */
  abstract search(query: string, cursor: string | null, count: number): Promise<Answer<SketchfabSearchPage>>;
  abstract downloadLinks(uid: string, accessToken: string): Promise<Answer<DownloadLinks>>;
  /** A download URL's file, read through the platform's SSRF guard. */
  abstract download(link: DownloadLink, maxBytes: number): Promise<DownloadedFile>;
}
