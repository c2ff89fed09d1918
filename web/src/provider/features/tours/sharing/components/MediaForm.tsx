import { MEDIA_SIZES, MEDIA_SUB_TYPES, MEDIA_TYPES } from '@tourly/contracts';
import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { SelectField } from '../../../../../shared/SelectField';
import { TextField } from '../../../../../shared/TextField';
import { mediaLabel } from '../../../properties/api';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import { usePhotosQuery, useVideosQuery } from '../../../properties/queries';
import type { MediaSize, MediaSubType, MediaType, PlayerLink, PlayerLinkMedia } from '../api';
import { useUpdateMediaMutation } from '../queries';

const TYPE_LABELS: Record<MediaType, string> = {
  no_media: 'No media',
  photo: 'A photo of the property',
  video: 'A video of the property',
  rich: 'Rich media (a page of its own)',
  website: 'A website',
};
const SUB_TYPE_LABELS: Record<MediaSubType, string> = {
  embedded_website: 'Embedded website',
  rich_billboard: 'Rich billboard',
  matterport_body: 'Inside the scan viewer',
};
const SIZE_LABELS: Record<MediaSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  fullscreen: 'Full screen',
};

const SERVER_NAMES = {
  type: 'playerLinkMedia.type',
  subType: 'playerLinkMedia.subType',
  size: 'playerLinkMedia.size',
  url: 'playerLinkMedia.url',
  mediaId: 'playerLinkMedia.mediaId',
} as const;

type MediaValues = {
  type: MediaType;
  subType: MediaSubType | '';
  size: MediaSize;
  url: string;
  mediaId: string;
};

const valuesOf = (media: PlayerLinkMedia): MediaValues => ({
  type: media.type,
  subType: media.subType ?? '',
  size: media.size,
  url: media.url ?? '',
  mediaId: media.mediaId ?? '',
});

/** What is sent: only what the type uses (a URL for a website or rich media, a photo or video for those). */
const mediaOf = (values: MediaValues): PlayerLinkMedia => ({
  type: values.type,
  subType: values.type === 'no_media' ? null : values.subType || null,
  size: values.size,
  url: values.type === 'website' || values.type === 'rich' ? values.url.trim() || null : null,
  mediaId: values.type === 'photo' || values.type === 'video' ? values.mediaId || null : null,
});

/** The media beside the tour (001 §3): a photo or video of the property, a website or rich media, or none. */
export function MediaForm({ link }: { link: PlayerLink }) {
  const save = useUpdateMediaMutation();
  const photos = usePhotosQuery(link.propertyId);
  const videos = useVideosQuery(link.propertyId);
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => valuesOf(link.media),
    fields: SERVER_NAMES,
    submit: (values) => {
      setNotice('');
      return save.run(link.id, mediaOf(values));
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved.media));
      setNotice('The media was saved.');
    },
  });
  const { values, set, errors } = form;
  const choices = values.type === 'photo' ? photos.data : values.type === 'video' ? videos.data : undefined;

  return (
    <WebsitePart
      title="Media"
      hint="Shown beside the tour in the player."
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save media', disabled: form.isPending }}
    >
      <SelectField
        ref={form.ref('type')}
        label="Media type"
        value={values.type}
        disabled={form.isPending}
        onChange={(event) => set('type', event.target.value as MediaType)}
        messages={errors.fields.type}
      >
        {MEDIA_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      {values.type !== 'no_media' && (
        <div className="sharing-columns">
          <SelectField
            ref={form.ref('subType')}
            label="Presentation"
            value={values.subType}
            disabled={form.isPending}
            onChange={(event) => set('subType', event.target.value as MediaSubType | '')}
            messages={errors.fields.subType}
          >
            <option value="">Standard</option>
            {MEDIA_SUB_TYPES.map((subType) => (
              <option key={subType} value={subType}>
                {SUB_TYPE_LABELS[subType]}
              </option>
            ))}
          </SelectField>
          <SelectField
            ref={form.ref('size')}
            label="Size"
            value={values.size}
            disabled={form.isPending}
            onChange={(event) => set('size', event.target.value as MediaSize)}
            messages={errors.fields.size}
          >
            {MEDIA_SIZES.map((size) => (
              <option key={size} value={size}>
                {SIZE_LABELS[size]}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {(values.type === 'website' || values.type === 'rich') && (
        <TextField
          {...form.field('url')}
          ref={form.ref('url')}
          label="Media URL"
          hint="https://…"
          type="url"
          autoCapitalize="none"
          disabled={form.isPending}
        />
      )}
      {(values.type === 'photo' || values.type === 'video') && (
        <SelectField
          ref={form.ref('mediaId')}
          label={values.type === 'photo' ? 'Photo' : 'Video'}
          hint={
            choices && choices.length === 0
              ? `The property has no ${values.type}s yet: add them on the property’s page.`
              : undefined
          }
          value={values.mediaId}
          disabled={form.isPending || !choices}
          onChange={(event) => set('mediaId', event.target.value)}
          messages={errors.fields.mediaId}
        >
          <option value="">{choices ? `Choose a ${values.type}` : 'Loading…'}</option>
          {choices?.map((media) => (
            <option key={media.id} value={media.id}>
              {mediaLabel(media)}
            </option>
          ))}
        </SelectField>
      )}
    </WebsitePart>
  );
}
