import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { api } from '../../../api/client';
import type { WelcomeScreenData, WelcomeWords } from './sequence';
import { WelcomeScreens } from './WelcomeScreens';

/**
 * The visitor's welcome screens (lazily loaded with this module, only for a tour with layers), in the visitor's
 * language: asked once per page (`/digital_twin/{id}/layers/welcome_screens.json`), shown before the tour until the
 * visitor starts it. None, or the answer failing: nothing shows, the tour plays.
 */
export default function WelcomePlayerLayer({ tourId }: { tourId: string }) {
  const { t, i18n } = useTranslation();
  const words = useMemo<WelcomeWords>(
    () => ({
      next: t('welcomeNext'),
      skipAll: t('welcomeSkipAll'),
      startTour: t('startTour'),
      position: (at, of) => t('welcomePosition', { at, of }),
    }),
    [t, i18n.language],
  );
  const [screens, setScreens] = useState<WelcomeScreenData[]>([]);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/digital_twin/{id}/layers/welcome_screens.json', {
        params: { id: tourId },
        signal: controller.signal,
      })
      .then(
        (answer) => setScreens(answer.welcomeScreens),
        () => setScreens([]),
      );
    return () => controller.abort();
  }, [tourId]);
  if (done || screens.length === 0) return null;
  return <WelcomeScreens screens={screens} words={words} onDone={() => setDone(true)} />;
}
