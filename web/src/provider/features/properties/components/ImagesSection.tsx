import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Outcome } from '../../../../shared/useMutationAction';
import { mediaLabel, type Media } from '../api';
import { useAttachedUploads, useMediaList } from '../hooks';
import { IMAGE_TYPES } from '../../../../api/upload';
import { ImageGrid } from './ImageGrid';
import { MediaSection } from './MediaSection';

interface ImagesSectionProps {
  title: string;
  /** 'photo', 'floorplan': how the buttons, the notices and the are-you-sure dialog name one. */
  noun: string;
  /** The images, loaded by the page (the website section chooses among them too). */
  images: UseQueryResult<Media[]>;
  propertyId: string;
  /** Adds the temporary uploads to the property, in the order given (the action's hook). */
  attach: {
    run(propertyId: string, ids: string[]): Promise<Outcome<Media[]>>;
    isPending: boolean;
    error: unknown;
  };
  remove: {
    run(propertyId: string, id: string): Promise<Outcome<unknown>>;
    isPending: boolean;
    error: unknown;
  };
  hint: string;
  /** What the section says while there are none. */
  empty: string;
  /** Names each image under its thumbnail. */
  captions?: boolean;
  /**
   * One more action some images offer (a retouched photo's "Restore original"): its button, which says what it did
   * with `say` (read out with the section's other notices), and its error.
   */
  more?: { button(image: Media, say: (notice: string) => void): ReactNode; error: unknown };
}

/**
 * A property's images (photos, floorplans): a grid of thumbnails, each deletable after asking; the upload button
 * sends the chosen images side by side with their progress (POST /provider/temporary_uploads.json, images only),
 * then `attach` adds those that arrived in the order chosen. Refusals show under each file as the server words them.
 */
export function ImagesSection({
  title,
  noun,
  propertyId,
  images,
  attach,
  remove,
  hint,
  empty,
  captions,
  more,
}: ImagesSectionProps) {
  const media = useMediaList(images, noun, mediaLabel);
  const { uploads, upload } = useAttachedUploads('image', (ids) => attach.run(propertyId, ids), media);

  return (
    <MediaSection
      title={title}
      noun={noun}
      upload={{ label: `Add ${noun}s`, accept: IMAGE_TYPES, hint, onFiles: upload }}
      uploads={uploads}
      label={mediaLabel}
      onDelete={(image) => media.remove(image, (id) => remove.run(propertyId, id))}
      deleting={remove.isPending}
      error={images.error ?? attach.error ?? remove.error ?? more?.error}
      notice={attach.isPending ? `Adding the ${noun}s…` : media.notice}
    >
      {(deleteButton) =>
        !images.data && !images.error ? (
          <p className="muted" role="status">
            Loading {noun}s…
          </p>
        ) : images.data && media.list.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <ImageGrid
            label={title}
            images={media.list}
            busy={images.isFetching}
            buttons={(image) => (
              <>
                {more?.button(image, media.setNotice)}
                {deleteButton(image)}
              </>
            )}
            captions={captions}
          />
        )
      }
    </MediaSection>
  );
}
