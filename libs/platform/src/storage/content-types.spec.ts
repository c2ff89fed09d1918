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
  ])('%s', (_name, head, contentType) => {
    expect(sniff(head)?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('just some text')],
    ['HTML', bytes('<!doctype html>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['nothing', Buffer.alloc(0)],
    ['a PDF signature not at the start', bytes(' %PDF-1.7')],
  ])('not %s', (_name, head) => {
    expect(sniff(head)).toBeNull();
  });

  it('names what was expected', () => {
    expect(mustBe(['pdf'])).toBe('must be a PDF');
    expect(mustBe(['image', 'pdf'])).toBe('must be an image (JPEG, PNG, WebP or GIF) or a PDF');
    expect(mustBe(['image', 'pdf', 'video'])).toBe(
      'must be an image (JPEG, PNG, WebP or GIF), a PDF or a video (MP4, MOV or WebM)',
    );
  });
});
