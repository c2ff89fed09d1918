import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  formatFileSize,
  uploadFailureMessages,
  UPLOAD_MESSAGES,
  type UploadProgress,
} from '../../api/upload';
import type { OrderFile } from './orders';

/** What an order takes (the server checks the bytes): images and PDFs. */
export const ORDER_FILE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  percentage: number;
  errors: string[];
  /** The file as the order keeps it, once uploaded. */
  file?: OrderFile;
}

type Upload = (file: File, onProgress: UploadProgress, signal: AbortSignal) => Promise<OrderFile>;

/**
 * Files going up one request each, with their progress: `add` starts them, `items` follows them (uploading with a
 * percentage, done with the order's file, failed with the server's words), `remove` drops one (stopping it if it is
 * still going). Uploads still going when the page goes are stopped. `onUploaded` hears of each file done.
 */
export function useUploads(upload: Upload, onUploaded?: (file: OrderFile, item: UploadItem) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function add(files: File[]) {
    for (const file of files) {
      counter.current += 1;
      const key = `upload-${counter.current}`;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const item: UploadItem = {
        key,
        name: file.name,
        size: file.size,
        status: 'uploading',
        percentage: 0,
        errors: [],
      };
      setItems((current) => [...current, item]);
      upload(file, (percentage) => update(key, { percentage }), controller.signal).then(
        (uploaded) => {
          controllers.current.delete(key);
          update(key, { status: 'done', percentage: 100, file: uploaded });
          onUploaded?.(uploaded, item);
        },
        (error: unknown) => {
          controllers.current.delete(key);
          if (controller.signal.aborted) return;
          update(key, { status: 'failed', errors: uploadFailureMessages(error) });
        },
      );
    }
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }

  return {
    items,
    add,
    remove,
    /** Forgets every item (the form they belonged to was sent). */
    clear: () => setItems([]),
    /** The ids of the files uploaded, in the order they were chosen. */
    doneIds: items.flatMap((item) => (item.status === 'done' && item.file ? [item.file.id] : [])),
    uploading: items.some((item) => item.status === 'uploading'),
  };
}

interface FileButtonProps {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  variant?: 'contained' | 'outlined' | 'text';
  onFiles(files: File[]): void;
}

/** A button that opens the file chooser: the input itself, unseen, inside its label (keyboard, screen readers). */
export function FileButton({
  label,
  multiple = false,
  disabled = false,
  variant = 'outlined',
  onFiles,
}: FileButtonProps) {
  return (
    <Button
      component="label"
      variant={variant}
      size="small"
      disabled={disabled}
      sx={{ alignSelf: 'flex-start', justifySelf: 'start' }}
    >
      {label}
      <input
        type="file"
        className="visually-hidden"
        accept={ORDER_FILE_TYPES}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again is a new choice.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Button>
  );
}

interface UploadListProps {
  items: UploadItem[];
  /** The list's name for screen readers: 'Uploads', 'Attachments'. */
  label: string;
  /** Done files stay listed (an attachment waiting for its comment) with "Remove"; else only the others. */
  keepDone?: boolean;
  onRemove(key: string): void;
}

/** Each file: its name and size, its progress while it goes up, the server's words if refused, and "Remove". */
export function UploadList({ items, label, keepDone = false, onRemove }: UploadListProps) {
  const shown = keepDone ? items : items.filter((item) => item.status !== 'done');
  if (shown.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {shown.map((item) => (
        <Box component="li" key={item.key} sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatFileSize(item.size)}
            </Typography>
            {item.status === 'uploading' && (
              <Typography variant="caption" role="status">
                {item.percentage}%
              </Typography>
            )}
            {item.status === 'done' && (
              <Typography variant="caption" color="success.main" role="status">
                Uploaded
              </Typography>
            )}
            <Button size="small" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.key)}>
              Remove
            </Button>
          </Box>
          {item.status === 'uploading' && (
            <LinearProgress
              variant="determinate"
              value={item.percentage}
              aria-label={`Uploading ${item.name}`}
            />
          )}
          {item.status === 'failed' && (
            <Box role="alert" sx={{ color: 'error.main' }}>
              <Typography variant="body2">{UPLOAD_MESSAGES.errorsHeading}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {item.errors.map((message) => (
                  <Typography component="li" variant="body2" key={message}>
                    {message}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
