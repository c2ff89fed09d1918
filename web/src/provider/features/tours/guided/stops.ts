import type { SpacePose } from '../../../../tour/space';
import type { GuidedStop, StopDraft } from './api';

/** The saved stops as the editor holds them (each with a key of its own for the list). */
export function draftsOf(stops: GuidedStop[]): StopDraft[] {
  return stops.map((stop) => ({
    key: stop.id,
    sweepId: stop.sweepId,
    rotation: stop.rotation,
    title: stop.title,
    text: stop.text,
    audioFileId: stop.audioFile?.id ?? null,
  }));
}

/**
 * A new stop where the preview's camera stands and looks, named after its place in the list; null when the camera
 * is not at a sweep (the dollhouse, the floor plan, or moving): a stop stands at a sweep.
 */
export function stopAt(pose: SpacePose, count: number, key: string): StopDraft | null {
  if (pose.mode !== 'inside' || !pose.sweep) return null;
  return {
    key,
    sweepId: pose.sweep,
    rotation: { x: round(pose.rotation.x), y: round(pose.rotation.y) },
    title: `Stop ${count + 1}`,
    text: '',
    audioFileId: null,
  };
}

/** The list with the item at `index` moved by `step` (-1 earlier, +1 later); unchanged at either end. */
export function moved<T>(items: T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

const round = (degrees: number) => Math.round(degrees * 10) / 10;
