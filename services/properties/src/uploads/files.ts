import type { ContentKind } from '@tourly/platform';

/** A row of `files`: one object in storage (plus its thumbnail). */
export interface FileRow {
  id: string;
  providerId: string;
  storageKey: string;
  filename: string;
  contentType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  square: boolean | null;
  thumbnailKey: string | null;
  direct: boolean;
  createdAt: Date;
}

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

function safeKeyName(filename: string): string {
  return (
    filename
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+/, '')
      .slice(-120) || 'file'
  );
}
