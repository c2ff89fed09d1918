/**
 * What a file is, from its first bytes (never from its name or the type the browser claims): a PDF renamed
 * .jpg is a PDF. A small table of signatures instead of a sniffing library: the platform accepts few types.
 */
export const CONTENT_KINDS = ['image', 'pdf', 'video'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface Sniffed {
  kind: ContentKind;
  contentType: string;
}

/** Bytes enough to recognise every signature below. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Buffer, start: number, text: string) =>
  bytes.length >= start + text.length && bytes.toString('latin1', start, start + text.length) === text;

export function sniff(head: Buffer): Sniffed | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', contentType: 'image/jpeg' };
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return { kind: 'image', contentType: 'image/png' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'))
    return { kind: 'image', contentType: 'image/gif' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'image', contentType: 'image/webp' };
  if (ascii(head, 0, '%PDF-')) return { kind: 'pdf', contentType: 'application/pdf' };
  if (ascii(head, 4, 'ftyp')) {
    return { kind: 'video', contentType: ascii(head, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3)
    return { kind: 'video', contentType: 'video/webm' };
  return null;
}

const KIND_NAMES: Record<ContentKind, string> = {
  image: 'an image (JPEG, PNG, WebP or GIF)',
  pdf: 'a PDF',
  video: 'a video (MP4, MOV or WebM)',
};

/** The field message for a file of another kind: 'must be an image (JPEG, PNG, WebP or GIF) or a PDF'. */
export function mustBe(kinds: readonly ContentKind[]): string {
  const names = kinds.map((kind) => KIND_NAMES[kind]);
  const last = names.pop();
  return `must be ${names.length > 0 ? `${names.join(', ')} or ${last}` : last}`;
}

/** The types a browser may declare for a direct (presigned) upload: those `sniff` can find. */
export const DIRECT_UPLOAD_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'video/mp4',
  'video/quicktime',
  'video/webm',
];

/** The default of the upload control (001 §5): images and PDF. */
export const DEFAULT_ACCEPT: readonly ContentKind[] = ['image', 'pdf'];
