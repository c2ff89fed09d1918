import type { OverlayLayout, TourLayers } from '@tourly/contracts';
import { getPage, request } from '../../../../api/client';
import type { TourData } from '../../../../tour/types';
import { uploadWithProgress, type UploadProgress } from '../../properties/upload';

/*
 * A tour's layers, drafts, publishing, overlay templates and location images (properties README, "## Tours"),
 * camelCased as the client reads them. Written from the contract until the gateway's document declares these routes.
 */

/** The draft: `state` is the draft if there is one, else the published layers, else the display defaults. */
export interface TourDraft {
  id: string;
  propertyId: string;
  state: TourLayers;
  hasDraft: boolean;
  draftSavedAt: string | null;
  publishedAt: string | null;
  published: TourLayers | null;
}

/** The player's JSON for the draft: what the tour view renders. */
export type TourPreview = TourData;

export type GuidedTourLayer = TourLayers['guidedTour'];

export interface OverlayTemplate {
  id: string;
  name: string;
  overlay: OverlayLayout;
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LocationImage {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  filename: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export interface TemplateQuery {
  page: number;
  pageSize: number;
  search: string;
}

const tour = (id: string, rest: string) => `/provider/virtual_tours/${encodeURIComponent(id)}${rest}`;
const guided = (propertyId: string, rest: string) =>
  `/provider/properties/${encodeURIComponent(propertyId)}/guided_tour_layer${rest}`;
const TEMPLATES = '/provider/virtual_tours/overlay_templates';

export const fetchDraft = (tourId: string, signal?: AbortSignal) =>
  request<TourDraft>('GET', tour(tourId, '/draft'), { signal });

/** The whole layers: the first edit starts the draft from the published layers. */
export const saveDraft = (tourId: string, layers: TourLayers) =>
  request<TourDraft>('PUT', tour(tourId, '/draft'), { body: { draft: { state: layers } } });

/** Back to the published layers (or the defaults). */
export const discardDraft = (tourId: string) => request<TourDraft>('DELETE', tour(tourId, '/draft'));

export const publishLayers = (propertySlug: string) =>
  request<TourDraft>('PUT', '/provider/virtual_tours/layers/publish', { body: { propertySlug } });

export const fetchPreview = (tourId: string, signal?: AbortSignal) =>
  request<TourPreview>('GET', tour(tourId, '/preview'), { query: { state: 'draft' }, signal });

/** `enabled` goes through its own route (enable_layer.json), autoplay and loop through the layer's. */
export const saveGuidedTour = async (propertyId: string, change: Partial<GuidedTourLayer>) => {
  const { enabled, ...rest } = change;
  const path = enabled === undefined ? guided(propertyId, '.json') : guided(propertyId, '/enable_layer.json');
  const body = { guidedTourLayer: enabled === undefined ? rest : { enabled } };
  return (await request<{ guidedTourLayer: GuidedTourLayer }>('POST', path, { body })).guidedTourLayer;
};

export const fetchTemplates = ({ page, pageSize, search }: TemplateQuery, signal?: AbortSignal) =>
  getPage<OverlayTemplate>(TEMPLATES, { page, pageSize, search: search || undefined }, signal);

export const createTemplate = (template: { name: string; overlay: OverlayLayout }) =>
  request<OverlayTemplate>('POST', TEMPLATES, { body: { overlayTemplate: template } });

export const deleteTemplate = (id: string) =>
  request<undefined>('DELETE', `${TEMPLATES}/${encodeURIComponent(id)}`);

/** The welcome screen's picture, with its upload's progress. */
export function uploadLocationImage(file: File, onProgress: UploadProgress, signal?: AbortSignal) {
  const body = new FormData();
  body.append('location_image[file]', file);
  return uploadWithProgress<LocationImage>(
    '/provider/virtual_tours/location_images.json',
    body,
    onProgress,
    signal,
  );
}
