import type { ContentKind } from '@tourly/platform';
import { MEDIA_SIZES, MEDIA_TYPES } from '@tourly/contracts';

/**
 * The welcome screens' rules (no I/O): the sequence's limits, the media a screen may show (of the spec's types, those
 * a screen before the tour can: none, a photo, a video) and the kind of upload each takes.
 */

export const WELCOME_SCREEN_LIMITS = { screens: 5, title: 80, text: 1000, buttonLabel: 40 } as const;

export const WELCOME_SCREEN_MEDIA_TYPES = MEDIA_TYPES.filter(
  (type): type is 'no_media' | 'photo' | 'video' =>
    type === 'no_media' || type === 'photo' || type === 'video',
);
export type WelcomeScreenMediaType = (typeof WELCOME_SCREEN_MEDIA_TYPES)[number];
export const WELCOME_SCREEN_MEDIA_SIZES = MEDIA_SIZES;
export type WelcomeScreenMediaSize = (typeof MEDIA_SIZES)[number];

/** The kind of upload a medium takes: a photo an image, a video a video; none, no file. */
export function uploadKindOf(type: WelcomeScreenMediaType): ContentKind | null {
  if (type === 'photo') return 'image';
  if (type === 'video') return 'video';
  return null;
}

export interface ScreenMediaChoice {
  type: WelcomeScreenMediaType;
  fileId: string | null;
}

/** How each screen's file is to be had: kept (the sequence holds it already), new (an upload to attach), or none. */
export type FilePlan =
  | { screen: number; use: 'none' }
  | { screen: number; use: 'missing' }
  | { screen: number; use: 'kept' | 'new'; fileId: string; kind: ContentKind };

/**
 * Sorts the screens' files into those kept and those to attach; a photo or a video without a file is `missing`.
 * `held`: the ids of the files the sequence shows now (lowercase).
 */
export function planFiles(screens: readonly ScreenMediaChoice[], held: ReadonlySet<string>): FilePlan[] {
  return screens.map((screen, index): FilePlan => {
    const kind = uploadKindOf(screen.type);
    if (kind === null) return { screen: index, use: 'none' };
    if (!screen.fileId) return { screen: index, use: 'missing' };
    const fileId = screen.fileId.toLowerCase();
    return { screen: index, use: held.has(fileId) ? 'kept' : 'new', fileId, kind };
  });
}

/** The files the sequence held that no screen keeps: discarded once the new sequence is saved. */
export function filesLetGo(held: ReadonlySet<string>, plans: readonly FilePlan[]): string[] {
  const kept = new Set(plans.flatMap((plan) => (plan.use === 'kept' ? [plan.fileId] : [])));
  return [...held].filter((id) => !kept.has(id));
}
