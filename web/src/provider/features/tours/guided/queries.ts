import { useQuery } from '@tanstack/react-query';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { propertyKeys } from '../../properties/queries';
import { fetchGuidedStops, saveGuidedStops } from './api';

export const guidedKeys = {
  stops: (propertyId: string) => [...propertyKeys.one(propertyId), 'guided-stops'] as const,
};

export const useGuidedStopsQuery = (propertyId: string) =>
  useQuery({
    queryKey: guidedKeys.stops(propertyId),
    queryFn: ({ signal }) => fetchGuidedStops(propertyId, signal),
  });

export const useSaveGuidedStopsMutation = (propertyId: string) =>
  useMutationAction(saveGuidedStops, (stops, _args, client) =>
    client.setQueryData(guidedKeys.stops(propertyId), stops),
  );
