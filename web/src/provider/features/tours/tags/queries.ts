import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../../shared/queryClient';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { tourKeys } from '../keys';
import { deleteIcon, fetchIcons, fetchTagLayer, saveTags, saveTagsEnabled, uploadIcon } from './api';

const tagKeys = {
  layer: (propertyId: string) => [...tourKeys.tour(propertyId), 'custom-tags'] as const,
  /** The provider's icons, shared by all its tours. */
  icons: () => [APP_KEY, 'tag-icons'] as const,
};

export const useTagLayerQuery = (propertyId: string) =>
  useQuery({
    queryKey: tagKeys.layer(propertyId),
    queryFn: ({ signal }) => fetchTagLayer(propertyId, signal),
  });

export const useSaveTagsMutation = () =>
  useMutationAction(saveTags, (layer, [propertyId], client) =>
    client.setQueryData(tagKeys.layer(propertyId), layer),
  );

export const useSaveTagsEnabledMutation = () =>
  useMutationAction(saveTagsEnabled, (layer, [propertyId], client) =>
    client.setQueryData(tagKeys.layer(propertyId), layer),
  );

export const useIconsQuery = () =>
  useQuery({ queryKey: tagKeys.icons(), queryFn: ({ signal }) => fetchIcons('', signal) });

export const useUploadIconMutation = () =>
  useMutationAction(uploadIcon, (_icon, _args, client) =>
    client.invalidateQueries({ queryKey: tagKeys.icons() }),
  );

export const useDeleteIconMutation = () =>
  useMutationAction(deleteIcon, (_none, _args, client) =>
    client.invalidateQueries({ queryKey: tagKeys.icons() }),
  );
