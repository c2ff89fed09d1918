import { useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../../../shared/useMutationAction';
import { uploadTemporary, type Media } from './api';
import { uploadFailureMessages, type UploadProgress } from '../../../api/upload';

/** 001 §3: an uploaded file as the page tracks it. */
export interface UploadItem {
  key: string;
  fileName: string;
  fileSize: number;
  status: 'uploading' | 'success' | 'error';
  percentage: number;
  errors: string[];
}

type Send<T> = (file: File, onProgress: UploadProgress, signal: AbortSignal) => Promise<T>;

let nextKey = 0;

/**
 * Files on their way up (001 §4): each uploading with its percentage, then success or error. `start` sends the
 * files side by side and resolves, once all have ended, with what the successful ones answered (failures stay in
 * the list with their messages until dismissed). Leaving the page cancels what is still uploading.
 */
export function useUploads<T>(send: Send<T>) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controller = useRef(new AbortController());
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    async (files: File[]): Promise<Array<{ key: string; value: T }>> => {
      const started = files.map((file) => ({
        file,
        item: {
          key: `upload-${(nextKey += 1)}`,
          fileName: file.name,
          fileSize: file.size,
          status: 'uploading' as const,
          percentage: 0,
          errors: [],
        },
      }));
      setItems((list) => [...list, ...started.map(({ item }) => item)]);
      const { signal } = controller.current;
      const results = await Promise.all(
        started.map(async ({ file, item }) => {
          try {
            const value = await send(file, (percentage) => update(item.key, { percentage }), signal);
            update(item.key, { status: 'success', percentage: 100 });
            return { ok: true as const, key: item.key, value };
          } catch (error) {
            if (signal.aborted) return { ok: false as const };
            update(item.key, { status: 'error', errors: uploadFailureMessages(error) });
            return { ok: false as const };
          }
        }),
      );
      return results.flatMap((result) => (result.ok ? [{ key: result.key, value: result.value }] : []));
    },
    [send, update],
  );

  const dismiss = useCallback(
    (...keys: string[]) => setItems((list) => list.filter((item) => !keys.includes(item.key))),
    [],
  );
  const isUploading = items.some((item) => item.status === 'uploading');
  return { items, start, dismiss, isUploading };
}

/**
 * Media that go up as temporary uploads first (photos, floorplans, videos): `upload` sends the chosen files with
 * their progress (`accept`: what they may be, by their bytes), then hands the ids of those that arrived to
 * `attach`, in the order chosen, and tells `list` what was added; the attached files leave the upload list, where
 * failures stay with their messages.
 */
export function useAttachedUploads(
  accept: string,
  attach: (temporaryUploadIds: string[]) => Promise<Outcome<Media[]>>,
  list: { added(media: Media[]): void; setNotice(notice: string): void },
) {
  const send = useCallback(
    (file: File, onProgress: UploadProgress, signal: AbortSignal) =>
      uploadTemporary(file, accept, onProgress, signal),
    [accept],
  );
  const uploads = useUploads(send);
  const upload = async (files: File[]) => {
    list.setNotice('');
    const uploaded = await uploads.start(files);
    if (uploaded.length === 0) return;
    const outcome = await attach(uploaded.map(({ value }) => value.id));
    if (!outcome.ok) return;
    uploads.dismiss(...uploaded.map(({ key }) => key));
    list.added(outcome.value);
  };
  return { uploads, upload };
}

/**
 * The list a media section shows (its query, the section's or the page's) and what last happened to it: `added`
 * says what an action added ('1 photo was added.'), `remove` deletes one (after the section asked) and says so
 * ('The video Tour was deleted.'), resolving true when it is gone. The actions' mutations bring the list up to date.
 */
export function useMediaList<Item extends { id: string }>(
  loaded: { data: Item[] | undefined },
  noun: string,
  label: (item: Item) => string,
) {
  const [notice, setNotice] = useState('');
  const list = loaded.data ?? [];
  const added = (items: Item[]) => {
    setNotice(`${items.length} ${items.length === 1 ? `${noun} was` : `${noun}s were`} added.`);
  };
  const remove = async (item: Item, run: (id: string) => Promise<Outcome<unknown>>) => {
    const outcome = await run(item.id);
    if (outcome.ok) setNotice(`The ${noun} ${label(item)} was deleted.`);
    return outcome.ok;
  };
  return { list, notice, setNotice, added, remove };
}
