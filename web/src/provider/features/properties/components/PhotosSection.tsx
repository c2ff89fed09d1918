import type { UseQueryResult } from '@tanstack/react-query';
import type { Media } from '../api';
import { useAddPhotosMutation, useDeletePhotoMutation } from '../queries';
import { ImagesSection } from './ImagesSection';

/**
 * The property's photos (001 §7): a grid of thumbnails, each deletable after asking; "Add photos" uploads the
 * chosen images, then adds those that arrived to the property in the order chosen (POST photos/upload_multiple).
 * The page loads the photos (GET .../photos), as the website section chooses among them too.
 */
export function PhotosSection({
  propertyId,
  photos,
}: {
  propertyId: string;
  photos: UseQueryResult<Media[]>;
}) {
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
    />
  );
}
