import { useState } from 'react';
import { WelcomeScreens } from '../../../../player/layers/welcome/WelcomeScreens';
import { useWelcomeScreensQuery } from './queries';

/**
 * Inside the preview's TourView: the saved welcome screens as visitors meet them, shown again after each save and
 * dismissed like a visitor would; the focus stays with the editor.
 */
export function WelcomeScreensPreview({ propertyId }: { propertyId: string }) {
  const query = useWelcomeScreensQuery(propertyId);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const screens = query.data ?? [];
  if (screens.length === 0 || dismissedAt === query.dataUpdatedAt) return null;
  return (
    <WelcomeScreens
      key={query.dataUpdatedAt}
      screens={screens}
      takeFocus={false}
      onDone={() => setDismissedAt(query.dataUpdatedAt)}
    />
  );
}
