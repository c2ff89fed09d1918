import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** The tour's published staging scene (GET /vt_staging/{id}/scene.json): its settings, placements and credits. */
export type StagingScene = Answer<'/vt_staging/{id}/scene.json', 'get'>;
export type StagingPlacement = StagingScene['placements'][number];

/** The scene a visitor sees; the player asks only when base.json says `virtual_staging`. */
export const fetchStagingScene = (tourId: string, signal?: AbortSignal): Promise<StagingScene> =>
  api.get('/vt_staging/{id}/scene.json', { params: { id: tourId }, signal });
