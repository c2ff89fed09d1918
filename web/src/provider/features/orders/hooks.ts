import { useCallback, useRef, useState } from 'react';
import { useUploads } from '../properties/hooks';
import type { UploadProgress } from '../../../api/upload';
import { isNotEnoughCredits } from '../billing/rules';
import { uploadOrderFile, type NewOrder, type OrderFile } from './api';
import { usePlaceOrderMutation } from './queries';

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

/**
 * Placing an order from a form. One `Idempotency-Key` per order as filled in: sent again unchanged (a retry after a
 * lost answer), it places nothing more. Refused for credits: `short` (the form shows the insufficient-credits modal
 * instead, and nothing of it when the person comes back) and no outcome.
 */
export function useOrderPlacing() {
  const place = usePlaceOrderMutation();
  const keys = useRef(new Map<string, string>());
  const [short, setShort] = useState(false);
  const run = async (propertyId: string, order: Omit<NewOrder, 'idempotencyKey'>) => {
    const what = JSON.stringify([propertyId, { ...order, instructions: order.instructions.trim() }]);
    if (!keys.current.has(what)) keys.current.set(what, crypto.randomUUID());
    const outcome = await place.run(propertyId, { ...order, idempotencyKey: keys.current.get(what)! });
    if (!outcome.ok && isNotEnoughCredits(outcome.error)) {
      setShort(true);
      return undefined;
    }
    return outcome;
  };
  return { run, short, back: () => setShort(false) };
}
