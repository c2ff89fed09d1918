import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMutationAction } from '../../../../shared/useMutationAction';
import { tourKeys } from '../keys';
import {
  createTemplate,
  deleteTemplate,
  discardDraft,
  fetchDraft,
  fetchLinkMetadata,
  fetchPreview,
  fetchTemplates,
  publishLayers,
  saveDraft,
  saveGuidedTour,
  type TemplateQuery,
  type TourDraft,
} from './api';

export const useDraftQuery = (propertyId: string, tourId: string | undefined) =>
  useQuery({
    queryKey: tourKeys.draft(propertyId),
    queryFn: ({ signal }) => fetchDraft(tourId!, signal),
    enabled: tourId !== undefined,
  });

/** The player's JSON of the draft, asked again each time the draft (or the player link's settings) changes. */
export const usePreviewQuery = (propertyId: string, tourId: string | undefined) =>
  useQuery({
    queryKey: tourKeys.preview(propertyId),
    queryFn: ({ signal }) => fetchPreview(tourId!, signal),
    enabled: tourId !== undefined,
  });

export const useTemplatesQuery = (query: TemplateQuery) =>
  useQuery({
    queryKey: tourKeys.templatesPage(query),
    queryFn: ({ signal }) => fetchTemplates(query, signal),
  });

/**
 * A draft as a change answered: the draft's state (saved, published, unpublished changes) at once; the preview and
 * the player link's tour summary ask again.
 */
function draftChanged(client: QueryClient, draft: TourDraft) {
  client.setQueryData(tourKeys.draft(draft.propertyId), draft);
  return Promise.all([
    client.invalidateQueries({ queryKey: tourKeys.preview(draft.propertyId) }),
    client.invalidateQueries({ queryKey: tourKeys.playerLink(draft.propertyId) }),
  ]);
}

export const useSaveDraftMutation = () =>
  useMutationAction(saveDraft, (draft, _, client) => draftChanged(client, draft));

export const useDiscardDraftMutation = () =>
  useMutationAction(discardDraft, (draft, _, client) => draftChanged(client, draft));

export const usePublishLayersMutation = () =>
  useMutationAction(publishLayers, (draft, _, client) => draftChanged(client, draft));

/** The guided tour lives in the draft: the draft and the preview ask again. */
export const useSaveGuidedTourMutation = () =>
  useMutationAction(saveGuidedTour, (_layer, [propertyId], client) =>
    Promise.all([
      client.invalidateQueries({ queryKey: tourKeys.draft(propertyId) }),
      client.invalidateQueries({ queryKey: tourKeys.preview(propertyId) }),
    ]),
  );

export const useCreateTemplateMutation = () =>
  useMutationAction(createTemplate, (_template, _, client) =>
    client.invalidateQueries({ queryKey: tourKeys.templates() }),
  );

export const useDeleteTemplateMutation = () =>
  useMutationAction(deleteTemplate, (_answer, _, client) =>
    client.invalidateQueries({ queryKey: tourKeys.templates() }),
  );

/** Asked for when the person wants a link's page title as the entry's name: an action, not a read kept in the cache. */
export const useLinkMetadataAction = () => useMutationAction(fetchLinkMetadata);
