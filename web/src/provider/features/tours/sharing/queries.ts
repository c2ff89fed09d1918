import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { tourKeys } from '../keys';
import {
  fetchPlayerLink,
  revertUrlParameters,
  updateBranding,
  updateLeadGate,
  updateMedia,
  updatePassword,
  updatePrimaryModel,
  updateSetup,
  updateUrlParameters,
  type PlayerLink,
  type UrlParameters,
} from './api';

/** The property's player link with its settings and URL parameters: one cache entry the tabs share. */
export const usePlayerLinkQuery = (propertyId: string) =>
  useQuery({
    queryKey: tourKeys.playerLink(propertyId),
    queryFn: ({ signal }) => fetchPlayerLink(propertyId, signal),
  });

/**
 * Every change answers the whole player link: the tabs show it at once. The tour's preview (the Space tab) shows
 * the branding, media, model, setup and URL parameters too: it is asked for again.
 */
function linkChanged(client: QueryClient, link: PlayerLink) {
  client.setQueryData(tourKeys.playerLink(link.propertyId), link);
  return client.invalidateQueries({ queryKey: tourKeys.preview(link.propertyId) });
}

/** A change of the URL parameters answers them alone: they replace those the cached player link holds. */
function parametersChanged(client: QueryClient, parameters: UrlParameters) {
  client.setQueryData<PlayerLink>(tourKeys.playerLink(parameters.propertyId), (link) =>
    link ? { ...link, matterportModelParameter: parameters } : link,
  );
  return client.invalidateQueries({ queryKey: tourKeys.preview(parameters.propertyId) });
}

export const useUpdateBrandingMutation = () =>
  useMutationAction(updateBranding, (link, _, client) => linkChanged(client, link));

export const useUpdateMediaMutation = () =>
  useMutationAction(updateMedia, (link, _, client) => linkChanged(client, link));

export const useUpdatePrimaryModelMutation = () =>
  useMutationAction(updatePrimaryModel, (link, _, client) => linkChanged(client, link));

export const useUpdateSetupMutation = () =>
  useMutationAction(updateSetup, (link, _, client) => linkChanged(client, link));

export const useUpdatePasswordMutation = () =>
  useMutationAction(updatePassword, (link, _, client) => linkChanged(client, link));

export const useUpdateLeadGateMutation = () =>
  useMutationAction(updateLeadGate, (link, _, client) => linkChanged(client, link));

export const useUpdateUrlParametersMutation = () =>
  useMutationAction(updateUrlParameters, (parameters, _, client) => parametersChanged(client, parameters));

export const useRevertUrlParametersMutation = () =>
  useMutationAction(revertUrlParameters, (parameters, _, client) => parametersChanged(client, parameters));
