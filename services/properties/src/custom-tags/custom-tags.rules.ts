import {
  BUILTIN_TAG_ICONS,
  CUSTOM_TAG_MESSAGES,
  MEDIA_SIZES,
  MESSAGES,
  NO_TAG_MEDIA,
  type MEDIA_SUB_TYPES,
  type MEDIA_TYPES,
} from '@tourly/contracts';
import { parseLink } from '../media/links';

export type TagMediaType = (typeof MEDIA_TYPES)[number];
export type TagMediaSubType = (typeof MEDIA_SUB_TYPES)[number];
export type TagMediaSize = (typeof MEDIA_SIZES)[number];

export interface Vector {
  x: number;
  y: number;
  z: number;
}

/** Where a tag sits in the 3D space: its anchor, and the normal its stem stands along (picked in the editor). */
export interface TagPosition {
  anchor: Vector;
  stemNormal: Vector;
}

/**
 * A tag's media (001 §3): photo = one of the property's photos (`mediaId`); video = an outside link (`url`); rich =
 * plain text (`text`, paragraphs split on blank lines, never HTML) with an optional picture (`mediaId`, a property
 * photo), shown as a card or, sub-type rich_billboard, as a billboard in the space (its picture: billboard_assets); website = an https page shown in an iframe (sub-type embedded_website).
 */
export interface TagMedia {
  type: TagMediaType;
  subType: TagMediaSubType | null;
  size: TagMediaSize;
  url: string | null;
  mediaId: string | null;
  text: string | null;
}

export interface CustomTag {
  id: string;
  label: string;
  description: string;
  /** A built-in icon's name, or null with `uploadedIconId` (neither: the default `info`). */
  icon: string | null;
  uploadedIconId: string | null;
  color: string;
  /** null: not placed yet (listed, not shown in the space). */
  position: TagPosition | null;
  sweepId: string | null;
  media: TagMedia;
}

/** What the sub-types go with: embedded_website with a website; rich_billboard and matterport_body with rich text. */
export const SUB_TYPES_OF: Record<TagMediaType, readonly TagMediaSubType[]> = {
  no_media: [],
  photo: [],
  video: [],
  rich: ['rich_billboard', 'matterport_body'],
  website: ['embedded_website'],
};

export const DEFAULT_TAG_ICON: (typeof BUILTIN_TAG_ICONS)[number] = 'info';
export const NO_MEDIA: TagMedia = { ...NO_TAG_MEDIA };

export const subTypeMismatch = (type: TagMediaType) => {
  const allowed = SUB_TYPES_OF[type];
  return allowed.length === 0 ? `must be empty for ${type}` : `must be ${allowed.join(' or ')} for ${type}`;
};

/** The media a form sent, reduced to what its type uses, or the refusals by field (under `field`). */
export function tagMediaOf(
  form: {
    type: TagMediaType;
    subType?: TagMediaSubType | null;
    size?: TagMediaSize | null;
    url?: string | null;
    mediaId?: string | null;
    text?: string | null;
  },
  field: string,
): { media: TagMedia } | { errors: Record<string, string> } {
  const subType = form.subType ?? null;
  if (subType !== null && !SUB_TYPES_OF[form.type].includes(subType)) {
    return { errors: { [`${field}.subType`]: subTypeMismatch(form.type) } };
  }
  const size = form.size ?? 'medium';
  const base = { ...NO_MEDIA, type: form.type, size };
  const required = (key: string) => ({ errors: { [`${field}.${key}`]: MESSAGES.required } });
  switch (form.type) {
    case 'no_media':
      return { media: NO_MEDIA };
    case 'photo':
      return form.mediaId ? { media: { ...base, mediaId: form.mediaId } } : required('mediaId');
    case 'video':
      // The link's own rules (an outside host) are media-links': the service applies them.
      return form.url?.trim() ? { media: { ...base, url: form.url.trim() } } : required('url');
    case 'rich': {
      const text = plainText(form.text ?? '');
      return text ? { media: { ...base, subType, text, mediaId: form.mediaId ?? null } } : required('text');
    }
    case 'website': {
      if (!form.url?.trim()) return required('url');
      const link = parseLink(form.url);
      if (!link) return { errors: { [`${field}.url`]: MESSAGES.invalidUrl } };
      if (!link.startsWith('https:')) return { errors: { [`${field}.url`]: CUSTOM_TAG_MESSAGES.notHttps } };
      return { media: { ...base, subType: subType ?? 'embedded_website', url: link } };
    }
  }
}

/**
 * Rich text kept as plain paragraphs: line ends made `\n`, each line's trailing spaces and the text's outer blank
 * lines removed, runs of blank lines made one. Markup is kept as the characters typed (the player shows text, never
 * HTML).
 */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A tag's icon: a built-in name or an uploaded icon, not both; the refusal (on `icon`), or null when it holds. */
export function iconRefusal(icon: string | null, uploadedIconId: string | null): string | null {
  if (icon !== null && uploadedIconId !== null) return CUSTOM_TAG_MESSAGES.unknownIcon;
  if (icon !== null && !(BUILTIN_TAG_ICONS as readonly string[]).includes(icon)) {
    return CUSTOM_TAG_MESSAGES.unknownIcon;
  }
  return null;
}

/** The ids a list repeats, by the index of each repetition (after the first). */
export function repeatedIds(ids: Array<string | null | undefined>): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  ids.forEach((id, index) => {
    if (!id) return;
    const key = id.toLowerCase();
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/** What a tag is found by in the player's search: its label and description, lowercased. */
export const searchTextOf = (tag: Pick<CustomTag, 'label' | 'description'>) =>
  `${tag.label}\n${tag.description}`.toLowerCase();

/** The player's `filters[...]` a tag list takes: `media_type` (one of the media types) and `icon`. */
export function tagFilters(filters: Record<string, string> | undefined): {
  mediaType: string | null;
  icon: string | null;
} {
  return { mediaType: filters?.mediaType ?? filters?.media_type ?? null, icon: filters?.icon ?? null };
}
