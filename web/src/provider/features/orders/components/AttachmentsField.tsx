import { FileButton } from '../../properties/components/FileButton';
import { UploadList } from '../../properties/components/UploadList';
import { formatFileSize } from '../../../../api/upload';
import { ORDER_FILE_TYPES, type OrderAttachments } from '../hooks';

interface AttachmentsFieldProps {
  /** The file button's words: 'Attach files'. */
  label: string;
  attachments: OrderAttachments;
  disabled?: boolean;
}

/**
 * Files added to a comment or an amendment: the file button (images and PDFs, each less than 100MB), the files on
 * their way up with their progress (failures with their messages), then those uploaded, each removable.
 */
export function AttachmentsField({ label, attachments, disabled = false }: AttachmentsFieldProps) {
  const { uploads, attached } = attachments;
  return (
    <div className="order-attachments">
      <FileButton
        label={label}
        accept={ORDER_FILE_TYPES}
        multiple
        disabled={disabled}
        onFiles={(files) => void attachments.add(files)}
      />
      <p className="field-hint">Images or PDFs, each less than 100MB.</p>
      <UploadList items={uploads.items} onRemove={(key) => uploads.dismiss(key)} />
      {attached.length > 0 && (
        <ul className="order-attached" aria-label="Attached files">
          {attached.map((file) => (
            <li key={file.id}>
              <span className="order-attached-name">{file.filename}</span>
              <span className="muted">{formatFileSize(file.size)}</span>
              <button
                type="button"
                className="button button-secondary"
                disabled={disabled}
                aria-label={`Remove ${file.filename}`}
                onClick={() => attachments.remove(file.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
