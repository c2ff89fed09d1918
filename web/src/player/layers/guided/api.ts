import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';
import type { PlayerStop } from './guided-player';

type GuidedAnswer = Answer<'/digital_twin/{id}/layers/guided_tour.json', 'get'>;
export type GuidedTourLayer = GuidedAnswer['guidedTourLayer'];

/** A tour has at most 50 stops: one page holds them all. */
const ALL_STOPS = 100;

/** The published guided tour: its switch and its stops, in order (none for a basic tour). */
export async function fetchGuidedTour(
  tourId: string,
  signal?: AbortSignal,
): Promise<{ layer: GuidedTourLayer; stops: PlayerStop[] }> {
  const answer = await api.page(
    '/digital_twin/{id}/layers/guided_tour.json',
    { page: 1, pageSize: ALL_STOPS },
    { params: { id: tourId }, signal },
  );
  return {
    layer: answer.guidedTourLayer,
    stops: answer.items.map((item) => ({
      id: item.id,
      sweepId: item.sweepId,
      rotation: item.rotation,
      title: item.title,
      text: item.text,
      audioUrl: item.audioFile?.url ?? null,
    })),
  };
}
