import { api, type Page } from '../../../api/client';
import type { Answer } from '../../../api/types';
import { uploadWithProgress, type UploadProgress } from '../../../api/upload';

/** GET /provider/properties/{id} (and each item of the list). */
export type Property = Answer<'/provider/properties/{id}', 'get'>;
export type TourType = Property['tourType'];
export type PublicationStatus = 'published' | 'unpublished';
export type PublishedFeatures = Property['publishedFeatures'];

/** PUT .../published_features: the property, and the payment when one was made (null or absent otherwise). */
export type PublishResult = Answer<'/provider/properties/{id}/published_features', 'put'>;

/** POST .../preview_publish: what publishing these features would do, changing nothing. */
export type PublishPreview = Answer<'/provider/properties/{id}/preview_publish', 'post'>;
export type Price = NonNullable<PublishPreview['price']>;

/** A photo, video, floorplan or document of a property. */
export type Media = Answer<'/provider/properties/{id}/photos', 'get'>[number];

/** What a photo or document is called on the page: its name, else the name of the file it was uploaded from. */
export const mediaLabel = (media: Media) => media.name ?? media.filename ?? 'untitled';

/** A file uploaded ahead of the record it goes to (POST /provider/temporary_uploads.json). */
export type TemporaryUpload = Answer<'/provider/temporary_uploads.json', 'post'>;

/** A model of the Matterport account (GET matterport_spaces.json). */
export type MatterportSpace = Answer<'/provider/properties/matterport_spaces.json', 'get'>['items'][number];

export interface PropertyQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: PublicationStatus;
  tourType?: TourType;
}

export interface NewProperty {
  title: string;
  address: string;
  matterportKey: string;
}

const BASE = '/provider/properties';
const at = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;

export const fetchProperties = (
  { page, pageSize, search, status, tourType }: PropertyQuery,
  signal?: AbortSignal,
) =>
  api.page(
    '/provider/properties',
    { page, pageSize, search: search || undefined, filters: { status, tourType } },
    { signal },
  );

export const createProperty = (createTourParams: NewProperty) =>
  api.post('/provider/properties', { createTourParams });

export const fetchProperty = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}', { params: { id }, signal });

export const updateProperty = (id: string, property: Partial<NewProperty>) =>
  api.patch('/provider/properties/{id}', { property }, { params: { id } });

export const deleteProperty = (id: string) => api.delete('/provider/properties/{id}', { params: { id } });

export const fetchHeroImage = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/hero_image', { params: { id }, signal });

export const fetchMatterportSpaces = (
  query: { page: number; pageSize: number; search?: string },
  signal?: AbortSignal,
) =>
  api.page(
    '/provider/properties/matterport_spaces.json',
    { ...query, search: query.search || undefined },
    { signal },
  );

export const previewPublish = (id: string, publishedFeatures: Partial<PublishedFeatures>) =>
  api.post('/provider/properties/{id}/preview_publish', { publishedFeatures }, { params: { id } });

export interface PublishRequest {
  publishedFeatures: Partial<PublishedFeatures>;
  /** Pays for this premium tour on its own with the card (pay-and-publish). */
  paymentMethodId?: string;
  setAsDefaultPayment?: boolean;
}

export const publish = (id: string, request: PublishRequest) =>
  api.put('/provider/properties/{id}/published_features', request, { params: { id } });

/** The property a publishing answer carries, without its payment. */
export function withoutPayment(result: PublishResult): Property {
  const { payment: _payment, ...property } = result;
  return property;
}

/** Stops paying for the premium tour on its own: it turns basic and is no longer shared. */
export const stopPaidPremium = (id: string) =>
  api.post('/provider/properties/{id}/unpublish_immex_subscription', undefined, { params: { id } });

/** Whether the tour stays online whatever its hosting-fee invoices say (the autopilot's exemption). */
export const setHostingExempt = (id: string, exempt: boolean) =>
  api.put('/provider/properties/{id}/hosting_exempt', { hostingExempt: exempt }, { params: { id } });

export const fetchPhotos = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/photos', { params: { id }, signal });

export const addPhotos = (id: string, temporaryUploadIds: string[]) =>
  api.post(
    '/provider/properties/{id}/photos/upload_multiple',
    { photo: { temporaryUploadIds } },
    { params: { id } },
  );

/** A photo retouched in its place shows its original again (409 for one never retouched in place). */
export const restoreOriginalPhoto = (id: string, photoId: string) =>
  api.post('/provider/properties/{id}/photos/{photoId}/restore_original', undefined, {
    params: { id, photoId },
  });

export const deletePhoto = (id: string, photoId: string) =>
  api.delete('/provider/properties/{id}/photos/{photoId}', { params: { id, photoId } });

export const fetchDocuments = (
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<Media>> =>
  api.page('/provider/properties/{id}/documents', { page, pageSize }, { params: { id }, signal });

export const deleteDocument = (id: string, documentId: string) =>
  api.delete('/provider/properties/{id}/documents/{documentId}', { params: { id, documentId } });

/** Every document of the property in one zip, streamed by the server: a plain link the browser downloads. */
export const documentsZipUrl = (id: string) => at(id, '/documents/download.zip');

/** GET .../website/ (and every PATCH of it): a selection of media is null until made, meaning all of them. */
export type Website = Answer<'/provider/properties/{id}/website', 'get'>;
/** How the single-property website looks and what it shows (null headline and description: none). */
export type WebsiteSettings = Website['settings'];
/** What the listing says about the place; null: not given. */
export type PropertyFeatures = Website['propertyFeatures'];
export type MeasurementUnit = PropertyFeatures['measurementUnit'];

/** A change of the website's settings: only the keys sent are replaced; null restores a setting's default. */
export type WebsiteSettingsChange = { [Key in keyof WebsiteSettings]?: WebsiteSettings[Key] | null };

/** The features counted or measured: typed as text, sent as numbers. */
export type NumericFeature = 'bedrooms' | 'bathrooms' | 'carSpaces' | 'floorArea' | 'landArea';

/**
 * A change of the website's features: only the keys sent are replaced (null restores a default). What the person
 * typed that is not a number is sent as typed, so that the server refuses it in its own words.
 */
export type PropertyFeaturesChange = {
  [Key in keyof PropertyFeatures]?:
    (Key extends NumericFeature ? number | string : PropertyFeatures[Key]) | null;
};

export const fetchWebsite = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/website', { params: { id }, signal, trailingSlash: true });

export const updateWebsiteSettings = (id: string, websiteSettings: WebsiteSettingsChange) =>
  api.patch('/provider/properties/{id}/website/settings', { websiteSettings }, { params: { id } });

export const updatePropertyFeatures = (id: string, propertyFeatures: PropertyFeaturesChange) =>
  api.patch('/provider/properties/{id}/website/property_features', { propertyFeatures }, { params: { id } });

/** The photos the website shows, in order; null shows all of them again. */
export const updateWebsitePhotos = (id: string, photos: string[] | null) =>
  api.patch('/provider/properties/{id}/website/photos', { photos }, { params: { id } });

export const updateWebsiteFloorplan = (id: string, floorplanId: string | null) =>
  api.patch(
    '/provider/properties/{id}/website/floorplan',
    { publishedFloorplan: { id: floorplanId } },
    { params: { id } },
  );

export const fetchFloorplans = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/floorplans', { params: { id }, signal });

/** Names default to each file's name without its extension. */
export const addFloorplans = (id: string, temporaryUploadIds: string[]) =>
  api.post(
    '/provider/properties/{id}/floorplans/upload_multiple',
    { floorplan: { temporaryUploadIds } },
    { params: { id } },
  );

export const deleteFloorplan = (id: string, floorplanId: string) =>
  api.delete('/provider/properties/{id}/floorplans/{floorplanId}', { params: { id, floorplanId } });

export const fetchVideos = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/property_videos', { params: { id }, signal });

/** Uploaded videos, one request each (the route takes one), in the order given. */
export async function addUploadedVideos(id: string, temporaryUploadIds: string[]): Promise<Media[]> {
  const added: Media[] = [];
  for (const temporaryUploadId of temporaryUploadIds) {
    added.push(
      await api.post(
        '/provider/properties/{id}/property_videos',
        { propertyVideo: { temporaryUploadId } },
        { params: { id } },
      ),
    );
  }
  return added;
}

/** A link to a video hosted elsewhere (not on Tourly's own domains). */
export const addVideoLink = (id: string, link: NewLink) =>
  api.post('/provider/properties/{id}/property_videos', { propertyVideo: link }, { params: { id } });

export const deleteVideo = (id: string, videoId: string) =>
  api.delete('/provider/properties/{id}/property_videos/{videoId}', { params: { id, videoId } });

/** A link to the property's media elsewhere (a brochure, a listing), in the order added. */
export type MediaLink = Answer<'/provider/properties/{id}/media_links', 'get'>[number];

/** What a person types to add a link: the address and an optional title (empty: none). */
export interface NewLink {
  url: string;
  title?: string;
}

export const fetchMediaLinks = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/media_links', { params: { id }, signal });

export const addMediaLink = async (id: string, link: NewLink) =>
  (await api.post('/provider/properties/{id}/media_links', { mediaLinks: [link] }, { params: { id } }))[0];

export const deleteMediaLink = (id: string, linkId: string) =>
  api.delete('/provider/properties/{id}/media_links/{linkId}', { params: { id, linkId } });

/** A file kept a day until media use it: `accept` narrows what it may be (by its bytes). */
export function uploadTemporary(
  file: File,
  accept: string,
  onProgress: UploadProgress,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('temporary_upload[file]', file);
  return uploadWithProgress<TemporaryUpload>(
    `/provider/temporary_uploads.json?accept=${accept}`,
    form,
    onProgress,
    signal,
  );
}

/** One PDF as a document of the property. */
export function uploadDocument(id: string, file: File, onProgress: UploadProgress, signal?: AbortSignal) {
  const form = new FormData();
  form.append('document[file]', file);
  return uploadWithProgress<Media>(at(id, '/documents'), form, onProgress, signal);
}
