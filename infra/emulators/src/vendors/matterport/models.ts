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
/** Matterport's lowercase ids (sweeps, rooms, floors, organizations): 25 of these. */
export const SWEEP_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of `alphabet` drawn from the SHA-256 of `seed`: the same id for a seed on every run. */
export function idFrom(seed: string, alphabet: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  return Array.from(digest.subarray(0, length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The id of the account's `index`-th demo model (0-12), the same for a token id on every run. */
export function matterportDemoModelId(tokenId: string, index: number): string {
  return idFrom(`matterport-demo/${tokenId}/${index}`, ID_ALPHABET, 11);
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

/** A floor of a model, as the Model API answers `floor { id label }`. */
export interface Floor {
  /** 25 lowercase letters and digits, as Matterport's. */
  id: string;
  label: string;
}

/** A room of a model, as the Model API answers `rooms { id label floor { id label } }`. */
export interface Room {
  /** 25 lowercase letters and digits, as Matterport's. */
  id: string;
  label: string;
  floor: Floor;
}

/** A model with its rooms, as an account holds it. */
export interface AccountModel extends StoredModel {
  rooms: Room[];
}

type Layout = 'apartment' | 'house' | 'office' | 'loft' | 'studio';

/** The floors of each kind of space, lowest first, with their rooms. */
const LAYOUTS: Record<Layout, ReadonlyArray<readonly [floor: string, rooms: readonly string[]]>> = {
  apartment: [['Main floor', ['Living room', 'Kitchen', 'Bedroom', 'Bathroom', 'Balcony']]],
  house: [
    ['Ground floor', ['Entry', 'Living room', 'Kitchen', 'Dining room', 'Laundry']],
    ['First floor', ['Main bedroom', 'Ensuite', 'Bedroom 2', 'Bathroom']],
  ],
  office: [['Level 1', ['Reception', 'Open office', 'Meeting room', 'Kitchenette']]],
  loft: [
    ['Main floor', ['Open-plan living', 'Kitchen', 'Bathroom']],
    ['Mezzanine', ['Bedroom']],
  ],
  studio: [['Ground floor', ['Shooting floor', 'Dressing room', 'Office']]],
};

/** The layout of each demo model, by its index in DEMO_MODELS. */
const DEMO_LAYOUTS: readonly Layout[] = [
  'apartment',
  'apartment',
  'office',
  'house',
  'house',
  'apartment',
  'office',
  'house',
  'apartment',
  'apartment',
  'apartment',
  'office',
  'loft',
];

/** The rooms of a model, floor by floor: their ids derive from the model's, so they are the same on every run. */
function roomsOf(modelId: string, layout: Layout): Room[] {
  return LAYOUTS[layout].flatMap(([floorLabel, labels], floorIndex) => {
    const floor = {
      id: idFrom(`matterport-floor/${modelId}/${floorIndex}`, SWEEP_ID_ALPHABET, 25),
      label: floorLabel,
    };
    return labels.map((label) => ({
      id: idFrom(`matterport-room/${modelId}/${floorIndex}/${label}`, SWEEP_ID_ALPHABET, 25),
      label,
      floor,
    }));
  });
}

const FIRST_DEMO_CREATED = Date.UTC(2024, 0, 15, 9, 30);
const HOUR_MS = 60 * 60 * 1000;

function isoSeconds(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The models of a token's account, newest first (Matterport's default order: created, descending): the thirteen
 * demo models, their ids derived from the token id, so an account needs no state and never sees another's.
 */
export function modelsOf(tokenId: string): AccountModel[] {
  return DEMO_MODELS.map(([name, state, [address1, city, region, postal, country], visibility], index) => {
    const id = matterportDemoModelId(tokenId, index);
    return {
      id,
      name,
      created: isoSeconds(FIRST_DEMO_CREATED + index * (29 * 24 + 1) * HOUR_MS),
      state,
      visibility,
      address: { address1, city, state: region, postal, country },
      rooms: roomsOf(id, DEMO_LAYOUTS[index]!),
    };
  }).reverse();
}

/** The accounts a person can sign in as on the OAuth authorize page. */
export type OAuthAccountId = 'demo-scans' | 'harbour-studio';

export interface OAuthAccount {
  id: OAuthAccountId;
  /** As the authorize page shows it: "Continue as <name>". */
  name: string;
}

export const OAUTH_ACCOUNTS: readonly OAuthAccount[] = [
  { id: 'demo-scans', name: 'Demo Scans' },
  { id: 'harbour-studio', name: 'Harbour Studio' },
];

/**
 * The token id of the platform's own account under `npm start` (the launcher's MATTERPORT_TOKEN_ID): the
 * `demo-scans` OAuth account holds the very models that token id reaches with Basic auth, same ids.
 */
export const DEMO_SCANS_TOKEN_ID = 'emulator-token-id';

/** Harbour Studio's own models, oldest first: name, state, address, visibility, layout, created. */
const HARBOUR_STUDIO_MODELS: ReadonlyArray<[...Demo, layout: Layout, created: string]> = [
  [
    '31 Wharf Road, Balmain',
    'active',
    ['31 Wharf Road', 'Balmain', 'NSW', '2041', 'AU'],
    'public',
    'house',
    '2025-02-03T10:15:00Z',
  ],
  [
    '5 Warung Street, McMahons Point',
    'active',
    ['5 Warung Street', 'McMahons Point', 'NSW', '2060', 'AU'],
    'public',
    'apartment',
    '2025-03-11T14:40:00Z',
  ],
  [
    '18 Darling Street, Balmain East',
    'active',
    ['18 Darling Street', 'Balmain East', 'NSW', '2041', 'AU'],
    'unlisted',
    'loft',
    '2025-04-22T08:05:00Z',
  ],
  [
    '2 Bay Street, Double Bay',
    'processing',
    ['2 Bay Street', 'Double Bay', 'NSW', '2028', 'AU'],
    'private',
    'studio',
    '2025-05-30T16:20:00Z',
  ],
];

/** The models of an OAuth account, newest first, as `models` lists them. */
export function accountModels(account: OAuthAccountId): AccountModel[] {
  if (account === 'demo-scans') return modelsOf(DEMO_SCANS_TOKEN_ID);
  return HARBOUR_STUDIO_MODELS.map(
    ([name, state, [address1, city, region, postal, country], visibility, layout, created], index) => {
      const id = idFrom(`matterport-account/${account}/${index}`, ID_ALPHABET, 11);
      return {
        id,
        name,
        created,
        state,
        visibility,
        address: { address1, city, state: region, postal, country },
        rooms: roomsOf(id, layout),
      };
    },
  ).reverse();
}

/**
 * Whose models a request reaches, as the emulator remembers it (an order's account): `token:<token id>` for an API
 * token, `oauth:<account>` for an OAuth account, where Demo Scans is the launcher's token's account (the same models,
 * so the same orders, whichever way in).
 */
export type AccountRef = `token:${string}` | `oauth:${OAuthAccountId}`;

export function tokenAccountRef(tokenId: string): AccountRef {
  return `token:${tokenId}`;
}

export function oauthAccountRef(account: OAuthAccountId): AccountRef {
  return account === 'demo-scans' ? tokenAccountRef(DEMO_SCANS_TOKEN_ID) : `oauth:${account}`;
}

/** The models of the account a reference names, newest first. */
export function modelsOfAccount(ref: AccountRef): AccountModel[] {
  if (ref.startsWith('token:')) return modelsOf(ref.slice('token:'.length));
  return accountModels(ref.slice('oauth:'.length) as OAuthAccountId);
}

export function isOAuthAccountId(value: unknown): value is OAuthAccountId {
  return OAUTH_ACCOUNTS.some((account) => account.id === value);
}

/** One scan position of a model, as the Showcase SDK's `Sweep.data` describes it (the fields the emulator fills). */
export interface Sweep {
  /** 25 lowercase letters and digits, as Matterport's sweep ids. */
  sid: string;
  /** 32 hexadecimal digits: the sweep's id in the Model API's older scheme. */
  uuid: string;
  room: Room;
  /** The floor's place from the lowest (0), as the SDK's `floorInfo.sequence`. */
  floorSequence: number;
  /** The sweeps one step away (the space is walked as a path, room after room, floor after floor). */
  neighbors: string[];
  position: { x: number; y: number; z: number };
}

/** A model as Showcase shows it: its floors lowest first, its rooms and one sweep per room. */
export interface ShowcaseSpace {
  floors: Array<Floor & { sequence: number }>;
  rooms: Room[];
  sweeps: Sweep[];
}

const LAYOUT_NAMES = Object.keys(LAYOUTS) as Layout[];
let knownRooms: Map<string, Room[]> | undefined;

/**
 * The space Showcase shows for a model id: the rooms the Model API gives it when it is one of the models `npm start`
 * shows (the Demo Scans and Harbour Studio accounts), else (a test's own token id, any other id) a layout picked by
 * the id, so a model is the same space on every run either way. One sweep per room, its label unique in the space.
 */
export function showcaseSpace(modelId: string): ShowcaseSpace {
  knownRooms ??= new Map(
    [...accountModels('demo-scans'), ...accountModels('harbour-studio')].map((model) => [
      model.id,
      model.rooms,
    ]),
  );
  const digest = createHash('sha256').update(`matterport-layout/${modelId}`).digest();
  return modelSpace(
    modelId,
    knownRooms.get(modelId) ?? roomsOf(modelId, LAYOUT_NAMES[digest[0]! % LAYOUT_NAMES.length]!),
  );
}

/**
 * The space of a model with these rooms (the Model API's, whose sweeps `panoLocations` lists; or showcaseSpace's):
 * its floors, one sweep per room, walked room after room, the sweeps' ids derived from the model's and the room's.
 */
export function modelSpace(modelId: string, rooms: readonly Room[]): ShowcaseSpace {
  const floors: ShowcaseSpace['floors'] = [];
  for (const room of rooms) {
    if (!floors.some((floor) => floor.id === room.floor.id))
      floors.push({ ...room.floor, sequence: floors.length });
  }
  const sids = rooms.map((room) => sweepIdOf(modelId, room.id));
  const sweeps = rooms.map((room, index): Sweep => {
    const floorSequence = floors.findIndex((floor) => floor.id === room.floor.id);
    return {
      sid: sids[index]!,
      uuid: idFrom(`matterport-sweep-uuid/${modelId}/${room.id}`, '0123456789abcdef', 32),
      room,
      floorSequence,
      neighbors: [sids[index - 1], sids[index + 1]].filter((sid): sid is string => sid !== undefined),
      position: { x: index * 3, y: floorSequence * 3, z: 0 },
    };
  });
  return { floors, rooms: [...rooms], sweeps };
}

/** A sweep's id: it derives from the model's id and its room's. */
function sweepIdOf(modelId: string, roomId: string): string {
  return idFrom(`matterport-sweep/${modelId}/${roomId}`, SWEEP_ID_ALPHABET, 25);
}

/**
 * The room a sweep id of a model stands in, without the model's account: every model's rooms are those of one of
 * the layouts, their ids derived from the model's id, so the sweep is looked for in each; undefined when it is in
 * none.
 */
export function sweepRoom(modelId: string, sweepId: string): Room | undefined {
  for (const layout of LAYOUT_NAMES) {
    const room = roomsOf(modelId, layout).find((candidate) => sweepIdOf(modelId, candidate.id) === sweepId);
    if (room) return room;
  }
  return undefined;
}

/**
 * The space of a token's `index`-th demo model (0-12, as matterportDemoModelId numbers them): the sweeps, ids and
 * room labels its `panoLocations` answer, whatever the token id (showcaseSpace knows the rooms of the launcher's
 * token id only).
 */
export function demoModelSpace(tokenId: string, index: number): ShowcaseSpace {
  const id = matterportDemoModelId(tokenId, index);
  const model = modelsOf(tokenId).find((candidate) => candidate.id === id);
  if (!model)
    throw new RangeError(`No demo model ${index}: the demo models are 0 to ${DEMO_MODELS.length - 1}`);
  return modelSpace(id, model.rooms);
}
