import { useQuery } from '@tanstack/react-query';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { tourKeys } from '../keys';
import { fetchWelcomeScreens, saveWelcomeScreens } from './api';

export const welcomeScreensKey = (propertyId: string) =>
  [...tourKeys.tour(propertyId), 'welcome-screens'] as const;

export const useWelcomeScreensQuery = (propertyId: string) =>
  useQuery({
    queryKey: welcomeScreensKey(propertyId),
    queryFn: ({ signal }) => fetchWelcomeScreens(propertyId, signal),
  });

export const useSaveWelcomeScreensMutation = () =>
  useMutationAction(saveWelcomeScreens, (screens, [propertyId], client) =>
    client.setQueryData(welcomeScreensKey(propertyId), screens),
  );
