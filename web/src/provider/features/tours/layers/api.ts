import type { MenuEntry, OverlayLayout, OverlayRow, TourLayers } from '@tourly/contracts';
import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';
import type { TourData } from '../../../../tour/types';
import { uploadWithProgress, type UploadProgress } from '../../../../api/upload';

type DraftAnswer = Answer<'/provider/virtual_tours/{id}/draft', 'get'>;
type LayersAnswer = DraftAnswer['state'];

/**
 * The draft: `state` is the draft if there is one, else the published layers, else the display defaults; the
 * layers as the contract types them.
 */
export type TourDraft = Omit<DraftAnswer, 'state' | 'published'> & {
  state: TourLayers;
  published: TourLayers | null;
};

export type GuidedTourLayer = Answer<
  '/provider/properties/{id}/guided_tour_layer.json',
  'get'
>['guidedTourLayer'];

type TemplateAnswer = Answer<'/provider/virtual_tours/overlay_templates', 'get'>['items'][number];
export type OverlayTemplate = Omit<TemplateAnswer, 'overlay'> & { overlay: OverlayLayout };

export type LocationImage = Answer<'/provider/virtual_tours/location_images.json', 'post'>;

export interface TemplateQuery {
  page: number;
  pageSize: number;
  search: string;
}

/*
 * The document cannot say all the contract does (exactly three columns; child entries with none of their own), so
 * the answers are read into the contract's types here, field by field: the editors and the tour view use those.
 */
type RowAnswer = LayersAnswer['overlay']['top'];
type EntryAnswer = LayersAnswer['menu']['entries'][number];

const rowOf = ({ banner, columns }: RowAnswer): OverlayRow => ({
  banner,
  columns: [columns[0] ?? [], columns[1] ?? [], columns[2] ?? []],
});
const overlayOf = (overlay: LayersAnswer['overlay']): OverlayLayout => ({
  top: rowOf(overlay.top),
  bottom: rowOf(overlay.bottom),
  menu: overlay.menu,
});
const entryOf = (entry: EntryAnswer): MenuEntry => ({
  ...entry,
  childEntries: entry.childEntries.map((child) => ({ ...child, childEntries: [] })),
});
const layersOf = (layers: LayersAnswer): TourLayers => ({
  ...layers,
  overlay: overlayOf(layers.overlay),
  menu: { entries: layers.menu.entries.map(entryOf) },
});
const draftOf = (draft: DraftAnswer): TourDraft => ({
  ...draft,
  state: layersOf(draft.state),
  published: draft.published && layersOf(draft.published),
});

/** The player's JSON for the draft, as the tour view reads it. */
export type TourPreview = TourData;

export const fetchDraft = async (id: string, signal?: AbortSignal) =>
  draftOf(await api.get('/provider/virtual_tours/{id}/draft', { params: { id }, signal }));

/** The whole layers: the first edit starts the draft from the published layers. */
export const saveDraft = async (id: string, layers: TourLayers) =>
  draftOf(
    await api.put('/provider/virtual_tours/{id}/draft', { draft: { state: layers } }, { params: { id } }),
  );

/** Back to the published layers (or the defaults). */
export const discardDraft = async (id: string) =>
  draftOf(await api.delete('/provider/virtual_tours/{id}/draft', { params: { id } }));

export const publishLayers = async (propertySlug: string) =>
  draftOf(await api.put('/provider/virtual_tours/layers/publish', { propertySlug }));

export async function fetchPreview(id: string, signal?: AbortSignal): Promise<TourPreview> {
  const preview = await api.get('/provider/virtual_tours/{id}/preview', {
    params: { id },
    query: { state: 'draft' },
    signal,
  });
  return { ...preview, layers: layersOf(preview.layers) };
}

/** `enabled` goes through its own route (enable_layer.json), autoplay and loop through the layer's. */
export async function saveGuidedTour(id: string, change: Partial<GuidedTourLayer>): Promise<GuidedTourLayer> {
  const { enabled, ...rest } = change;
  const answer =
    enabled === undefined
      ? await api.post(
          '/provider/properties/{id}/guided_tour_layer.json',
          { guidedTourLayer: rest },
          { params: { id } },
        )
      : await api.post(
          '/provider/properties/{id}/guided_tour_layer/enable_layer.json',
          { guidedTourLayer: { enabled } },
          { params: { id } },
        );
  return answer.guidedTourLayer;
}

export async function fetchTemplates({ page, pageSize, search }: TemplateQuery, signal?: AbortSignal) {
  const templates = await api.page(
    '/provider/virtual_tours/overlay_templates',
    { page, pageSize, search: search || undefined },
    { signal },
  );
  const items = templates.items.map((template): OverlayTemplate => ({
    ...template,
    overlay: overlayOf(template.overlay),
  }));
  return { ...templates, items };
}

export const createTemplate = (template: { name: string; overlay: OverlayLayout }) =>
  api.post('/provider/virtual_tours/overlay_templates', { overlayTemplate: template });

export const deleteTemplate = (id: string) =>
  api.delete('/provider/virtual_tours/overlay_templates/{id}', { params: { id } });

/** What the page a menu link opens says of itself (read by the server, behind its guard): its title, to name the entry. */
export const fetchLinkMetadata = (link: string) =>
  api.get('/provider/virtual_tours/menu/action_metadata', { query: { link } });

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
