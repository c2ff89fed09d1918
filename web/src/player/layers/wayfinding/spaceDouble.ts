import type { SpacePose, SpaceSession, SpaceSweep } from '../../../tour/space';

/**
 * A SpaceSession over a plain object, for the layers' tests: the sweeps given, `moveTo` refusing an id the space does
 * not have (as Showcase's SDK does) and recording the others, the pose following the moves.
 */
export function spaceOver(sweeps: SpaceSweep[], options: { refuse?: string[] } = {}) {
  const moves: string[] = [];
  const listeners = new Set<(pose: SpacePose) => void>();
  let pose: SpacePose = { sweep: sweeps[0]?.sid ?? null, rotation: { x: 0, y: 0 }, mode: 'inside' };
  const session: SpaceSession = {
    sweeps: async () => sweeps,
    moveTo: async (sweep, rotation) => {
      if (!sweeps.some((known) => known.sid === sweep) || options.refuse?.includes(sweep)) {
        throw new Error(`no sweep ${sweep}`);
      }
      moves.push(sweep);
      pose = { sweep, rotation: rotation ?? pose.rotation, mode: 'inside' };
      for (const listener of listeners) listener(pose);
    },
    pose: async () => pose,
    onPose: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showTags: async () => undefined,
    hideTags: async () => undefined,
    openTag: async () => undefined,
    onTagOpened: () => () => undefined,
    onPick: () => () => undefined,
    showModels: async () => undefined,
    hideModels: async () => undefined,
    setLighting: async () => undefined,
  };
  return { session, moves, pose: () => pose };
}

/** A space from `sid: neighbours` pairs. */
export const sweepsOf = (links: Record<string, string[]>): SpaceSweep[] =>
  Object.entries(links).map(([sid, neighbors]) => ({
    sid,
    neighbors,
    position: { x: 0, y: 0, z: 0 },
    floor: 0,
    room: null,
  }));
