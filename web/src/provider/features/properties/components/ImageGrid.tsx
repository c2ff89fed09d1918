import type { ReactNode } from 'react';
import { mediaLabel, type Media } from '../api';
import { useShowAll } from './ShowAll';

interface ImageGridProps {
  label: string;
  images: Media[];
  busy: boolean;
  /** The image's buttons (delete, and what else its kind offers). */
  buttons(image: Media): ReactNode;
  /** Names each image under it (floorplans); photos have only their alternative text. */
  captions?: boolean;
}

/** Thumbnails of images (photos, floorplans), each with its buttons; a long list shows its first few. */
export function ImageGrid({ label, images, busy, buttons, captions = false }: ImageGridProps) {
  const { visible, toggle } = useShowAll(images, label.toLowerCase());
  return (
    <>
      <ul className="photo-grid" aria-label={label} aria-busy={busy || undefined}>
        {visible.map((image) => (
          <li key={image.id} className="photo-tile">
            <img
              src={image.thumbnailUrl ?? image.url ?? undefined}
              alt={mediaLabel(image)}
              loading="lazy"
              decoding="async"
            />
            {captions && <span className="photo-caption">{mediaLabel(image)}</span>}
            {buttons(image)}
          </li>
        ))}
      </ul>
      {toggle}
    </>
  );
}
