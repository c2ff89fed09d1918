import type { UseQueryResult } from '@tanstack/react-query';
import { mediaLabel, type Media } from '../api';
import { useAddPhotosMutation, useDeletePhotoMutation, useRestoreOriginalPhotoMutation } from '../queries';
import { usePropertyReadOnly } from '../readOnly';
import { ImagesSection } from './ImagesSection';

/**
 * The property's photos (001 §7): a grid of thumbnails, each deletable after asking; "Add photos" uploads the
 * chosen images, then adds those that arrived to the property in the order chosen (POST photos/upload_multiple).
 * A photo retouched in its place offers "Restore original". The page loads the photos (GET .../photos), as the
 * website section chooses among them too.
 */
export function PhotosSection({
  propertyId,
  photos,
}: {
  propertyId: string;
  photos: UseQueryResult<Media[]>;
}) {
  const restore = useRestoreOriginalPhotoMutation();
  const readOnly = usePropertyReadOnly();
  return (
    <ImagesSection
      title="Photos"
      noun="photo"
      images={photos}
      propertyId={propertyId}
      attach={useAddPhotosMutation()}
      remove={useDeletePhotoMutation()}
      hint="JPEG, PNG, WebP or GIF images, each less than 100MB."
      empty="No photos yet. Add some: the first one is the property’s picture in your lists."
      more={{
        error: restore.error,
        button: (photo, say) =>
          photo.retouched &&
          !readOnly && (
            <button
              type="button"
              className="button button-secondary"
              disabled={restore.isPending}
              aria-label={`Restore the original of photo ${mediaLabel(photo)}`}
              onClick={async () => {
                if ((await restore.run(propertyId, photo.id)).ok) say('The original photo is back.');
              }}
            >
              Restore original
            </button>
          ),
      }}
    />
  );
}
