import type { Answer } from '../../../api/types';
import type { SpacePoint, SpaceSession, SpaceTag } from '../../../tour/space';
import { builtinIconUrl } from './icons';

/** A tag as tags.json (and the provider's custom_tag_layer) answers it. */
export type Tag = Answer<'/digital_twin/{id}/layers/tags.json', 'get'>['items'][number];
export type TagMedia = Tag['media'];

/** How long a tag's stem is, in metres, along the surface's normal it was placed on. */
export const STEM_LENGTH = 0.3;

/** The tag as the space shows it (Matterport's Tag descriptor), or null when it has no position yet. */
export function spaceTagOf(tag: Tag): SpaceTag | null {
  if (!tag.position) return null;
  const { anchor, stemNormal } = tag.position;
  return {
    id: tag.id,
    label: tag.label,
    description: tag.description,
    color: tag.color,
    anchorPosition: { ...anchor },
    stemVector: scaled(stemNormal, STEM_LENGTH),
    iconUrl: iconUrlOf(tag),
  };
}

/** The icon shown on the tag: its uploaded image, else its built-in one (served with the app). */
export function iconUrlOf(tag: Pick<Tag, 'icon' | 'iconUrl'>): string {
  return tag.iconUrl ?? builtinIconUrl(tag.icon);
}

function scaled(vector: SpacePoint, length: number): SpacePoint {
  const norm = Math.hypot(vector.x, vector.y, vector.z);
  if (norm === 0) return { x: 0, y: length, z: 0 };
  return { x: (vector.x / norm) * length, y: (vector.y / norm) * length, z: (vector.z / norm) * length };
}

/** The tags whose label or description holds every word of `search` (case and accents aside), in their order. */
export function matching<T extends Pick<Tag, 'label' | 'description'>>(tags: T[], search: string): T[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return tags;
  return tags.filter((tag) => {
    const text = fold(`${tag.label} ${tag.description}`);
    return words.every((word) => text.includes(word));
  });
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Rich text's paragraphs (split on blank lines), each with its lines; shown as text, never as HTML. */
export function paragraphs(text: string): string[][] {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** How a video link plays: YouTube's and Vimeo's players in a frame, a video file in a <video>, else a link out. */
export type VideoPlayer =
  { kind: 'frame'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; href: string };

export function videoPlayerOf(link: string): VideoPlayer {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'link', href: link };
  }
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const youtube =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (url.searchParams.get('v') ?? /^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1] ?? null)
        : null;
  if (youtube && /^[\w-]{6,20}$/.test(youtube)) {
    return { kind: 'frame', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  }
  const vimeo =
    host === 'vimeo.com' || host === 'player.vimeo.com' ? /(\d{3,})/.exec(url.pathname)?.[1] : null;
  if (vimeo) return { kind: 'frame', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|mov)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', href: url.toString() };
}

/**
 * The tags in the space for as long as the layer shows them: the placed ones shown (`showTags`), a tag the visitor
 * opens there reported to `onOpened`; `stop` takes them out again and stops listening. A tag the space refuses
 * (Showcase refuses what it cannot place) leaves the others shown and the list whole.
 */
export function showInSpace(space: SpaceSession, tags: Tag[], onOpened: (id: string) => void): () => void {
  const placed = tags.map(spaceTagOf).filter((tag): tag is SpaceTag => tag !== null);
  let stopped = false;
  const unsubscribe = space.onTagOpened((id) => {
    if (!stopped && tags.some((tag) => tag.id === id)) onOpened(id);
  });
  const shown = space.showTags(placed).catch(async () => {
    // One refused tag: show them one by one, so the rest are still there.
    for (const tag of placed) await space.showTags([tag]).catch(() => undefined);
  });
  return () => {
    stopped = true;
    unsubscribe();
    void shown.then(() => space.hideTags(placed.map((tag) => tag.id))).catch(() => undefined);
  };
}

/** Opens a tag from the list: in the space when it is placed there (the view turns to it), and its card either way. */
export async function openFromList(space: SpaceSession | null, tag: Tag): Promise<void> {
  if (!space || !tag.position) return;
  if (tag.sweepId) await space.moveTo(tag.sweepId).catch(() => undefined);
  await space.openTag(tag.id).catch(() => undefined);
}
