import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import type { WayfindingLayerData, WayfindingWords } from './types';
import { WayfindingLayer } from './WayfindingLayer';

/**
 * The visitor's wayfinding layer (lazily loaded with this module, only for a tour with layers): its points and
 * journeys asked once (`/digital_twin/{id}/layers/wayfinding.json`); none, or the answer failing: nothing shows.
 */
export default function WayfindingPlayerLayer({
  tourId,
  words,
}: {
  tourId: string;
  words?: WayfindingWords;
}) {
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
