import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';

export type GuidedStop = Answer<
  '/provider/properties/{id}/guided_tour_layer/stops.json',
  'get'
>['stops'][number];

/** A stop as the editor holds it: the stop's fields, its narration by id. */
export interface StopDraft {
  key: string;
  sweepId: string;
  rotation: { x: number; y: number };
  title: string;
  text: string;
  audioFileId: string | null;
}

export const fetchGuidedStops = async (propertyId: string, signal?: AbortSignal) =>
  (
    await api.get('/provider/properties/{id}/guided_tour_layer/stops.json', {
      params: { id: propertyId },
      signal,
    })
  ).stops;

/** The stops saved whole, in this order. */
export const saveGuidedStops = async (propertyId: string, stops: StopDraft[]) =>
  (
    await api.post(
      '/provider/properties/{id}/guided_tour_layer/stops.json',
      { guidedTourLayer: { stops: stops.map(({ key: _key, ...stop }) => stop) } },
      { params: { id: propertyId } },
    )
  ).stops;
