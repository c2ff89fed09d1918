import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import {
  MEASUREMENT_UNITS,
  MEDIA_SIZES,
  MEDIA_SUB_TYPES,
  MEDIA_TYPES,
  TOUR_DEFAULTS,
  URL_PARAMETERS,
  defaultUrlParameters,
  embedQuery,
  type MenuEntry,
  type OverlayItem,
  type OverlayLayout,
  type OverlayRow,
  type TourLayers,
  type UrlParameterValues,
} from '@tourly/contracts';
import { toSnake, type ErrorMap } from '@tourly/platform';
import type {
  MenuChildEntryForm,
  MenuEntryForm,
  OverlayItemForm,
  OverlayLayoutForm,
  OverlayRowForm,
  TourLayersForm,
} from './tour-layers.dto';

// The player link's settings, as stored (camelCase jsonb) and answered.

export interface Branding {
  displayProviderLogo: boolean;
  primaryColor: string;
  clientUrl: string;
  clientLogoUrl: string;
  clientName: string;
  providerName: string;
  providerUrl: string;
  providerLogoUrl: string;
}

/** 001 §3: nothing shown until set, the primary colour white. */
export const DEFAULT_BRANDING: Branding = {
  displayProviderLogo: false,
  primaryColor: TOUR_DEFAULTS.primaryColor,
  clientUrl: '',
  clientLogoUrl: '',
  clientName: '',
  providerName: '',
  providerUrl: '',
  providerLogoUrl: '',
};

/** The client part of the branding form: saved only when the form says it changed (`provider_client_has_changed`). */
export const CLIENT_BRANDING_KEYS = ['clientUrl', 'clientLogoUrl', 'clientName'] as const;

export interface Media {
  type: (typeof MEDIA_TYPES)[number];
  subType: (typeof MEDIA_SUB_TYPES)[number] | null;
  size: (typeof MEDIA_SIZES)[number];
  url: string | null;
  mediaId: string | null;
}

export const DEFAULT_MEDIA: Media = {
  type: 'no_media',
  subType: null,
  size: 'medium',
  url: null,
  mediaId: null,
};

export interface Setup {
  language: string;
  measurementUnit: (typeof MEASUREMENT_UNITS)[number];
  showMap: boolean;
  showContactForm: boolean;
  showFooter: boolean;
}

export const DEFAULT_SETUP: Setup = {
  language: 'en',
  measurementUnit: 'metric',
  showMap: true,
  showContactForm: true,
  showFooter: true,
};

/** The stored keys over the defaults (keys stored before a default changed keep their value). */
export function withDefaults<T extends object>(defaults: T, stored: Partial<T> | null | undefined): T {
  const known = Object.entries(stored ?? {}).filter(([key]) => Object.hasOwn(defaults, key));
  return { ...defaults, ...Object.fromEntries(known) };
}

/**
 * What a branding form changes: each key sent, null (or an empty text: the default is empty) dropping it from the
 * stored keys so the default applies; the client's keys only when the form says the client part was changed.
 */
export function brandingChange(
  form: Partial<Record<keyof Branding, unknown>>,
  clientChanged: boolean,
): Record<string, unknown> {
  const client = new Set<string>(CLIENT_BRANDING_KEYS);
  return Object.fromEntries(
    Object.entries(form)
      .filter(([key, value]) => value !== undefined && (clientChanged || !client.has(key)))
      .map(([key, value]) => [key, value === '' ? null : value]),
  );
}

/** The media as stored: the fields its type uses, the rest at their defaults. */
export function mediaOf(form: {
  type: Media['type'];
  subType?: Media['subType'];
  size?: Media['size'] | null;
  url?: string | null;
  mediaId?: string | null;
}): Media {
  if (form.type === 'no_media') return DEFAULT_MEDIA;
  const linked = form.type === 'website' || form.type === 'rich';
  return {
    type: form.type,
    subType: form.subType ?? null,
    size: form.size ?? DEFAULT_MEDIA.size,
    url: linked ? (form.url ?? null) : null,
    mediaId: linked ? null : (form.mediaId ?? null),
  };
}

// The scan viewer's URL parameters.

export const NOT_A_URL_PARAMETER = 'is not a URL parameter';

/**
 * A change of URL parameters checked against the catalogue: the names sent (as the wire's camelCase conversion
 * left them) with their values, null for "back to the default". Errors by parameter name, snake_case.
 */
export function parameterChange(given: Record<string, unknown>): {
  change: UrlParameterValues;
  errors: ErrorMap;
} {
  const change: UrlParameterValues = {};
  const errors: ErrorMap = {};
  for (const [key, value] of Object.entries(given)) {
    const name = toSnake(key);
    const parameter = URL_PARAMETERS.find((candidate) => candidate.name === name);
    if (!parameter) {
      errors[name] = [NOT_A_URL_PARAMETER];
      continue;
    }
    if (value === null) {
      change[name] = null;
      continue;
    }
    const problem = parameterProblem(parameter, value);
    if (problem) errors[name] = [problem];
    else change[name] = value as number | string;
  }
  return { change, errors };
}

function parameterProblem(parameter: (typeof URL_PARAMETERS)[number], value: unknown): string | null {
  switch (parameter.kind) {
    case 'choice': {
      const values = parameter.options.map((option) => option.value);
      return values.includes(value as number) ? null : `must be one of ${values.join(', ')}`;
    }
    case 'number':
      return Number.isInteger(value) &&
        (value as number) >= parameter.min &&
        (value as number) <= parameter.max
        ? null
        : `must be between ${parameter.min} and ${parameter.max}`;
    case 'text':
      return typeof value === 'string' && new RegExp(parameter.pattern).test(value) ? null : 'is not valid';
  }
}

/** The values kept: those set away from the viewer's defaults (a default or null drops its key). */
export function storedParameters(
  stored: UrlParameterValues,
  change: UrlParameterValues = {},
): UrlParameterValues {
  const defaults = defaultUrlParameters();
  const merged = { ...stored, ...change };
  return Object.fromEntries(
    Object.entries(merged).filter(
      ([name, value]) => Object.hasOwn(defaults, name) && value !== null && value !== defaults[name],
    ),
  );
}

/** Every parameter of the catalogue with its value, and the embed's query for them. */
export function parametersView(stored: UrlParameterValues): { values: UrlParameterValues; query: string } {
  const values = { ...defaultUrlParameters(), ...storedParameters(stored) };
  return { values, query: embedQuery(values).toString() };
}

// Links.

export interface TourLinks {
  default: string;
  whiteLabel: string | null;
  mls: string;
}

/**
 * A player link's addresses: on the app's own host; on the provider's active white-label domain, else its
 * subdomain of the app's host, else none; and the listing services' one (no branding, no lead capture).
 */
export function tourLinks(
  appUrl: string,
  path: { clientSlug: string; modelSlug: string },
  addresses: { subdomain: string | null; whitelabelDomain: string | null } | null,
): TourLinks {
  const app = new URL(appUrl);
  const tourPath = `/tours/${encodeURIComponent(path.clientSlug)}/${encodeURIComponent(path.modelSlug)}`;
  const own = `${app.origin}${tourPath}`;
  let whiteLabel: string | null = null;
  if (addresses?.whitelabelDomain) whiteLabel = `https://${addresses.whitelabelDomain}${tourPath}`;
  else if (addresses?.subdomain)
    whiteLabel = `${app.protocol}//${addresses.subdomain}.${app.host}${tourPath}`;
  return { default: own, whiteLabel, mls: `${own}/mls` };
}

export function embedCode(link: string): string {
  const src = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${src}" width="100%" height="480" frameborder="0" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>`;
}

/** The Showcase URL the player embeds: the model, its start position (`start=...` or `ss=...&sr=...`), the query. */
export function embedUrl(
  showcaseUrl: string,
  model: { key: string; startPosition: string | null },
  values: UrlParameterValues,
): string {
  const url = new URL(showcaseUrl);
  url.searchParams.set('m', model.key);
  for (const [name, value] of new URLSearchParams(model.startPosition ?? ''))
    url.searchParams.set(name, value);
  for (const [name, value] of embedQuery(values)) url.searchParams.set(name, value);
  return url.toString();
}

// The namespace and the password.

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 lowercase letters and digits, random: a provider's namespace (36^8, about 2.8e12). */
export function namespaceSlug(): string {
  const bytes = randomBytes(8);
  // 256 is not a multiple of 36: bytes past the last whole multiple would favour the first letters, so they are
  // drawn again.
  let slug = '';
  for (let index = 0; slug.length < 8; index++) {
    const byte = index < bytes.length ? bytes[index]! : randomBytes(1)[0]!;
    if (byte < 252) slug += SLUG_ALPHABET[byte % 36];
  }
  return slug;
}

/** scrypt (node:crypto) with its recommended cost: 2^14, 8, 1; the settings are stored with the hash. */
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt>$<hash>` (base64url). */
export async function hashTourPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, SCRYPT.keyLength, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Whether a password matches a stored hash (issue 13's visitors' check); a hash it cannot read matches nothing. */
export async function tourPasswordMatches(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  try {
    const key = await scryptAsync(
      password.normalize('NFC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      {
        N: Number(n),
        r: Number(r),
        p: Number(p),
      },
    );
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

// The layers: a form as stored (exactly the contract's shape, whatever else the client sent).

function itemOf(item: OverlayItemForm): OverlayItem {
  switch (item.type) {
    case 'logo':
      return { type: 'logo', size: item.size, source: item.source };
    case 'menu-button':
      return { type: 'menu-button' };
    case 'property-title':
      return {
        type: 'property-title',
        font: { family: item.font.family, weight: item.font.weight, color: item.font.color },
        size: item.size,
      };
  }
}

function rowOf(row: OverlayRowForm): OverlayRow {
  return {
    banner: row.banner ? { style: row.banner.style, color: row.banner.color } : null,
    columns: row.columns.map((column) => column.map(itemOf)) as OverlayRow['columns'],
  };
}

export function overlayOf(overlay: OverlayLayoutForm): OverlayLayout {
  const { type, font, background } = overlay.menu;
  return {
    top: rowOf(overlay.top),
    bottom: rowOf(overlay.bottom),
    menu: {
      type,
      font: { family: font.family, weight: font.weight, color: font.color },
      background: { color: background.color, style: background.style },
    },
  };
}

function entryOf(entry: MenuEntryForm | MenuChildEntryForm): MenuEntry {
  return {
    id: entry.id,
    title: entry.title,
    icon: entry.icon,
    type: entry.type,
    url: entry.type === 'link' ? entry.url : null,
    childEntries: entry.type === 'submenu' && 'childEntries' in entry ? entry.childEntries.map(entryOf) : [],
  };
}

export function menuOf(menu: { entries: MenuEntryForm[] }): TourLayers['menu'] {
  return { entries: menu.entries.map(entryOf) };
}

export function welcomeScreenOf(form: TourLayersForm['welcomeScreen']): TourLayers['welcomeScreen'] {
  return {
    enabled: form.enabled,
    title: form.title,
    message: form.message,
    imageId: form.imageId,
    buttonLabel: form.buttonLabel,
  };
}

export function layersOf(form: TourLayersForm): TourLayers {
  const { enabled, autoplay, loop } = form.guidedTour;
  return {
    overlay: overlayOf(form.overlay),
    menu: menuOf(form.menu),
    welcomeScreen: welcomeScreenOf(form.welcomeScreen),
    guidedTour: { enabled, autoplay, loop },
  };
}
