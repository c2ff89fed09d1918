import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import { tourKeys } from '../tours/keys';
import { publishLayers } from '../tours/layers/api';
import {
  deleteAsset,
  fetchAssets,
  fetchCreatorStudioProps,
  fetchScene,
  fetchSketchfabAccount,
  fetchSketchfabModel,
  fetchSketchfabSearch,
  importSketchfabModel,
  saveScene,
  saveSceneSettings,
  type AssetQuery,
  type CreatorStudioProps,
  type StagingScene,
} from './api';

/** Under the property's keys (deleting it forgets its scene); the library is the provider's, shared by properties. */
export const stagingKeys = {
  scene: (propertyId: string) => [...propertyKeys.one(propertyId), 'staging-scene'] as const,
  props: (propertyId: string) => [...propertyKeys.one(propertyId), 'creator-studio-props'] as const,
  assets: () => [APP_KEY, 'staging-assets'] as const,
  assetsPage: (query: AssetQuery) => [...stagingKeys.assets(), query] as const,
  sketchfabAccount: () => [APP_KEY, 'sketchfab-account'] as const,
  sketchfabModel: (uid: string) => [APP_KEY, 'sketchfab-model', uid] as const,
};

export const useSceneQuery = (propertyId: string) =>
  useQuery({
    queryKey: stagingKeys.scene(propertyId),
    queryFn: ({ signal }) => fetchScene(propertyId, signal),
  });

export const useCreatorStudioPropsQuery = (propertyId: string) =>
  useQuery({
    queryKey: stagingKeys.props(propertyId),
    queryFn: ({ signal }) => fetchCreatorStudioProps(propertyId, signal),
  });

/** A page of the library; the opening page may start from `creator_studio_props`' first page. */
export const useAssetsQuery = (query: AssetQuery, opening?: CreatorStudioProps) =>
  useQuery({
    queryKey: stagingKeys.assetsPage(query),
    queryFn: ({ signal }) => fetchAssets(query, signal),
    ...(opening && {
      initialData: {
        items: opening.assets,
        currentPage: 1,
        totalPages: Math.max(1, Math.ceil(opening.assetCount / query.pageSize)),
        totalCount: opening.assetCount,
      },
    }),
  });

export const useSketchfabAccountQuery = () =>
  useQuery({
    queryKey: stagingKeys.sketchfabAccount(),
    queryFn: ({ signal }) => fetchSketchfabAccount(signal),
  });

export const useSketchfabModelQuery = (uid: string | null) =>
  useQuery({
    queryKey: stagingKeys.sketchfabModel(uid ?? ''),
    queryFn: ({ signal }) => fetchSketchfabModel(uid!, signal),
    enabled: uid !== null,
  });

function sceneChanged(client: QueryClient, scene: StagingScene) {
  client.setQueryData(stagingKeys.scene(scene.propertyId), scene);
}

export const useSaveSceneMutation = () =>
  useMutationAction(saveScene, (scene, _, client) => sceneChanged(client, scene));

/** Settings answer the scene without its placements: only its state is taken, the placements kept. */
export const useSaveSettingsMutation = () =>
  useMutationAction(saveSceneSettings, (scene, _, client) =>
    client.setQueryData<StagingScene>(stagingKeys.scene(scene.propertyId), (current) => ({
      ...scene,
      placements: current?.placements ?? scene.placements,
    })),
  );

/** The library changed (an upload, an import, a deletion): every page of it is asked again. */
const libraryChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: stagingKeys.assets() });

export const useDeleteAssetMutation = () =>
  useMutationAction(deleteAsset, (_, __, client) => libraryChanged(client));

export const useImportSketchfabMutation = () =>
  useMutationAction(importSketchfabModel, (_, [uid], client) =>
    Promise.all([
      libraryChanged(client),
      client.invalidateQueries({ queryKey: stagingKeys.sketchfabModel(uid) }),
    ]),
  );

/**
 * Publishing is the tour's layers' (the scene is one of them): the scene and the tour's drafts go up together, then
 * the scene and the tour's draft are asked again.
 */
export const usePublishStagingMutation = (propertyId: string) =>
  useMutationAction(publishLayers, (_, __, client) =>
    Promise.all([
      client.invalidateQueries({ queryKey: stagingKeys.scene(propertyId) }),
      client.invalidateQueries({ queryKey: tourKeys.tour(propertyId) }),
      client.invalidateQueries({ queryKey: tourKeys.playerLink(propertyId) }),
    ]),
  );

export { libraryChanged };

/** A Sketchfab search, its pages as "More results" asks for them; nothing is asked for an empty search. */
export const useSketchfabSearchQuery = (q: string) =>
  useInfiniteQuery({
    queryKey: [APP_KEY, 'sketchfab-search', q] as const,
    queryFn: ({ pageParam, signal }) => fetchSketchfabSearch(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: q !== '',
  });
