import { useCallback, useState } from 'react';
import type { Loaded } from '../../../../shared/useLoad';
import { mediaLabel, uploadTemporary, type Media } from '../api';
import { useAddPhotos, useDeletePhoto, useUploads } from '../hooks';
import type { UploadProgress } from '../upload';
import { MediaSection } from './MediaSection';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * The property's photos (001 §7): a grid of thumbnails, each deletable after asking; "Add photos" uploads the
 * chosen images side by side with their progress (POST /provider/temporary_uploads.json, images only), then adds
 * those that arrived to the property in the order chosen (POST photos/upload_multiple). Refusals show under each
 * file as the server words them. The page loads the photos (GET .../photos), as the website section chooses
 * among them too.
 */
export function PhotosSection({ propertyId, photos }: { propertyId: string; photos: Loaded<Media[]> }) {
  const send = useCallback(
    (file: File, onProgress: UploadProgress, signal: AbortSignal) =>
      uploadTemporary(file, 'image', onProgress, signal),
    [],
  );
  const uploads = useUploads(send);
  const attach = useAddPhotos();
  const remove = useDeletePhoto();
  const [notice, setNotice] = useState('');

  async function upload(files: File[]) {
    setNotice('');
    const uploaded = await uploads.start(files);
    if (uploaded.length === 0) return;
    const outcome = await attach.run(
      propertyId,
      uploaded.map(({ value }) => value.id),
    );
    if (!outcome.ok) return;
    uploads.dismiss(...uploaded.map(({ key }) => key));
    photos.reload();
    setNotice(`${outcome.value.length} ${outcome.value.length === 1 ? 'photo was' : 'photos were'} added.`);
  }

  async function deletePhoto(photo: Media) {
    const outcome = await remove.run(propertyId, photo.id);
    if (outcome.ok) {
      photos.setData((photos.data ?? []).filter((item) => item.id !== photo.id));
      setNotice(`The photo ${mediaLabel(photo)} was deleted.`);
    }
    return outcome.ok;
  }

  const list = photos.data ?? [];
  return (
    <MediaSection
      title="Photos"
      noun="photo"
      upload={{
        label: 'Add photos',
        accept: IMAGE_TYPES,
        hint: 'JPEG, PNG, WebP or GIF images, each less than 100MB.',
        onFiles: upload,
      }}
      uploads={uploads}
      onDelete={deletePhoto}
      deleting={remove.isPending}
      error={photos.error ?? attach.error ?? remove.error}
      notice={attach.isPending ? 'Adding the photos…' : notice}
    >
      {(deleteButton) =>
        !photos.data && !photos.error ? (
          <p className="muted" role="status">
            Loading photos…
          </p>
        ) : photos.data && list.length === 0 ? (
          <p className="muted">
            No photos yet. Add some: the first one is the property’s picture in your lists.
          </p>
        ) : (
          <ul className="photo-grid" aria-label="Photos" aria-busy={photos.isLoading || undefined}>
            {list.map((photo) => (
              <li key={photo.id} className="photo-tile">
                <img
                  src={photo.thumbnailUrl ?? photo.url ?? undefined}
                  alt={mediaLabel(photo)}
                  loading="lazy"
                  decoding="async"
                />
                {deleteButton(photo)}
              </li>
            ))}
          </ul>
        )
      }
    </MediaSection>
  );
}
