import type { SpacePoint, SpacePose, SpaceSweep } from '../../../tour/space';

/** A sound placed in the space: heard within `radius` metres, at `volume` per cent at the source itself. */
export interface SoundSource {
  position: SpacePoint;
  radius: number;
  volume: number;
}

export function distance(a: SpacePoint, b: SpacePoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/**
 * How loud a source plays for a listener `metres` away, 0 to 1: its volume at the source, falling off as the square
 * of the way to its edge (close to how loudness is heard), silent at the radius and beyond. A distance that is not a
 * number (the camera's place unknown) is silence.
 */
export function spatialVolume(metres: number, source: Pick<SoundSource, 'radius' | 'volume'>): number {
  if (!Number.isFinite(metres) || metres < 0 || !(source.radius > 0)) return 0;
  if (metres >= source.radius) return 0;
  const left = 1 - metres / source.radius;
  const level = (Math.min(100, Math.max(0, source.volume)) / 100) * left * left;
  return Math.round(level * 1000) / 1000;
}

/**
 * Where the camera stands: the SDK's pose names the sweep, whose position the space lists (inside a sweep the camera
 * is at it); null in the dollhouse or floor plan, or moving between sweeps.
 */
export function cameraPosition(pose: SpacePose, sweeps: SpaceSweep[]): SpacePoint | null {
  if (pose.mode !== 'inside' || !pose.sweep) return null;
  return sweeps.find((sweep) => sweep.sid === pose.sweep)?.position ?? null;
}

/** The room the camera is in (its sweep's room label), null outside rooms or away from a sweep. */
export function cameraRoom(pose: SpacePose, sweeps: SpaceSweep[]): string | null {
  if (pose.mode !== 'inside' || !pose.sweep) return null;
  return sweeps.find((sweep) => sweep.sid === pose.sweep)?.room ?? null;
}

/** Each source's level where the camera is: every source silent when the camera's place is unknown. */
export function sourceLevels(camera: SpacePoint | null, sources: SoundSource[]): number[] {
  return sources.map((source) => (camera ? spatialVolume(distance(camera, source.position), source) : 0));
}

/** The narration for a room, by its label compared without case; null: the room has none. */
export function narrationFor<T extends { room: string }>(room: string | null, narrations: T[]): T | null {
  if (!room) return null;
  const key = room.trim().toLowerCase();
  return narrations.find((narration) => narration.room.trim().toLowerCase() === key) ?? null;
}
