import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Answer, Schema } from '../../../api/types';

export type DigitalTwin = Schema<'properties.DigitalTwinResponse'>;
export type DigitalTwinConfig = Schema<'properties.DigitalTwinConfigResponse'>;
export type AlignmentAnswer = Answer<'/provider/properties/{id}/digital_twin/alignment_points', 'get'>;
export type AlignmentPair = Schema<'properties.AlignmentPairForm'>;

/** The property's twin, null when it has none (the API's 404 `Digital twin not found`). */
export async function fetchDigitalTwin(id: string, signal?: AbortSignal): Promise<DigitalTwin | null> {
  try {
    return (await api.get('/provider/properties/{id}/digital_twin', { params: { id }, signal })).digitalTwin;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const createDigitalTwin = async (id: string, assetId: string) =>
  (await api.post('/provider/properties/{id}/digital_twin', { digitalTwin: { assetId } }, { params: { id } }))
    .digitalTwin;

export const deleteDigitalTwin = (id: string) =>
  api.delete('/provider/properties/{id}/digital_twin', { params: { id } });

export const fetchAlignment = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/digital_twin/alignment_points', { params: { id }, signal });

/** The pairs, the whole list (3 to 20): the fit's answer, each pair's residual with it. */
export const align = (id: string, alignmentPoints: AlignmentPair[]) =>
  api.put('/provider/properties/{id}/digital_twin/layers/alignment', { alignmentPoints }, { params: { id } });

/** The whole config (PUT replaces it). */
export const saveConfig = async (id: string, config: DigitalTwinConfig) =>
  (await api.put('/provider/properties/{id}/digital_twin/config', { config }, { params: { id } })).config;
