import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { api } from '../../../api/client';
import type { WayfindingLayerData, WayfindingWords } from './types';
import { WayfindingLayer } from './WayfindingLayer';

/**
 * The visitor's wayfinding layer (lazily loaded with this module, only for a tour with layers), in the visitor's
 * language: its points and journeys asked once (`/digital_twin/{id}/layers/wayfinding.json`); none, or the answer
 * failing: nothing shows.
 */
export default function WayfindingPlayerLayer({ tourId }: { tourId: string }) {
  const { t, i18n } = useTranslation();
  const words = useMemo<WayfindingWords>(
    () => ({
      findYourWay: t('wayfindingFindYourWay'),
      close: t('close'),
      stop: t('wayfindingStop'),
      needsTheSpace: t('wayfindingNeedsSpace'),
      step: (step, steps) => t('wayfindingStep', { step, steps }),
      arrived: (place) => t('wayfindingArrived', { place }),
      stopped: (step, steps) => t('wayfindingStopped', { step, steps }),
      noWay: (place) => t('wayfindingNoWay', { place }),
      failed: (place) => t('wayfindingFailed', { place }),
    }),
    [t, i18n.language],
  );
  const [layer, setLayer] = useState<WayfindingLayerData | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/digital_twin/{id}/layers/wayfinding.json', { params: { id: tourId }, signal: controller.signal })
      .then(
        (answer) => setLayer(answer.wayfindingLayer),
        () => setLayer(null),
      );
    return () => controller.abort();
  }, [tourId]);
  return layer ? <WayfindingLayer layer={layer} words={words} /> : null;
}
