import { useCallback, useState } from 'react';
import { useUploads } from '../properties/hooks';
import type { UploadProgress } from '../../../api/upload';
import { uploadOrderFile, type OrderFile } from './api';

/** What a comment's or an amendment's file chooser offers (the server checks the bytes): images and PDFs. */
export const ORDER_FILE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';

/**
 * Files for a comment or an amendment: each chosen file goes up to the order at once (POST
 * /opw_resources/{id}/files) with its progress; those that arrived wait in `attached` (removable) until the comment
 * or amendment that lists them is sent (`clear`); failures stay in the upload list with their messages.
 */
export function useOrderAttachments(orderId: string) {
  const send = useCallback(
    (file: File, onProgress: UploadProgress, signal: AbortSignal) =>
      uploadOrderFile(orderId, file, onProgress, signal),
    [orderId],
  );
  const uploads = useUploads(send);
  const [attached, setAttached] = useState<OrderFile[]>([]);

  const add = async (files: File[]) => {
    const uploaded = await uploads.start(files);
    if (uploaded.length === 0) return;
    uploads.dismiss(...uploaded.map(({ key }) => key));
    setAttached((list) => [...list, ...uploaded.map(({ value }) => value)]);
  };
  const remove = (id: string) => setAttached((list) => list.filter((file) => file.id !== id));
  const clear = () => setAttached([]);
  return { uploads, attached, add, remove, clear };
}

export type OrderAttachments = ReturnType<typeof useOrderAttachments>;
