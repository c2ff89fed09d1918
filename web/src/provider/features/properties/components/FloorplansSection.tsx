import type { UseQueryResult } from '@tanstack/react-query';
import type { Media } from '../api';
import { useAddFloorplansMutation, useDeleteFloorplanMutation } from '../queries';
import { ImagesSection } from './ImagesSection';

/**
 * The property's floorplans (001 §7): images added in the order chosen (POST floorplans/upload_multiple, each
 * named after its file), shown as named thumbnails and deletable after asking. The page loads them
 * (GET .../floorplans), as the website section offers them too.
 */
export function FloorplansSection({
  propertyId,
  floorplans,
}: {
  propertyId: string;
  floorplans: UseQueryResult<Media[]>;
}) {
  return (
    <ImagesSection
      title="Floorplans"
      noun="floorplan"
      images={floorplans}
      propertyId={propertyId}
      attach={useAddFloorplansMutation()}
      remove={useDeleteFloorplanMutation()}
      hint="JPEG, PNG, WebP or GIF images, each less than 100MB; each is named after its file."
      empty="No floorplans yet. Once added, the website section can show one."
      captions
    />
  );
}
