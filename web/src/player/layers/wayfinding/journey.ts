import type { SpaceRotation, SpaceSession } from '../../../tour/space';

/** Where a journey is: walking (step `step` of `steps`), arrived, stopped, or failed (the space refused a move). */
export type JourneyProgress =
  | { state: 'walking'; step: number; steps: number }
  | { state: 'arrived'; steps: number }
  | { state: 'stopped'; step: number; steps: number }
  | { state: 'failed'; step: number; steps: number };

/**
 * Walks `path` one sweep at a time (each `moveTo` awaited before the next), telling each step as it starts; the last
 * move turns the visitor to `arrivalRotation`. `signal` stops it between moves. Resolves with how it ended.
 */
export async function walkJourney(
  space: Pick<SpaceSession, 'moveTo'>,
  path: readonly string[],
  options: {
    onProgress(progress: JourneyProgress): void;
    signal?: AbortSignal;
    arrivalRotation?: SpaceRotation | null;
  },
): Promise<JourneyProgress> {
  const steps = path.length;
  const end = (progress: JourneyProgress) => {
    options.onProgress(progress);
    return progress;
  };
  for (const [index, sweep] of path.entries()) {
    const step = index + 1;
    if (options.signal?.aborted) return end({ state: 'stopped', step: index, steps });
    options.onProgress({ state: 'walking', step, steps });
    try {
      const last = step === steps;
      await space.moveTo(sweep, last ? (options.arrivalRotation ?? undefined) : undefined);
    } catch {
      return end({ state: 'failed', step, steps });
    }
  }
  return end({ state: 'arrived', steps });
}
