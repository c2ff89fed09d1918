import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** A segmented panorama as visitors get it (GET /segmentation/segmented_panos.json). */
export type SegmentedPano = Answer<'/segmentation/segmented_panos.json', 'get'>['panos'][number];
export type Segment = SegmentedPano['segments'][number];

/** The model's segmented panoramas; the player asks only when base.json says `segmentation`. */
export const fetchSegmentedPanos = (
  keys: { matterportKey: string; mpModelId: string },
  signal?: AbortSignal,
): Promise<SegmentedPano[]> =>
  api.get('/segmentation/segmented_panos.json', { query: keys, signal }).then((answer) => answer.panos);
