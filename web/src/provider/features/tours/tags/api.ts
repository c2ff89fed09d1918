import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';
import { uploadTemporary } from '../../properties/api';

export type TagLayer = Answer<'/provider/properties/{id}/custom_tag_layer', 'get'>;
export type CustomTag = TagLayer['customTags'][number];
export type UploadedIcon = Answer<'/provider/virtual_tours/custom_tags/uploaded_icons.json', 'get'>[number];

/** A tag as the editor holds it: a new one has no id until saved (`key` tells the list's rows apart). */
export type EditedTag = Omit<CustomTag, 'id'> & { id: string | null; key: string };

export const fetchTagLayer = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/custom_tag_layer', { params: { id }, signal });

/** The whole list: it replaces the tour's tags (visitors see it once the tour is shared). */
export const saveTags = (id: string, tags: EditedTag[]) =>
  api.post(
    '/provider/properties/{id}/custom_tag_layer',
    {
      tagLayer: {
        customTags: tags.map((tag) => ({
          ...(tag.id ? { id: tag.id } : {}),
          label: tag.label,
          description: tag.description,
          icon: tag.uploadedIconId ? null : tag.icon,
          uploadedIconId: tag.uploadedIconId,
          color: tag.color,
          position: tag.position,
          sweepId: tag.sweepId,
          media: {
            type: tag.media.type,
            subType: tag.media.subType,
            size: tag.media.size,
            url: tag.media.url,
            mediaId: tag.media.mediaId,
            text: tag.media.text,
          },
        })),
      },
    },
    { params: { id } },
  );

/** 002 §3 `{product}TagsEnabled`. */
export const saveTagsEnabled = (id: string, enabled: boolean) =>
  api.post(
    '/provider/properties/{id}/custom_tag_layer/settings',
    { tagLayerSettings: { tourlyTagsEnabled: enabled } },
    { params: { id } },
  );

export const fetchIcons = (search: string, signal?: AbortSignal) =>
  api.get('/provider/virtual_tours/custom_tags/uploaded_icons.json', { query: { search }, signal });

/** An image uploaded (a temporary upload, images only) and kept as one of the provider's icons. */
export async function uploadIcon(file: File, name: string) {
  const upload = await uploadTemporary(file, 'image', () => undefined);
  return api.post('/provider/virtual_tours/custom_tags/uploaded_icons.json', {
    uploadedIcon: { uploadId: upload.id, name },
  });
}

export const deleteIcon = (iconId: string) =>
  api.delete('/provider/virtual_tours/custom_tags/uploaded_icons/{iconId}.json', { params: { iconId } });
