import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@tourly/contracts';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { billingKeys } from '../billing/queries';
import {
  addFloorplans,
  addMediaLink,
  addPhotos,
  addUploadedVideos,
  addVideoLink,
  createProperty,
  deleteDocument,
  deleteFloorplan,
  deleteMediaLink,
  deletePhoto,
  restoreOriginalPhoto,
  deleteProperty,
  deleteVideo,
  fetchDocuments,
  fetchFloorplans,
  fetchHeroImage,
  fetchMatterportSpaces,
  fetchMediaLinks,
  fetchPhotos,
  fetchProperties,
  fetchProperty,
  fetchVideos,
  fetchWebsite,
  setHostingExempt,
  stopPaidPremium,
  updateProperty,
  updatePropertyFeatures,
  updateWebsiteFloorplan,
  updateWebsitePhotos,
  updateWebsiteSettings,
  type Property,
  type PropertyQuery,
  type PublishRequest,
  type Website,
} from './api';
import { applyFeatures } from './publishing';

export const propertyKeys = {
  all: [APP_KEY, 'properties'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (query: PropertyQuery) => [...propertyKeys.lists(), query] as const,
  /** Every page and search of the Matterport account's models: what (dis)connecting an account changes. */
  allMatterportSpaces: () => [...propertyKeys.all, 'matterport-spaces'] as const,
  matterportSpaces: (query: { page: number; pageSize: number; search: string }) =>
    [...propertyKeys.allMatterportSpaces(), query] as const,
  /** Everything about one property: its details and each of its media. */
  one: (id: string) => [...propertyKeys.all, 'one', id] as const,
  details: (id: string) => [...propertyKeys.one(id), 'details'] as const,
  heroImage: (id: string) => [...propertyKeys.one(id), 'hero-image'] as const,
  photos: (id: string) => [...propertyKeys.one(id), 'photos'] as const,
  floorplans: (id: string) => [...propertyKeys.one(id), 'floorplans'] as const,
  videos: (id: string) => [...propertyKeys.one(id), 'videos'] as const,
  documents: (id: string) => [...propertyKeys.one(id), 'documents'] as const,
  documentsPage: (id: string, page: number) => [...propertyKeys.documents(id), page] as const,
  mediaLinks: (id: string) => [...propertyKeys.one(id), 'media-links'] as const,
  website: (id: string) => [...propertyKeys.one(id), 'website'] as const,
};

export const usePropertiesQuery = (query: PropertyQuery) =>
  useQuery({ queryKey: propertyKeys.list(query), queryFn: ({ signal }) => fetchProperties(query, signal) });

export const usePropertyQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.details(id), queryFn: ({ signal }) => fetchProperty(id, signal) });

/** `enabled`: asked for only once the row is near the screen. */
export const useHeroImageQuery = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: propertyKeys.heroImage(id),
    queryFn: ({ signal }) => fetchHeroImage(id, signal),
    enabled,
  });

export const useMatterportSpacesQuery = (query: { page: number; pageSize: number; search: string }) =>
  useQuery({
    queryKey: propertyKeys.matterportSpaces(query),
    queryFn: ({ signal }) => fetchMatterportSpaces(query, signal),
  });

/** Shown under Photos and chosen from in the website section: one cache entry, so both follow a change. */
export const usePhotosQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.photos(id), queryFn: ({ signal }) => fetchPhotos(id, signal) });

/** Likewise the floorplans: one added under Floorplans is offered to the website at once. */
export const useFloorplansQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.floorplans(id), queryFn: ({ signal }) => fetchFloorplans(id, signal) });

export const useVideosQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.videos(id), queryFn: ({ signal }) => fetchVideos(id, signal) });

export const useDocumentsQuery = (id: string, page: number) =>
  useQuery({
    queryKey: propertyKeys.documentsPage(id, page),
    queryFn: ({ signal }) => fetchDocuments(id, page, LIMITS.documentsPageSize, signal),
  });

export const useMediaLinksQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.mediaLinks(id), queryFn: ({ signal }) => fetchMediaLinks(id, signal) });

export const useWebsiteQuery = (id: string) =>
  useQuery({ queryKey: propertyKeys.website(id), queryFn: ({ signal }) => fetchWebsite(id, signal) });

/** A property as a change answered: its page has it at once, the lists ask again (title, status, tour type). */
function propertyChanged(client: QueryClient, property: Property) {
  client.setQueryData(propertyKeys.details(property.id), property);
  return client.invalidateQueries({ queryKey: propertyKeys.lists() });
}

/**
 * Publishing changes which tours are premium and which are paid separately: the billing page's lists and the
 * downgrade's preview of the tours that would turn basic.
 */
function premiumToursChanged(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.premiumToursAll() }),
    client.invalidateQueries({ queryKey: billingKeys.immersiveExtensionsAll() }),
    client.invalidateQueries({ queryKey: billingKeys.deactivationPreviewAll() }),
  ]);
}

export const useCreatePropertyMutation = () =>
  useMutationAction(createProperty, (property, _, client) => propertyChanged(client, property));

export const useUpdatePropertyMutation = () =>
  useMutationAction(updateProperty, (property, _, client) => propertyChanged(client, property));

export const useDeletePropertyMutation = () =>
  useMutationAction(deleteProperty, (_, [id], client) => {
    client.removeQueries({ queryKey: propertyKeys.one(id) });
    return Promise.all([
      client.invalidateQueries({ queryKey: propertyKeys.lists() }),
      premiumToursChanged(client),
    ]);
  });

/** A switch of Publishing: previewed, then published when allowed (`publishing.ts`). */
export const useApplyFeaturesMutation = () =>
  useMutationAction(applyFeatures, (outcome, _, client) =>
    outcome.kind === 'saved'
      ? Promise.all([propertyChanged(client, outcome.property), premiumToursChanged(client)])
      : undefined,
  );

/** A premium tour paid on its own (PayAndPublishModal's flow, with Stripe's confirmation); its card maybe the default. */
export const usePayAndPublishMutation = (pay: (id: string, request: PublishRequest) => Promise<Property>) =>
  useMutationAction(pay, (property, _, client) =>
    Promise.all([
      propertyChanged(client, property),
      premiumToursChanged(client),
      client.invalidateQueries({ queryKey: billingKeys.cards() }),
    ]),
  );

export const useStopPaidPremiumMutation = () =>
  useMutationAction(stopPaidPremium, (property, _, client) =>
    Promise.all([propertyChanged(client, property), premiumToursChanged(client)]),
  );

/** The hosting state answered is the property's own: its page and the lists read it again. */
export const useHostingExemptMutation = () =>
  useMutationAction(setHostingExempt, (_, [id], client) =>
    Promise.all([
      client.invalidateQueries({ queryKey: propertyKeys.details(id) }),
      client.invalidateQueries({ queryKey: propertyKeys.lists() }),
    ]),
  );

/**
 * Images added or deleted: their list asks again (the website section chooses from the same entry); the first
 * photo is also the property's picture in the lists.
 */
function imagesChanged(client: QueryClient, id: string, kind: 'photos' | 'floorplans') {
  return Promise.all([
    client.invalidateQueries({ queryKey: propertyKeys[kind](id) }),
    kind === 'photos' && client.invalidateQueries({ queryKey: propertyKeys.heroImage(id) }),
  ]);
}

export const useAddPhotosMutation = () =>
  useMutationAction(addPhotos, (_, [id], client) => imagesChanged(client, id, 'photos'));

export const useDeletePhotoMutation = () =>
  useMutationAction(deletePhoto, (_, [id], client) => imagesChanged(client, id, 'photos'));

export const useRestoreOriginalPhotoMutation = () =>
  useMutationAction(restoreOriginalPhoto, (_, [id], client) => imagesChanged(client, id, 'photos'));

export const useAddFloorplansMutation = () =>
  useMutationAction(addFloorplans, (_, [id], client) => imagesChanged(client, id, 'floorplans'));

export const useDeleteFloorplanMutation = () =>
  useMutationAction(deleteFloorplan, (_, [id], client) => imagesChanged(client, id, 'floorplans'));

const invalidate = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.invalidateQueries({ queryKey });

export const useAddUploadedVideosMutation = () =>
  useMutationAction(addUploadedVideos, (_, [id], client) => invalidate(client, propertyKeys.videos(id)));

export const useAddVideoLinkMutation = () =>
  useMutationAction(addVideoLink, (_, [id], client) => invalidate(client, propertyKeys.videos(id)));

export const useDeleteVideoMutation = () =>
  useMutationAction(deleteVideo, (_, [id], client) => invalidate(client, propertyKeys.videos(id)));

export const useAddMediaLinkMutation = () =>
  useMutationAction(addMediaLink, (_, [id], client) => invalidate(client, propertyKeys.mediaLinks(id)));

export const useDeleteMediaLinkMutation = () =>
  useMutationAction(deleteMediaLink, (_, [id], client) => invalidate(client, propertyKeys.mediaLinks(id)));

export const useDeleteDocumentMutation = () =>
  useMutationAction(deleteDocument, (_, [id], client) => invalidate(client, propertyKeys.documents(id)));

/** Documents go up one by one with their progress (`useUploads`); once they have, every page asks again. */
export const documentsChanged = (client: QueryClient, id: string) =>
  invalidate(client, propertyKeys.documents(id));

/** Each part of the website answers with the whole website as saved. */
function websiteSaved(client: QueryClient, id: string, website: Website) {
  client.setQueryData(propertyKeys.website(id), website);
}

export const useUpdateWebsiteSettingsMutation = () =>
  useMutationAction(updateWebsiteSettings, (website, [id], client) => websiteSaved(client, id, website));

export const useUpdatePropertyFeaturesMutation = () =>
  useMutationAction(updatePropertyFeatures, (website, [id], client) => websiteSaved(client, id, website));

export const useUpdateWebsitePhotosMutation = () =>
  useMutationAction(updateWebsitePhotos, (website, [id], client) => websiteSaved(client, id, website));

export const useUpdateWebsiteFloorplanMutation = () =>
  useMutationAction(updateWebsiteFloorplan, (website, [id], client) => websiteSaved(client, id, website));
