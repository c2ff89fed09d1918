import type { ContentKind } from '@tourly/platform';

export const MEDIA_KINDS = ['photo', 'video', 'floorplan', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_SOURCES = ['uploaded', 'external'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** What each kind of media may be, by content (never by name). */
export const ACCEPTS: Record<MediaKind, readonly ContentKind[]> = {
  photo: ['image'],
  video: ['video'],
  floorplan: ['image', 'pdf'],
  document: ['pdf'],
};

export const NO_ORIGINAL =
  'This photo shows what was uploaded: only a photo retouched in its place has an original to restore.';

export const NOT_FOUND: Record<MediaKind, string> = {
  photo: 'Photo not found',
  video: 'Video not found',
  floorplan: 'Floorplan not found',
  document: 'Document not found',
};

/** A new medium's name when none is given: none for a photo, the file's name for a document, else without extension. */
export function defaultName(kind: MediaKind, filename: string): string | null {
  if (kind === 'photo') return null;
  if (kind === 'document') return filename;
  return filename.replace(/\.[^.]+$/, '') || filename;
}

/** File names within one zip: a second 'plan.pdf' becomes 'plan (2).pdf' (names compared without case). */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** Ids compared without case, each once, in its first place (lowercased): a selection of media or people. */
export function uniqueIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** 001 §3 "Uploaded document: file id, filename, size, mimeType": a media item with its MIME type by that name. */
export function asDocument<T extends { contentType: string | null }>(
  item: T,
): T & { mimeType: string | null } {
  return { ...item, mimeType: item.contentType };
}
