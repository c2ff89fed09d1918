import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { UploadItem } from '../hooks';
import { usePropertyReadOnly } from '../readOnly';
import { FileButton } from './FileButton';
import { UploadList } from './UploadList';

interface MediaSectionProps<Item> {
  title: string;
  /** 'photo', 'document': how the delete button and the are-you-sure dialog name one. */
  noun: string;
  /** What the section may upload; a section of links has none. */
  upload?: { label: string; accept: string; hint: string; onFiles(files: File[]): void };
  uploads?: { items: UploadItem[]; dismiss(key: string): void };
  /** What else adds to the section (a link's form), under the uploads. */
  form?: ReactNode;
  /** What an item is called (media: `mediaLabel`). */
  label(item: Item): string;
  /** Deletes one after asking; resolves true when it is gone. */
  onDelete(item: Item): Promise<boolean>;
  deleting: boolean;
  error: unknown;
  /** What the last action did, read out. */
  notice: string;
  /** The media, each with `deleteButton(item)` where it should stand. */
  children(deleteButton: (item: Item) => ReactNode): ReactNode;
}

/**
 * A section of a property's media (photos, documents, floorplans, videos, links): the title with the upload
 * button, what may be uploaded, the files on their way up, the form adding a link, the media themselves, what
 * happened, and the are-you-sure dialog before a delete.
 */
export function MediaSection<Item extends { id: string }>({
  title,
  noun,
  upload,
  uploads,
  form,
  label,
  onDelete,
  deleting,
  error,
  notice,
  children,
}: MediaSectionProps<Item>) {
  const headingId = useId();
  const readOnly = usePropertyReadOnly();
  const [removing, setRemoving] = useState<Item | null>(null);

  async function confirm() {
    if (removing) await onDelete(removing);
    setRemoving(null);
  }

  const deleteButton = (item: Item) =>
    readOnly ? null : (
      <button
        type="button"
        className="button button-secondary"
        aria-label={`Delete ${noun} ${label(item)}`}
        onClick={() => setRemoving(item)}
      >
        Delete
      </button>
    );

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        {upload && !readOnly && (
          <FileButton label={upload.label} accept={upload.accept} multiple onFiles={upload.onFiles} />
        )}
      </div>
      {upload && !readOnly && <p className="field-hint media-hint">{upload.hint}</p>}
      {uploads && <UploadList items={uploads.items} onRemove={(key) => uploads.dismiss(key)} />}
      {!readOnly && form}
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
        <p>{removing && label(removing)} is removed from this property and its website.</p>
      </ConfirmDialog>
    </section>
  );
}
