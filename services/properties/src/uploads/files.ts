import type { ContentKind } from '@tourly/platform';

export type { FileRow } from './files.repository';

/** What the client sees of a stored file (001 §3 "file (url, content_type)"), with presigned URLs. */
export interface FileView {
  url: string;
  contentType: string;
  filename: string;
  size: number;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  square: boolean | null;
}

export function kindOf(contentType: string | null): ContentKind | null {
  if (!contentType) return null;
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return null;
}

/**
 * Objects of one file live under one prefix: the provider's, then the file's id. The uploaded bytes sit one
 * level deeper (`original/<name>`) than what is derived from them (`thumbnail.jpg`), and a name never holds a
 * `/`, so no upload's name can make its key that of its own thumbnail (a photo named `thumbnail.jpg` was
 * once overwritten by its thumbnail).
 */
export const storageKey = (providerId: string, fileId: string, filename: string) =>
  `uploads/${providerId}/${fileId}/original/${safeKeyName(filename)}`;
export const thumbnailKey = (providerId: string, fileId: string) =>
  `uploads/${providerId}/${fileId}/thumbnail.jpg`;

/**
 * Where a presigned upload's PUT goes: `incoming/`, the only prefix a presigned URL ever names. A browser may PUT
 * there again for as long as its URL lasts, so nothing is served from it: the bytes are checked and kept as a copy
 * under `uploads/` (`checkedKeys`).
 */
export const incomingKey = (providerId: string, fileId: string, filename: string) =>
  `incoming/${providerId}/${fileId}/${safeKeyName(filename)}`;

/**
 * The copy one check of a presigned upload makes and keeps (and its thumbnail), under `uploads/`, which no presigned
 * URL names. Each check has its own (`checkId`), so two checks of one upload at once never write the same object.
 */
export const checkedKeys = (providerId: string, fileId: string, checkId: string, filename: string) => ({
  storageKey: `uploads/${providerId}/${fileId}/${checkId}/original/${safeKeyName(filename)}`,
  thumbnailKey: `uploads/${providerId}/${fileId}/${checkId}/thumbnail.jpg`,
});

export function safeKeyName(filename: string): string {
  return (
    filename
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+/, '')
      .slice(-120) || 'file'
  );
}
