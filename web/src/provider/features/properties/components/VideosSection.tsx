import { formatDate } from '../../../../shared/format';
import type { Media } from '../api';
import { useAttachedUploads, useMediaList } from '../hooks';
import {
  useAddUploadedVideosMutation,
  useAddVideoLinkMutation,
  useDeleteVideoMutation,
  useVideosQuery,
} from '../queries';
import { VIDEO_TYPES } from '../../../../api/upload';
import { LinkForm } from './LinkForm';
import { LinkList } from './LinkList';
import { MediaSection } from './MediaSection';

/** A video's name: its title, else its file's name, else (a link without a title) the link itself. */
const videoLabel = (video: Media) => video.name ?? video.filename ?? video.url ?? 'untitled';

/**
 * The property's videos (001 §7): video files uploaded as temporary uploads (`?accept=video`) and added one by one
 * (POST property_videos with the upload's id), and links to videos hosted elsewhere (POST property_videos with the
 * link, refused under the field when it is not one or points at Tourly itself); each deletable after asking.
 */
export function VideosSection({ propertyId }: { propertyId: string }) {
  const videos = useVideosQuery(propertyId);
  const media = useMediaList(videos, 'video', videoLabel);
  const attach = useAddUploadedVideosMutation();
  const { uploads, upload } = useAttachedUploads('video', (ids) => attach.run(propertyId, ids), media);
  const addLink = useAddVideoLinkMutation();
  const remove = useDeleteVideoMutation();

  return (
    <MediaSection
      title="Videos"
      noun="video"
      upload={{
        label: 'Upload videos',
        accept: VIDEO_TYPES,
        hint: 'MP4, MOV or WebM files, each less than 100MB, or a link to a video hosted elsewhere.',
        onFiles: upload,
      }}
      uploads={uploads}
      form={
        <LinkForm
          noun="video link"
          hint="A video on YouTube, Vimeo or another site: https://vimeo.com/…"
          serverName="propertyVideo"
          add={(link) => addLink.run(propertyId, link)}
          onAdded={(video) => media.added([video])}
        />
      }
      label={videoLabel}
      onDelete={(video) => media.remove(video, (id) => remove.run(propertyId, id))}
      deleting={remove.isPending}
      error={videos.error ?? attach.error ?? remove.error}
      notice={attach.isPending ? 'Adding the videos…' : media.notice}
    >
      {(deleteButton) =>
        !videos.data ? null : media.list.length === 0 ? (
          <p className="muted">No videos yet.</p>
        ) : (
          <LinkList
            label="Videos"
            items={media.list}
            busy={videos.isFetching}
            describe={(video) => ({
              href: video.url,
              name: videoLabel(video),
              detail: `${video.source === 'external' ? 'Link' : 'Uploaded'} · added ${formatDate(video.createdAt)}`,
            })}
            deleteButton={deleteButton}
          />
        )
      }
    </MediaSection>
  );
}
