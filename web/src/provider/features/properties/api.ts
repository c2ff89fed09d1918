import type { Currency, ProductCode } from '@tourly/contracts';
import { api, type Page } from '../../../api/client';
import { uploadWithProgress, type UploadProgress } from './upload';

export type TourType = 'basic' | 'premium';
export type PublicationStatus = 'published' | 'unpublished';

export interface PublishedFeatures {
  /** The tour link is live and shareable. */
  tour: boolean;
  /** The single-property website is live. */
  website: boolean;
  /** A premium tour (counted against the plan's premium tours) rather than a basic one. */
  premium: boolean;
}

export interface GeocodedAddress {
  formattedAddress: string | null;
  streetAddress: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** GET /provider/properties/{id} (and each item of the list). */
export interface Property {
  id: string;
  slug: string;
  title: string;
  address: string;
  geocodedAddress: GeocodedAddress | null;
  matterportKey: string;
  startPosition: string | null;
  publishedFeatures: PublishedFeatures;
  tourType: TourType;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set while this premium tour is paid on its own (an immersive extension); absent before billing has them. */
  immexSubscriptionId?: string | null;
}

export interface PropertyPayment {
  result: 'success' | 'requires_action';
  clientSecret?: string | null;
}

/** PUT .../published_features: the property, and the payment when one was made (null or absent otherwise). */
export type PublishResult = Property & { payment?: PropertyPayment | null };

export interface Price {
  amountInCents: number;
  currency: Currency;
  interval: 'month';
}

/** POST .../preview_publish: what publishing these features would do, changing nothing. */
export interface PublishPreview {
  allowed: boolean;
  /** Why not, in the server's words; null when allowed. */
  reason: string | null;
  productCode: ProductCode;
  premiumToursUsed: number;
  /** null: unlimited. */
  premiumTourLimit: number | null;
  publishedFeatures: PublishedFeatures;
  /** True when the only obstacle is the full premium-tour quota, which paying for this tour alone removes. */
  paymentRequired?: boolean;
  /** What this premium tour costs on its own, per month (with `paymentRequired`). */
  price?: Price | null;
}

export interface HeroImage {
  url: string | null;
  thumbnailUrl: string | null;
  source: 'photo' | 'matterport' | null;
}

/** A photo or a document of a property. */
export interface Media {
  id: string;
  kind: 'photo' | 'video' | 'floorplan' | 'document';
  /** A file stored with us, or (videos only) a link to a video hosted elsewhere. */
  source: 'uploaded' | 'external';
  /** A document's file name, a floorplan's or video's title; null for photos. */
  name: string | null;
  position: number;
  url: string | null;
  thumbnailUrl: string | null;
  filename: string | null;
  contentType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  createdAt: string;
}

/** What a photo or document is called on the page: its name, else the name of the file it was uploaded from. */
export const mediaLabel = (media: Media) => media.name ?? media.filename ?? 'untitled';

/** A model of the Matterport account (GET matterport_spaces.json). */
export interface MatterportSpace {
  id: string;
  name: string;
  state: string;
  created: string;
  thumbnailUrl: string | null;
  address: string | null;
}

export interface TemporaryUpload {
  id: string;
  file: { url: string; contentType: string; filename: string; size: number; thumbnailUrl: string | null };
}

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
  api.page<Property>(
    BASE,
    { page, pageSize, search: search || undefined, filters: { status, tourType } },
    signal,
  );

export const createProperty = (createTourParams: NewProperty) =>
  api.post<Property>(BASE, { createTourParams });

export const fetchProperty = (id: string, signal?: AbortSignal) => api.get<Property>(at(id), { signal });

export const updateProperty = (id: string, property: Partial<NewProperty>) =>
  api.patch<Property>(at(id), { property });

export const deleteProperty = (id: string) => api.delete<{ id: string }>(at(id));

export const fetchHeroImage = (id: string, signal?: AbortSignal) =>
  api.get<HeroImage>(at(id, '/hero_image'), { signal });

export const fetchMatterportSpaces = (
  query: { page: number; pageSize: number; search?: string },
  signal?: AbortSignal,
) =>
  api.page<MatterportSpace>(
    `${BASE}/matterport_spaces.json`,
    { ...query, search: query.search || undefined },
    signal,
  );

export const previewPublish = (id: string, publishedFeatures: Partial<PublishedFeatures>) =>
  api.post<PublishPreview>(at(id, '/preview_publish'), { publishedFeatures });

export interface PublishRequest {
  publishedFeatures: Partial<PublishedFeatures>;
  /** Pays for this premium tour on its own with the card (pay-and-publish). */
  paymentMethodId?: string;
  setAsDefaultPayment?: boolean;
}

export const publish = (id: string, request: PublishRequest) =>
  api.put<PublishResult>(at(id, '/published_features'), request);

/** The property a publishing answer carries, without its payment. */
export function withoutPayment(result: PublishResult): Property {
  const { payment: _payment, ...property } = result;
  return property;
}

/** Stops paying for the premium tour on its own: it turns basic and is no longer shared. */
export const stopPaidPremium = (id: string) => api.post<Property>(at(id, '/unpublish_immex_subscription'));

export const fetchPhotos = (id: string, signal?: AbortSignal) =>
  api.get<Media[]>(at(id, '/photos'), { signal });

export const addPhotos = (id: string, temporaryUploadIds: string[]) =>
  api.post<Media[]>(at(id, '/photos/upload_multiple'), { photo: { temporaryUploadIds } });

export const deletePhoto = (id: string, photoId: string) =>
  api.delete<{ ids: string[] }>(at(id, `/photos/${encodeURIComponent(photoId)}`));

export const fetchDocuments = (
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<Media>> => api.page<Media>(at(id, '/documents'), { page, pageSize }, signal);

export const deleteDocument = (id: string, documentId: string) =>
  api.delete<{ ids: string[] }>(at(id, `/documents/${encodeURIComponent(documentId)}`));

/** Every document of the property in one zip, streamed by the server: a plain link the browser downloads. */
export const documentsZipUrl = (id: string) => at(id, '/documents/download.zip');

export type MeasurementUnit = 'metric' | 'imperial' | 'both';

/** How the single-property website looks and what it shows (null headline and description: none). */
export interface WebsiteSettings {
  headline: string | null;
  description: string | null;
  primaryColor: string;
  showAddress: boolean;
  showMap: boolean;
  showTour: boolean;
  showAgents: boolean;
  showContactForm: boolean;
}

/** What the listing says about the place; null: not given. */
export interface PropertyFeatures {
  bedrooms: number | null;
  bathrooms: number | null;
  carSpaces: number | null;
  floorArea: number | null;
  landArea: number | null;
  measurementUnit: MeasurementUnit;
  /** As the listing shows it: "$1,250,000", "Auction". */
  price: string | null;
  features: string[];
}

/** GET .../website/ (and every PATCH of it): a selection of media is null until made, meaning all of them. */
export interface Website {
  propertyId: string;
  /** The published feature `website`, when this was read. */
  published: boolean;
  settings: WebsiteSettings;
  propertyFeatures: PropertyFeatures;
  /** The photos shown, in order; null: all of the property's photos in their own order. */
  photos: string[] | null;
  publishedFloorplan: { id: string } | null;
  publishedVideoIds: string[] | null;
  documentsAndLinks: { documentIds: string[] | null; mediaLinkIds: string[] | null };
  updatedAt: string | null;
}

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
  api.get<Website>(at(id, '/website/'), { signal });

export const updateWebsiteSettings = (id: string, websiteSettings: WebsiteSettingsChange) =>
  api.patch<Website>(at(id, '/website/settings'), { websiteSettings });

export const updatePropertyFeatures = (id: string, propertyFeatures: PropertyFeaturesChange) =>
  api.patch<Website>(at(id, '/website/property_features'), { propertyFeatures });

/** The photos the website shows, in order; null shows all of them again. */
export const updateWebsitePhotos = (id: string, photos: string[] | null) =>
  api.patch<Website>(at(id, '/website/photos'), { photos });

export const updateWebsiteFloorplan = (id: string, floorplanId: string | null) =>
  api.patch<Website>(at(id, '/website/floorplan'), { publishedFloorplan: { id: floorplanId } });

export const fetchFloorplans = (id: string, signal?: AbortSignal) =>
  api.get<Media[]>(at(id, '/floorplans'), { signal });

/** Names default to each file's name without its extension. */
export const addFloorplans = (id: string, temporaryUploadIds: string[]) =>
  api.post<Media[]>(at(id, '/floorplans/upload_multiple'), { floorplan: { temporaryUploadIds } });

export const deleteFloorplan = (id: string, floorplanId: string) =>
  api.delete<{ ids: string[] }>(at(id, `/floorplans/${encodeURIComponent(floorplanId)}`));

export const fetchVideos = (id: string, signal?: AbortSignal) =>
  api.get<Media[]>(at(id, '/property_videos'), { signal });

/** Uploaded videos, one request each (the route takes one), in the order given. */
export async function addUploadedVideos(id: string, temporaryUploadIds: string[]): Promise<Media[]> {
  const added: Media[] = [];
  for (const temporaryUploadId of temporaryUploadIds) {
    added.push(await api.post<Media>(at(id, '/property_videos'), { propertyVideo: { temporaryUploadId } }));
  }
  return added;
}

/** A link to a video hosted elsewhere (not on Tourly's own domains). */
export const addVideoLink = (id: string, link: NewLink) =>
  api.post<Media>(at(id, '/property_videos'), { propertyVideo: link });

export const deleteVideo = (id: string, videoId: string) =>
  api.delete<{ ids: string[] }>(at(id, `/property_videos/${encodeURIComponent(videoId)}`));

/** A link to the property's media elsewhere (a brochure, a listing), in the order added. */
export type MediaLink = Pick<Media, 'id' | 'position' | 'createdAt'> & { url: string; title: string | null };

/** What a person types to add a link: the address and an optional title (empty: none). */
export interface NewLink {
  url: string;
  title?: string;
}

export const fetchMediaLinks = (id: string, signal?: AbortSignal) =>
  api.get<MediaLink[]>(at(id, '/media_links'), { signal });

export const addMediaLink = async (id: string, link: NewLink) =>
  (await api.post<MediaLink[]>(at(id, '/media_links'), { mediaLinks: [link] }))[0];

export const deleteMediaLink = (id: string, linkId: string) =>
  api.delete<{ ids: string[] }>(at(id, `/media_links/${encodeURIComponent(linkId)}`));

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
