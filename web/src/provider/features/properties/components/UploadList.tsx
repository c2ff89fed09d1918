import type { UploadItem } from '../hooks';
import { formatFileSize, UPLOAD_MESSAGES } from '../../../../api/upload';

/** 001 §2 "File upload list": file name, size, progress, status, and a control to remove a failed one. */
export function UploadList({ items, onRemove }: { items: UploadItem[]; onRemove(key: string): void }) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {items.map((item) => (
        <li key={item.key} className={`upload-item upload-item-${item.status}`}>
          <div className="upload-item-head">
            <span className="upload-item-status" aria-hidden="true">
              {item.status === 'success' ? '✓' : item.status === 'error' ? '!' : '↑'}
            </span>
            <span className="upload-item-name">{item.fileName}</span>
            <span className="muted">{formatFileSize(item.fileSize)}</span>
            {item.status === 'error' && (
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Remove ${item.fileName} from the list`}
                onClick={() => onRemove(item.key)}
              >
                Remove
              </button>
            )}
          </div>
          {item.status === 'uploading' && (
            <div className="upload-item-progress">
              <progress max={100} value={item.percentage} aria-label={`Uploading ${item.fileName}`} />
              <span>{item.percentage}%</span>
            </div>
          )}
          {item.status === 'error' && (
            <div className="upload-item-errors" role="alert">
              <p>{UPLOAD_MESSAGES.errorsHeading}</p>
              <ul>
                {item.errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
