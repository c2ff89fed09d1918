import { mustBe, sniff } from './content-types';

describe('what a file is, from its first bytes', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Buffer.concat(
      parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    );

  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes('\x89PNG\r\n\x1a\n', [0, 0, 0, 13]), 'image/png'],
    ['GIF 89a', bytes('GIF89a', [1, 0]), 'image/gif'],
    ['GIF 87a', bytes('GIF87a', [1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'video/mp4'],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video/webm'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['OGG', bytes('OggS', [0, 2, 0, 0]), 'audio/ogg'],
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    ['MP3 frame (MPEG-1 layer III, 128 kbit/s, 44.1 kHz)', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['MP3 frame (MPEG-2 layer III, 64 kbit/s, 22.05 kHz)', bytes([0xff, 0xf3, 0x80, 0xc4]), 'audio/mpeg'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4'],
    ['GLB (glTF 2.0 binary)', bytes('glTF', [2, 0, 0, 0], [0x10, 0, 0, 0]), 'model/gltf-binary'],
  ])('%s', (_name, head, contentType) => {
    expect(sniff(head)?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('just some text')],
    ['HTML', bytes('<!doctype html>')],
    ['a RIFF that is neither WebP nor WAVE', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['bytes of 0xff (no bitrate, no sample rate)', bytes([0xff, 0xff, 0xff, 0xff])],
    ['an MPEG frame of layer I', bytes([0xff, 0xff, 0x90, 0x64])],
    ['an MPEG frame of the reserved version', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['an MPEG frame of the free bitrate', bytes([0xff, 0xfb, 0x00, 0x64])],
    ['nothing', Buffer.alloc(0)],
    ['a PDF signature not at the start', bytes(' %PDF-1.7')],
    ['a glTF 1.0 binary (its version 1)', bytes('glTF', [1, 0, 0, 0], [0x10, 0, 0, 0])],
  ])('not %s', (_name, head) => {
    expect(sniff(head)).toBeNull();
  });

  it('names what was expected', () => {
    expect(mustBe(['pdf'])).toBe('must be a PDF');
    expect(mustBe(['image', 'pdf'])).toBe('must be an image (JPEG, PNG, WebP or GIF) or a PDF');
    expect(mustBe(['image', 'pdf', 'video'])).toBe(
      'must be an image (JPEG, PNG, WebP or GIF), a PDF or a video (MP4, MOV or WebM)',
    );
    expect(mustBe(['audio'])).toBe('must be an audio file (MP3, M4A, OGG or WAV)');
    expect(mustBe(['model'])).toBe('must be a 3D model in glTF binary (GLB)');
  });
});
