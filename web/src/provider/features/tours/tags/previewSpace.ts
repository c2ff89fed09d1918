import { useContext, useEffect, useSyncExternalStore } from 'react';
import { SpaceContext, type SpaceSession } from '../../../../tour/space';

/**
 * The tour space's preview session, for the tag editor beside the preview: TourView provides its session to the
 * layers it renders (its children) only, so the preview's child `SharePreviewSpace` hands it here and the editor
 * reads it with `usePreviewSpace()`; null while the preview's SDK has not connected (the editor then degrades).
 */
let current: SpaceSession | null = null;
const listeners = new Set<() => void>();

function set(space: SpaceSession | null) {
  if (current === space) return;
  current = space;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered inside the preview's TourView: shares its space while mounted. */
export function SharePreviewSpace() {
  const space = useContext(SpaceContext);
  useEffect(() => {
    set(space);
    return () => set(null);
  }, [space]);
  return null;
}

export function usePreviewSpace(): SpaceSession | null {
  const shared = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return useContext(SpaceContext) ?? shared;
}
