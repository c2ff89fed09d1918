import type { SpacePoint, SpacePose, SpaceSweep } from '../../../../tour/space';

/** The rooms the space names, each once, in alphabetical order: the narration's choices. */
export function roomsOf(sweeps: SpaceSweep[]): string[] {
  const rooms = new Set(sweeps.flatMap((sweep) => (sweep.room ? [sweep.room] : [])));
  return [...rooms].sort((a, b) => a.localeCompare(b));
}

/** Where a sound placed "here" goes: the sweep the preview's camera stands at; null away from a sweep. */
export function soundPlaceAt(pose: SpacePose, sweeps: SpaceSweep[]): SpacePoint | null {
  if (pose.mode !== 'inside' || !pose.sweep) return null;
  return sweeps.find((sweep) => sweep.sid === pose.sweep)?.position ?? null;
}
