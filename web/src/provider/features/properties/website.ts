import type { Media } from './api';

/** The keys of `next` whose values differ from `saved` (lists compared item by item): what a PATCH sends. */
export function changedKeys<T extends object>(next: T, saved: { [Key in keyof T]?: unknown }): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as Array<keyof T>) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key] ?? null)) changes[key] = next[key];
  }
  return changes;
}

/** Text typed into a number field: empty is null (not given), a number is sent as one, anything else as typed. */
export function numberOrText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * The photos in the order the website shows them, then those it leaves out (in their own order). A selection of
 * null shows them all; ids of photos deleted since are passed over.
 */
export function orderPhotos(photos: Media[], selection: string[] | null) {
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const shown = (selection ?? photos.map((photo) => photo.id)).flatMap((id) => byId.get(id) ?? []);
  const left = photos.filter((photo) => !shown.includes(photo));
  return { shown, left };
}

/** The list with the item at `index` moved one place earlier (-1) or later (+1). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
