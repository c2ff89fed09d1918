import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { mediaLabel, type Media } from '../api';
import type { UploadItem } from '../hooks';
import { FileButton } from './FileButton';
import { UploadList } from './UploadList';

interface MediaSectionProps {
  title: string;
  /** 'photo', 'document': how the delete button and the are-you-sure dialog name one. */
  noun: string;
  upload: { label: string; accept: string; hint: string; onFiles(files: File[]): void };
  uploads: { items: UploadItem[]; dismiss(key: string): void };
  /** Deletes one after asking; resolves true when it is gone. */
  onDelete(media: Media): Promise<boolean>;
  deleting: boolean;
  error: unknown;
  /** What the last action did, read out. */
  notice: string;
  /** The media, each with `deleteButton(media)` where it should stand. */
  children(deleteButton: (media: Media) => ReactNode): ReactNode;
}

/**
 * A section of a property's media (photos, documents): the title with the upload button, what may be uploaded,
 * the files on their way up, the media themselves, what happened, and the are-you-sure dialog before a delete.
 */
export function MediaSection({
  title,
  noun,
  upload,
  uploads,
  onDelete,
  deleting,
  error,
  notice,
  children,
}: MediaSectionProps) {
  const headingId = useId();
  const [removing, setRemoving] = useState<Media | null>(null);

  async function confirm() {
    if (removing) await onDelete(removing);
    setRemoving(null);
  }

  const deleteButton = (media: Media) => (
    <button
      type="button"
      className="button button-secondary"
      aria-label={`Delete ${noun} ${mediaLabel(media)}`}
      onClick={() => setRemoving(media)}
    >
      Delete
    </button>
  );

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        <FileButton label={upload.label} accept={upload.accept} multiple onFiles={upload.onFiles} />
      </div>
      <p className="field-hint media-hint">{upload.hint}</p>
      <UploadList items={uploads.items} onRemove={(key) => uploads.dismiss(key)} />
      <ErrorDisplay error={error} />
      {children(deleteButton)}
      <p role="status" className="muted">
        {notice}
      </p>
      <ConfirmDialog
        open={removing !== null}
        title={`Delete this ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        isPending={deleting}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing && mediaLabel(removing)} is removed from this property and its website.</p>
      </ConfirmDialog>
    </section>
  );
}
