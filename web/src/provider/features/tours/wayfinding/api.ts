import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';

/** A property's wayfinding layer (GET/POST /provider/properties/{id}/wayfinding_layer), camelCased. */
export type WayfindingLayer = Answer<'/provider/properties/{id}/wayfinding_layer', 'get'>['wayfindingLayer'];

export async function fetchWayfinding(propertyId: string, signal?: AbortSignal): Promise<WayfindingLayer> {
  return (await api.get('/provider/properties/{id}/wayfinding_layer', { params: { id: propertyId }, signal }))
    .wayfindingLayer;
}

/** Saves the whole layer; the answer is what was stored. */
export async function saveWayfinding(propertyId: string, layer: WayfindingLayer): Promise<WayfindingLayer> {
  return (
    await api.post(
      '/provider/properties/{id}/wayfinding_layer',
      { wayfindingLayer: layer },
      { params: { id: propertyId } },
    )
  ).wayfindingLayer;
}
