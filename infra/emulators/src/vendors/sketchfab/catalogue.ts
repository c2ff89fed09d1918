import { createHash } from 'node:crypto';

/**
 * Sketchfab's licences as its API names them: the Creative Commons set a free download carries, and the two store
 * licences ("Standard", "Editorial") a purchased model carries. Slugs are Sketchfab's (`by-nd`, `st`, `ed`).
 */
export const LICENSE_SLUGS = [
  'cc0',
  'by',
  'by-sa',
  'by-nd',
  'by-nc',
  'by-nc-sa',
  'by-nc-nd',
  'st',
  'ed',
] as const;

export type LicenseSlug = (typeof LICENSE_SLUGS)[number];

export const LICENSES: Readonly<Record<LicenseSlug, License>> = {
  cc0: license(
    'cc0',
    'CC0 Public Domain',
    'Creative Commons CC0 Public Domain',
    'https://creativecommons.org/publicdomain/zero/1.0/',
    'Credit is not mandatory.',
  ),
  by: license(
    'by',
    'CC Attribution',
    'Creative Commons Attribution',
    'https://creativecommons.org/licenses/by/4.0/',
    'Author must be credited. Commercial use is allowed.',
  ),
  'by-sa': license(
    'by-sa',
    'CC Attribution-ShareAlike',
    'Creative Commons Attribution-ShareAlike',
    'https://creativecommons.org/licenses/by-sa/4.0/',
    'Author must be credited. Modified versions must have the same license. Commercial use is allowed.',
  ),
  'by-nd': license(
    'by-nd',
    'CC Attribution-NoDerivs',
    'Creative Commons Attribution-NoDerivs',
    'https://creativecommons.org/licenses/by-nd/4.0/',
    'Author must be credited. Modified versions can not be distributed. Commercial use is allowed.',
  ),
  'by-nc': license(
    'by-nc',
    'CC Attribution-NonCommercial',
    'Creative Commons Attribution-NonCommercial',
    'https://creativecommons.org/licenses/by-nc/4.0/',
    'Author must be credited. No commercial use.',
  ),
  'by-nc-sa': license(
    'by-nc-sa',
    'CC Attribution-NonCommercial-ShareAlike',
    'Creative Commons Attribution-NonCommercial-ShareAlike',
    'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    'Author must be credited. No commercial use. Modified versions must have the same license.',
  ),
  'by-nc-nd': license(
    'by-nc-nd',
    'CC Attribution-NonCommercial-NoDerivs',
    'Creative Commons Attribution-NonCommercial-NoDerivs',
    'https://creativecommons.org/licenses/by-nc-nd/4.0/',
    'Author must be credited. No commercial use. Modified versions can not be distributed.',
  ),
  st: license(
    'st',
    'Standard',
    'Sketchfab Standard License',
    'https://sketchfab.com/licenses',
    'Use in any medium, commercial or not, in derivative works. No redistribution as a stand-alone asset.',
  ),
  ed: license(
    'ed',
    'Editorial',
    'Sketchfab Editorial License',
    'https://sketchfab.com/licenses',
    'Use only in connection with newsworthy or public-interest events. No commercial or promotional use.',
  ),
};

export interface License {
  uid: string;
  slug: LicenseSlug;
  label: string;
  fullName: string;
  requirements: string;
  url: string;
}

/** A Sketchfab member: the author of catalogue models, or an account a person signs in as at the authorize page. */
export interface SketchfabUser {
  uid: string;
  username: string;
  displayName: string;
  /** Sketchfab's plan slug: `basic`, `plus`, `pro`, `premium`, `business`, `enterprise`. */
  account: 'basic' | 'plus' | 'pro' | 'premium' | 'business' | 'enterprise';
}

/** What a piece of furniture looks like, for the generated mesh: boxes in metres, each `[x, y, z, width, height, depth]`. */
export type Shape = ReadonlyArray<readonly [number, number, number, number, number, number]>;

export interface CatalogueModel {
  uid: string;
  name: string;
  description: string;
  author: SketchfabUser;
  license: License;
  isDownloadable: boolean;
  tags: string[];
  category: { slug: string; name: string };
  /** Sketchfab lists newest first; ISO 8601 UTC. */
  publishedAt: string;
  colour: readonly [number, number, number];
  shape: Shape;
  viewCount: number;
  likeCount: number;
}

const AUTHORS = {
  nordicLoft: user('nordic-loft', 'Nordic Loft Studio', 'pro'),
  greenRoom: user('greenroom3d', 'Green Room 3D', 'plus'),
  marta: user('marta.kowalska', 'Marta Kowalska', 'basic'),
  archivium: user('archivium', 'Archivium Store', 'business'),
} as const;

/** The accounts a person can sign in as on the emulator's authorize page (there is no password). */
export const OAUTH_ACCOUNTS = [
  user('harbour-staging', 'Harbour Staging Co', 'pro'),
  user('demo-stager', 'Demo Stager', 'basic'),
] as const;

export type OAuthAccountId = (typeof OAUTH_ACCOUNTS)[number]['username'];

export function isOAuthAccountId(value: unknown): value is OAuthAccountId {
  return OAUTH_ACCOUNTS.some((account) => account.username === value);
}

export function oauthAccount(id: OAuthAccountId): SketchfabUser {
  return OAUTH_ACCOUNTS.find((account) => account.username === id)!;
}

const FURNITURE = { slug: 'furniture-home', name: 'Furniture & Home' } as const;

/**
 * The seeded catalogue, newest first as Sketchfab lists it: furniture under a mix of licences, one with no
 * derivatives allowed (`by-nd`, the Fiddle Leaf Fig), one non-commercial no-derivatives, store models under
 * Standard and Editorial, and two that cannot be downloaded (the Velvet Armchair, the Chesterfield Desk).
 */
export const CATALOGUE: readonly CatalogueModel[] = [
  model(
    'Mid-Century Sofa',
    'A three-seat sofa in teal wool on walnut legs.',
    AUTHORS.nordicLoft,
    'by',
    true,
    {
      tags: ['sofa', 'living room', 'mid-century'],
      colour: [38, 110, 120],
      shape: [
        [0, 0.2, 0, 2.1, 0.25, 0.9],
        [0, 0.55, -0.35, 2.1, 0.5, 0.2],
        [-0.95, 0.45, 0, 0.2, 0.3, 0.9],
        [0.95, 0.45, 0, 0.2, 0.3, 0.9],
      ],
    },
  ),
  model('Oak Dining Table', 'A solid oak table for six.', AUTHORS.marta, 'cc0', true, {
    tags: ['table', 'dining room', 'oak'],
    colour: [176, 132, 80],
    shape: [
      [0, 0.74, 0, 1.8, 0.05, 0.9],
      [-0.8, 0.36, -0.38, 0.07, 0.72, 0.07],
      [0.8, 0.36, -0.38, 0.07, 0.72, 0.07],
      [-0.8, 0.36, 0.38, 0.07, 0.72, 0.07],
      [0.8, 0.36, 0.38, 0.07, 0.72, 0.07],
    ],
  }),
  model('Brass Floor Lamp', 'An arc floor lamp in brushed brass.', AUTHORS.nordicLoft, 'by-sa', true, {
    tags: ['lamp', 'lighting', 'brass'],
    colour: [196, 160, 80],
    shape: [
      [0, 0.02, 0, 0.35, 0.04, 0.35],
      [0, 0.8, 0, 0.03, 1.6, 0.03],
      [0, 1.65, 0.15, 0.35, 0.25, 0.35],
    ],
  }),
  model('Fiddle Leaf Fig Plant', 'A potted fiddle leaf fig, 1.5 m tall.', AUTHORS.greenRoom, 'by-nd', true, {
    tags: ['plant', 'indoor plant', 'decor'],
    colour: [62, 122, 60],
    shape: [
      [0, 0.2, 0, 0.4, 0.4, 0.4],
      [0, 0.7, 0, 0.05, 0.6, 0.05],
      [0, 1.2, 0, 0.7, 0.6, 0.7],
    ],
  }),
  model('Wool Area Rug', 'A hand-woven 2 x 3 m rug in natural wool.', AUTHORS.marta, 'by-nc', true, {
    tags: ['rug', 'carpet', 'textile'],
    colour: [214, 200, 176],
    shape: [[0, 0.005, 0, 3, 0.01, 2]],
  }),
  model('Walnut Sideboard', 'A low sideboard with three doors.', AUTHORS.nordicLoft, 'by-nc-sa', true, {
    tags: ['sideboard', 'storage', 'walnut'],
    colour: [101, 67, 33],
    shape: [
      [0, 0.45, 0, 1.6, 0.6, 0.45],
      [0, 0.08, 0, 1.5, 0.15, 0.4],
    ],
  }),
  model(
    'Ceramic Table Lamp',
    'A glazed ceramic lamp with a linen shade.',
    AUTHORS.greenRoom,
    'by-nc-nd',
    true,
    {
      tags: ['lamp', 'lighting', 'ceramic'],
      colour: [230, 226, 214],
      shape: [
        [0, 0.15, 0, 0.22, 0.3, 0.22],
        [0, 0.42, 0, 0.36, 0.24, 0.36],
      ],
    },
  ),
  model('Linen Bed', 'A queen bed with a linen headboard.', AUTHORS.archivium, 'st', true, {
    tags: ['bed', 'bedroom', 'linen'],
    colour: [190, 186, 176],
    shape: [
      [0, 0.25, 0, 1.6, 0.5, 2.1],
      [0, 0.6, -1.0, 1.6, 1.2, 0.1],
    ],
  }),
  model('Velvet Armchair', 'A velvet armchair; view only.', AUTHORS.greenRoom, 'by', false, {
    tags: ['armchair', 'living room', 'velvet'],
    colour: [120, 40, 60],
    shape: [
      [0, 0.25, 0, 0.8, 0.4, 0.8],
      [0, 0.65, -0.33, 0.8, 0.5, 0.14],
    ],
  }),
  model(
    'Chesterfield Desk',
    'A leather-topped desk from a museum collection.',
    AUTHORS.archivium,
    'ed',
    false,
    {
      tags: ['desk', 'study', 'antique'],
      colour: [70, 50, 35],
      shape: [
        [0, 0.75, 0, 1.5, 0.05, 0.75],
        [-0.55, 0.37, 0, 0.4, 0.74, 0.7],
        [0.55, 0.37, 0, 0.4, 0.74, 0.7],
      ],
    },
  ),
].map((entry, index) => ({
  ...entry,
  // Newest first: each was published a week after the one below it.
  publishedAt: new Date(Date.UTC(2025, 5, 2, 9) - index * 7 * 86_400_000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z'),
}));

export function catalogueModel(uid: string): CatalogueModel | undefined {
  return CATALOGUE.find((entry) => entry.uid === uid);
}

/** The model's page on sketchfab.com, as its viewer URL and its archives' licence name it. */
export function viewerUrl(model: Pick<CatalogueModel, 'name' | 'uid'>): string {
  return `https://sketchfab.com/3d-models/${fileStem(model.name)}-${model.uid}`;
}

/** A name in lowercase words joined by hyphens, for URLs and file names. */
export function fileStem(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Sketchfab's uids are 32 lowercase hex digits; the emulator's derive from a name, the same on every run. */
export function sketchfabUid(name: string): string {
  return createHash('sha256').update(`sketchfab:${name}`).digest('hex').slice(0, 32);
}

function model(
  name: string,
  description: string,
  author: SketchfabUser,
  slug: LicenseSlug,
  isDownloadable: boolean,
  look: { tags: string[]; colour: readonly [number, number, number]; shape: Shape },
): Omit<CatalogueModel, 'publishedAt'> {
  const uid = sketchfabUid(name);
  const seed = parseInt(uid.slice(0, 6), 16);
  return {
    uid,
    name,
    description,
    author,
    license: LICENSES[slug],
    isDownloadable,
    tags: look.tags,
    category: FURNITURE,
    colour: look.colour,
    shape: look.shape,
    viewCount: 200 + (seed % 5000),
    likeCount: 5 + (seed % 300),
  };
}

function user(username: string, displayName: string, account: SketchfabUser['account']): SketchfabUser {
  return { uid: sketchfabUid(`user:${username}`), username, displayName, account };
}

function license(
  slug: LicenseSlug,
  label: string,
  fullName: string,
  url: string,
  requirements: string,
): License {
  return { uid: sketchfabUid(`license:${slug}`), slug, label, fullName, requirements, url };
}
