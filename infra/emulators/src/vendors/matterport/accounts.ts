import { createHash } from 'node:crypto';

export const MODEL_STATES = ['active', 'inactive', 'processing', 'failed'] as const;
export const MODEL_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type ModelState = (typeof MODEL_STATES)[number];
export type ModelVisibility = (typeof MODEL_VISIBILITIES)[number];

export interface ModelAddress {
  address1: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  /** ISO 3166 alpha-2 code. */
  country: string | null;
}

/** A model (space) as the emulator keeps it; the API adds `image` from the id. */
export interface StoredModel {
  id: string;
  name: string;
  description: string | null;
  /** ISO 8601, UTC. */
  created: string;
  modified: string;
  state: ModelState;
  visibility: ModelVisibility;
  address: ModelAddress | null;
}

/** Matterport's model ids: 11 letters and digits ("SxQL3iGyoDo"). */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9]{11}$/;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function modelIdFrom(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  return Array.from(digest.subarray(0, 11), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** The id of the account's `index`-th demo model (0-11), the same for a token id on every run. */
export function matterportDemoModelId(tokenId: string, index: number): string {
  return modelIdFrom(`matterport-demo/${tokenId}/${index}`);
}

type DemoModel = Omit<StoredModel, 'id' | 'created' | 'modified' | 'address'> & {
  address: [address1: string, city: string, state: string, postal: string, country: string];
};

const demo = (
  name: string,
  address: DemoModel['address'],
  description: string,
  state: ModelState = 'active',
  visibility: ModelVisibility = 'public',
): DemoModel => ({ name, address, description, state, visibility });

/** The twelve models every account starts with, oldest first. */
export const DEMO_MODELS: readonly DemoModel[] = [
  demo(
    '12 Harbour View, Sydney',
    ['12 Harbour View', 'Sydney', 'NSW', '2000', 'AU'],
    'Three-bedroom apartment with harbour views.',
  ),
  demo(
    '4 Ocean Parade, Bondi Beach',
    ['4 Ocean Parade', 'Bondi Beach', 'NSW', '2026', 'AU'],
    'Beachfront house, two levels.',
  ),
  demo(
    '88 Collins Street, Melbourne',
    ['88 Collins Street', 'Melbourne', 'VIC', '3000', 'AU'],
    'Office floor, open plan.',
    'active',
    'unlisted',
  ),
  demo(
    '7 Riverside Drive, Brisbane',
    ['7 Riverside Drive', 'Brisbane', 'QLD', '4000', 'AU'],
    'Townhouse by the river.',
    'active',
    'private',
  ),
  demo(
    '23 Ponsonby Road, Auckland',
    ['23 Ponsonby Road', 'Auckland', 'Auckland', '1011', 'NZ'],
    'Villa with a garden studio.',
  ),
  demo(
    '15 Oriental Parade, Wellington',
    ['15 Oriental Parade', 'Wellington', 'Wellington', '6011', 'NZ'],
    'Waterfront apartment (archived).',
    'inactive',
    'private',
  ),
  demo(
    '221 King Street West, Toronto',
    ['221 King Street West', 'Toronto', 'ON', 'M5H 1K5', 'CA'],
    'Loft conversion.',
  ),
  demo(
    '1200 Ocean Avenue, San Francisco',
    ['1200 Ocean Avenue', 'San Francisco', 'CA', '94112', 'US'],
    'Family home, scan still processing.',
    'processing',
    'private',
  ),
  demo(
    '45 Park Lane, London',
    ['45 Park Lane', 'London', 'England', 'W1K 1PN', 'GB'],
    'Penthouse suite.',
    'active',
    'unlisted',
  ),
  demo(
    '9 Marine Parade, Brighton',
    ['9 Marine Parade', 'Brighton', 'England', 'BN2 1TL', 'GB'],
    'Seafront flat; the scan failed to process.',
    'failed',
    'private',
  ),
  demo(
    'Kastanienallee 30, Berlin',
    ['Kastanienallee 30', 'Berlin', 'Berlin', '10435', 'DE'],
    'Altbau apartment, fourth floor.',
  ),
  demo(
    '500 Main Street, Austin',
    ['500 Main Street', 'Austin', 'TX', '78701', 'US'],
    'Retail space with mezzanine.',
  ),
];

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DEMO_CREATED = Date.UTC(2024, 0, 15, 9, 30);

function seed(tokenId: string): StoredModel[] {
  return DEMO_MODELS.map(({ address, ...model }, index) => {
    const created = FIRST_DEMO_CREATED + index * 29 * DAY_MS + index * 3_600_000;
    const [address1, city, state, postal, country] = address;
    return {
      ...model,
      id: matterportDemoModelId(tokenId, index),
      created: iso(created),
      modified: iso(created + ((index % 4) + 1) * DAY_MS),
      address: { address1, city, state, postal, country },
    };
  });
}

function iso(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface NewModel {
  id?: string;
  name: string;
  description?: string | null;
  state?: ModelState;
  visibility?: ModelVisibility;
  address?: Partial<ModelAddress> | null;
  created?: string;
  modified?: string;
}

export class ModelAccountError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** One account per API token id, seeded with the demo models on first use. */
export class ModelAccounts {
  private readonly accounts = new Map<string, StoredModel[]>();

  /** The token's models, newest first (Matterport's default order: created, descending). */
  list(tokenId: string): StoredModel[] {
    return [...this.account(tokenId)].sort(
      (a, b) => b.created.localeCompare(a.created) || a.id.localeCompare(b.id),
    );
  }

  find(tokenId: string, id: string): StoredModel | undefined {
    return this.account(tokenId).find((model) => model.id === id);
  }

  add(tokenId: string, input: NewModel, now: Date): StoredModel {
    const models = this.account(tokenId);
    const id = input.id ?? this.freshId(tokenId);
    if (!MODEL_ID_PATTERN.test(id)) throw new ModelAccountError('id must be 11 letters or digits', 400);
    if (models.some((model) => model.id === id)) {
      throw new ModelAccountError(`The account of ${tokenId} already has a model ${id}`, 409);
    }
    const created = input.created ?? iso(now.getTime());
    const model: StoredModel = {
      id,
      name: input.name,
      description: input.description ?? null,
      created,
      modified: input.modified ?? created,
      state: input.state ?? 'active',
      visibility: input.visibility ?? 'private',
      address: input.address
        ? {
            address1: input.address.address1 ?? null,
            city: input.address.city ?? null,
            state: input.address.state ?? null,
            postal: input.address.postal ?? null,
            country: input.address.country ?? null,
          }
        : null,
    };
    models.push(model);
    return model;
  }

  remove(tokenId: string, id: string): void {
    const models = this.account(tokenId);
    const index = models.findIndex((model) => model.id === id);
    if (index === -1) throw new ModelAccountError(`The account of ${tokenId} has no model ${id}`, 404);
    models.splice(index, 1);
  }

  /** Empties the account; it is not seeded again until a reset. */
  clear(tokenId: string): number {
    const count = this.account(tokenId).length;
    this.accounts.set(tokenId, []);
    return count;
  }

  reset(): void {
    this.accounts.clear();
  }

  private account(tokenId: string): StoredModel[] {
    let models = this.accounts.get(tokenId);
    if (!models) {
      models = seed(tokenId);
      this.accounts.set(tokenId, models);
    }
    return models;
  }

  private freshId(tokenId: string): string {
    const taken = new Set(this.account(tokenId).map((model) => model.id));
    for (let counter = this.account(tokenId).length; ; counter += 1) {
      const id = modelIdFrom(`matterport-added/${tokenId}/${counter}`);
      if (!taken.has(id)) return id;
    }
  }
}
