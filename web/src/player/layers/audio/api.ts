import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

export type VisitorAudioTour = NonNullable<
  Answer<'/digital_twin/{id}/layers/audio_tour.json', 'get'>['audioTour']
>;

/** The tour's audio (music, narration per room, sounds in the space); null: none, or a basic tour. */
export async function fetchAudioTour(tourId: string, signal?: AbortSignal): Promise<VisitorAudioTour | null> {
  return (await api.get('/digital_twin/{id}/layers/audio_tour.json', { params: { id: tourId }, signal }))
    .audioTour;
}
