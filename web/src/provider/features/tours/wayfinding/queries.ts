import { useQuery } from '@tanstack/react-query';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { tourKeys } from '../keys';
import { fetchWayfinding, saveWayfinding } from './api';

export const wayfindingKey = (propertyId: string) => [...tourKeys.tour(propertyId), 'wayfinding'] as const;

export const useWayfindingQuery = (propertyId: string) =>
  useQuery({
    queryKey: wayfindingKey(propertyId),
    queryFn: ({ signal }) => fetchWayfinding(propertyId, signal),
  });

/** Saved whole: the answer is the layer the preview and the editor show. */
export const useSaveWayfindingMutation = () =>
  useMutationAction(saveWayfinding, (layer, [propertyId], client) =>
    client.setQueryData(wayfindingKey(propertyId), layer),
  );
