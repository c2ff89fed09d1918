/**
 * What a file is, from its first bytes (never from its name or the type the browser claims): a PDF renamed
 * .jpg is a PDF. A small table of signatures instead of a sniffing library: the platform accepts few types.
 */
export const CONTENT_KINDS = ['image', 'pdf', 'video', 'audio'] as const;
/**
 * 3D models in glTF binary (GLB): taken only by the routes of their own (the staging asset library), never by the
 * general uploads above, whose `accept` lists CONTENT_KINDS.
 */
export type ContentKind = (typeof CONTENT_KINDS)[number] | 'model';

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
  // GLB's header: the magic 'glTF', then its version (2) as a little-endian uint32.
  if (ascii(head, 0, 'glTF') && head.length >= 8 && head.readUInt32LE(4) === 2) {
    return { kind: 'model', contentType: 'model/gltf-binary' };
  }
  if (ascii(head, 0, '%PDF-')) return { kind: 'pdf', contentType: 'application/pdf' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { kind: 'audio', contentType: 'audio/wav' };
  if (ascii(head, 0, 'OggS')) return { kind: 'audio', contentType: 'audio/ogg' };
  if (ascii(head, 0, 'ID3') || mpegAudioFrame(head)) return { kind: 'audio', contentType: 'audio/mpeg' };
  if (ascii(head, 4, 'ftyp') && M4A_BRANDS.some((brand) => ascii(head, 8, brand))) {
    return { kind: 'audio', contentType: 'audio/mp4' };
  }
  if (ascii(head, 4, 'ftyp')) {
    return { kind: 'video', contentType: ascii(head, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3)
    return { kind: 'video', contentType: 'video/webm' };
  return null;
}

/** The brands of an MPEG-4 file that holds sound only (iTunes' .m4a, .m4b audiobooks, .m4p). */
const M4A_BRANDS = ['M4A ', 'M4B ', 'M4P '];

/**
 * An MP3 without an ID3 tag starts with a frame header: 11 bits of sync, then a version, layer III, a bitrate and a
 * sample rate that exist (the reserved and "free" values are refused, so a run of 0xff bytes is not taken for one).
 */
function mpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0b11;
  const layer = (head[1] >> 1) & 0b11;
  const bitrate = head[2] >> 4;
  const sampleRate = (head[2] >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

const KIND_NAMES: Record<ContentKind, string> = {
  image: 'an image (JPEG, PNG, WebP or GIF)',
  pdf: 'a PDF',
  video: 'a video (MP4, MOV or WebM)',
  audio: 'an audio file (MP3, M4A, OGG or WAV)',
  model: 'a 3D model in glTF binary (GLB)',
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
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
];

/** The default of the upload control (001 §5): images and PDF. */
export const DEFAULT_ACCEPT: readonly ContentKind[] = ['image', 'pdf'];
