import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Answer, Schema } from '../../../api/types';
import { uploadWithProgress, type UploadProgress } from '../../../api/upload';
import type { Placement } from './placements';
import { SketchfabError } from './sketchfab';

export type StagingScene = Answer<'/provider/properties/{id}/vt_staging', 'get'>;
export type ScenePlacement = NonNullable<StagingScene['placements']>[number];
export type SceneSettings = StagingScene['settings'];
export type CreatorStudioProps = Answer<'/provider/properties/{id}/vt_staging/creator_studio_props', 'get'>;
export type StagingAsset = Schema<'properties.AssetResponse'>;
export type AssetCategory = Schema<'properties.CategoryResponse'>;
export type SketchfabModel = Answer<'/api/integrations/sketchfab/download', 'get'>;
export type SketchfabAccount = Answer<'/api/integrations/sketchfab/account_exists.json', 'get'>;

export interface AssetQuery {
  propertyId: string;
  page: number;
  pageSize: number;
  search: string;
  category: string;
}

/** The draft, else the published scene, with each placement's asset (`scene_data=true`). */
export const fetchScene = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/vt_staging', {
    params: { id },
    query: { sceneData: true },
    trailingSlash: true,
    signal,
  });

export const fetchCreatorStudioProps = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/vt_staging/creator_studio_props', { params: { id }, signal });

/** The draft's placements, the whole list. */
export const saveScene = (id: string, placements: Placement[]) =>
  api.post(
    '/provider/properties/{id}/vt_staging/scene',
    {
      scene: {
        placements: placements.map(({ id: placementId, assetId, position, yaw, scale, floor }) => ({
          id: placementId,
          assetId,
          position,
          yaw,
          scale,
          floor,
        })),
      },
    },
    { params: { id } },
  );

export const saveSceneSettings = (id: string, settings: Partial<SceneSettings>) =>
  api.patch('/provider/properties/{id}/vt_staging/settings', { sceneSettings: settings }, { params: { id } });

export const fetchAssets = (
  { propertyId, page, pageSize, search, category }: AssetQuery,
  signal?: AbortSignal,
) =>
  api.page(
    '/provider/vt_staging/assets.json',
    { page, pageSize, propertyId, search: search || undefined, filter: category || undefined },
    { signal },
  );

/** A GLB of the provider's own, with the upload's progress. */
export function uploadAsset(
  file: File,
  fields: { name: string; categoryId: string },
  onProgress: UploadProgress,
): Promise<StagingAsset> {
  const body = new FormData();
  body.append('asset[name]', fields.name);
  body.append('asset[category_id]', fields.categoryId);
  body.append('asset[file]', file);
  return uploadWithProgress<StagingAsset>('/provider/vt_staging/assets.json', body, onProgress);
}

export const deleteAsset = (id: string) =>
  api.delete('/provider/vt_staging/assets/{id}.json', { params: { id } });

export const fetchSketchfabAccount = (signal?: AbortSignal) =>
  api.get('/api/integrations/sketchfab/account_exists.json', { signal });

export const fetchSketchfabAuthUrl = (propertyId: string) =>
  api.get('/api/integrations/sketchfab/auth_url', { query: { propertyId } });

export const fetchSketchfabModel = (uid: string, signal?: AbortSignal) =>
  api.get('/api/integrations/sketchfab/download', { query: { uid }, signal });

/** The import; a refusal is a SketchfabError in the server's words (002 §8: its first base error). */
export async function importSketchfabModel(uid: string): Promise<StagingAsset> {
  try {
    return await api.post('/provider/vt_staging/sketchfab/download.json', { uid });
  } catch (error) {
    if (error instanceof ApiError && error.messages[0]) throw new SketchfabError(error.messages[0]);
    throw error;
  }
}

export type SketchfabSearchPage = Answer<'/api/integrations/sketchfab/search.json', 'get'>;
export type SketchfabSearchResult = SketchfabSearchPage['results'][number];

/** Sketchfab's downloadable models matching `q`, a page at a time (`cursor`: the previous page's `nextCursor`). */
export const fetchSketchfabSearch = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get('/api/integrations/sketchfab/search.json', { query: { q, ...(cursor && { cursor }) }, signal });
