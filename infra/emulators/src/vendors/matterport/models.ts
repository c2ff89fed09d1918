import { createHash } from 'node:crypto';

export type ModelState = 'active' | 'inactive' | 'processing' | 'failed';

/**
 * Who may open the model (Matterport's `visibility`): the account's members only, anyone with its link, anyone
 * (listed publicly), or anyone who has its password.
 */
export type ModelVisibility = 'private' | 'unlisted' | 'public' | 'password';

export interface ModelAddress {
  address1: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  /** ISO 3166 alpha-2 code. */
  country: string | null;
}

/** A model (space) of an account; the API adds `image` from the id. */
export interface StoredModel {
  /** 11 letters and digits, as Matterport's ("SxQL3iGyoDo"). */
  id: string;
  name: string;
  /** ISO 8601, UTC, to the second. */
  created: string;
  state: ModelState;
  visibility: ModelVisibility;
  address: ModelAddress | null;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The id of the account's `index`-th demo model (0-12), the same for a token id on every run. */
export function matterportDemoModelId(tokenId: string, index: number): string {
  const digest = createHash('sha256').update(`matterport-demo/${tokenId}/${index}`).digest();
  return Array.from(digest.subarray(0, 11), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

type Demo = [
  name: string,
  state: ModelState,
  address: [string, string, string, string, string],
  visibility: ModelVisibility,
];

/** The name of the one demo model behind a password (the newest): plans cannot be drawn from it. */
export const PASSWORD_PROTECTED_MODEL_NAME = 'Harbour Loft (password-protected)';

/** The thirteen models every account starts with, oldest first: name, state, address, visibility. */
export const DEMO_MODELS: readonly Demo[] = [
  ['12 Harbour View, Sydney', 'active', ['12 Harbour View', 'Sydney', 'NSW', '2000', 'AU'], 'public'],
  ['4 Ocean Parade, Bondi Beach', 'active', ['4 Ocean Parade', 'Bondi Beach', 'NSW', '2026', 'AU'], 'public'],
  [
    '88 Collins Street, Melbourne',
    'active',
    ['88 Collins Street', 'Melbourne', 'VIC', '3000', 'AU'],
    'unlisted',
  ],
  ['7 Riverside Drive, Brisbane', 'active', ['7 Riverside Drive', 'Brisbane', 'QLD', '4000', 'AU'], 'public'],
  [
    '23 Ponsonby Road, Auckland',
    'active',
    ['23 Ponsonby Road', 'Auckland', 'Auckland', '1011', 'NZ'],
    'public',
  ],
  [
    '15 Oriental Parade, Wellington',
    'inactive',
    ['15 Oriental Parade', 'Wellington', 'Wellington', '6011', 'NZ'],
    'private',
  ],
  [
    '221 King Street West, Toronto',
    'active',
    ['221 King Street West', 'Toronto', 'ON', 'M5H 1K5', 'CA'],
    'public',
  ],
  [
    '1200 Ocean Avenue, San Francisco',
    'processing',
    ['1200 Ocean Avenue', 'San Francisco', 'CA', '94112', 'US'],
    'private',
  ],
  ['45 Park Lane, London', 'active', ['45 Park Lane', 'London', 'England', 'W1K 1PN', 'GB'], 'unlisted'],
  [
    '9 Marine Parade, Brighton',
    'failed',
    ['9 Marine Parade', 'Brighton', 'England', 'BN2 1TL', 'GB'],
    'private',
  ],
  ['Kastanienallee 30, Berlin', 'active', ['Kastanienallee 30', 'Berlin', 'Berlin', '10435', 'DE'], 'public'],
  ['500 Main Street, Austin', 'active', ['500 Main Street', 'Austin', 'TX', '78701', 'US'], 'public'],
  [PASSWORD_PROTECTED_MODEL_NAME, 'active', ['2 Hunter Street', 'Hobart', 'TAS', '7000', 'AU'], 'password'],
];

const FIRST_DEMO_CREATED = Date.UTC(2024, 0, 15, 9, 30);
const HOUR_MS = 60 * 60 * 1000;

/**
 * The models of a token's account, newest first (Matterport's default order: created, descending): the thirteen
 * demo models, their ids derived from the token id, so an account needs no state and never sees another's.
 */
export function modelsOf(tokenId: string): StoredModel[] {
  return DEMO_MODELS.map(([name, state, [address1, city, region, postal, country], visibility], index) => {
    const created = new Date(FIRST_DEMO_CREATED + index * (29 * 24 + 1) * HOUR_MS);
    return {
      id: matterportDemoModelId(tokenId, index),
      name,
      created: created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      state,
      visibility,
      address: { address1, city, state: region, postal, country },
    };
  }).reverse();
}
