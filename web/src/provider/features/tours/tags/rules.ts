import { MEDIA_SIZES, MEDIA_TYPES, NO_TAG_MEDIA } from '@tourly/contracts';
import type { SpacePick, SpacePose } from '../../../../tour/space';
import type { CustomTag, EditedTag } from './api';

export type MediaType = (typeof MEDIA_TYPES)[number];
export type MediaSize = (typeof MEDIA_SIZES)[number];

/** The media types' names as the form offers them (001 §3's types). */
export const MEDIA_TYPE_NAMES: Record<MediaType, string> = {
  no_media: 'No media',
  photo: 'Photo',
  video: 'Video',
  rich: 'Text',
  website: 'Website',
};

/** The sub-types each type takes (the server's rule): none, or these. */
export const SUB_TYPES: Record<MediaType, Array<{ value: string; name: string }>> = {
  no_media: [],
  photo: [],
  video: [],
  rich: [
    { value: 'rich_billboard', name: 'Billboard in the space' },
    { value: 'matterport_body', name: 'Card' },
  ],
  website: [{ value: 'embedded_website', name: 'Embedded website' }],
};

/** The one field a media type asks for. */
export function mediaField(type: MediaType): 'url' | 'mediaId' | 'text' | null {
  if (type === 'video' || type === 'website') return 'url';
  if (type === 'photo') return 'mediaId';
  if (type === 'rich') return 'text';
  return null;
}

let made = 0;
const keyOf = () => `new-${++made}`;

/** A new tag, not placed yet. */
export function newTag(): EditedTag {
  return {
    id: null,
    key: keyOf(),
    label: '',
    description: '',
    icon: 'info',
    uploadedIconId: null,
    iconUrl: null,
    color: '#e4572e',
    position: null,
    sweepId: null,
    media: { ...NO_TAG_MEDIA, photoUrl: null },
  };
}

export const editedOf = (tag: CustomTag): EditedTag => ({ ...tag, key: tag.id });

/** A media type chosen: the fields of the others are cleared, its sub-type is its first (or none). */
export function withMediaType(tag: EditedTag, type: MediaType): EditedTag {
  return {
    ...tag,
    media: {
      ...tag.media,
      type,
      subType: (SUB_TYPES[type][0]?.value ?? null) as EditedTag['media']['subType'],
      url: mediaField(type) === 'url' ? tag.media.url : null,
      mediaId: mediaField(type) === 'mediaId' || type === 'rich' ? tag.media.mediaId : null,
      text: mediaField(type) === 'text' ? tag.media.text : null,
    },
  };
}

/** Where a click in the 3D view puts the tag: the point hit, its stem along the surface, from the camera's sweep. */
export function placedAt(tag: EditedTag, pick: SpacePick, pose: SpacePose): EditedTag {
  return {
    ...tag,
    position: { anchor: { ...pick.position }, stemNormal: { ...pick.normal } },
    sweepId: pose.sweep ?? tag.sweepId,
  };
}

/** The server's field for a tag of the list (`tagLayer.customTags.<index>.<field>`). */
export const tagField = (index: number, field: string) => `tagLayer.customTags.${index}.${field}`;
