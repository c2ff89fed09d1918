import { useEffect } from 'react';
import { useSpace, type SpaceSession } from '../../../../../tour/space';

/**
 * Inside the preview's TourView (which gives its children the space), tells the page the preview's space, so the
 * editors beside the preview (not inside it) can use it through their own SpaceContext.
 */
export function SpaceRelay({ onSpace }: { onSpace(space: SpaceSession | null): void }) {
  const space = useSpace();
  useEffect(() => {
    onSpace(space);
    return () => onSpace(null);
  }, [space, onSpace]);
  return null;
}
