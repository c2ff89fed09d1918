import { createHash } from 'node:crypto';

/** Width and height of every emulated thumbnail (4:3, like Matterport's default snapshots). */
export const THUMBNAIL_SIZE = { width: 160, height: 120 } as const;

/** Soft interior colours; a model's thumbnail takes one by its id. */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [176, 196, 222],
  [205, 183, 158],
  [143, 188, 143],
  [216, 191, 216],
  [240, 200, 140],
  [160, 180, 200],
  [200, 160, 150],
  [170, 200, 190],
];

/**
 * A small valid baseline JPEG, built byte by byte: a vertical gradient from a light tint at the top to the
 * model's colour at the bottom, one flat colour per 8x8 block (only DC coefficients are coded).
 */
export function thumbnailJpeg(id: string): Buffer {
  const digest = createHash('sha256').update(id).digest();
  const base = PALETTE[digest[0]! % PALETTE.length]!;
  const { width, height } = THUMBNAIL_SIZE;
  const columns = Math.ceil(width / 8);
  const rows = Math.ceil(height / 8);

  const bits = new BitWriter();
  const predictors = [0, 0, 0];
  for (let row = 0; row < rows; row += 1) {
    const shade = row / Math.max(1, rows - 1);
    const rgb = base.map((channel) => Math.round(255 - (255 - channel) * (0.35 + 0.65 * shade)));
    const dc = ycbcr(rgb[0]!, rgb[1]!, rgb[2]!).map((sample) => Math.round((sample - 128) * 8));
    for (let column = 0; column < columns; column += 1) {
      for (let component = 0; component < 3; component += 1) {
        const diff = dc[component]! - predictors[component]!;
        predictors[component] = dc[component]!;
        const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const code = DC_CODES[size]!;
        bits.write(code.code, code.length);
        if (size > 0) bits.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
        bits.write(AC_END_OF_BLOCK.code, AC_END_OF_BLOCK.length);
      }
    }
  }

  return Buffer.concat([
    marker(0xd8),
    segment(0xe0, [...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    segment(0xc0, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      3,
      1,
      0x11,
      0,
      2,
      0x11,
      0,
      3,
      0x11,
      0,
    ]),
    segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    bits.finish(),
    marker(0xd9),
  ]);
}

// The standard luminance DC table (ITU T.81, K.3) and an AC table holding only the end-of-block code.
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0x00];

interface HuffmanCode {
  code: number;
  length: number;
}

/** Canonical Huffman codes from a table's counts per length (ITU T.81, C.2). */
function huffmanCodes(counts: number[], values: number[]): Map<number, HuffmanCode> {
  const codes = new Map<number, HuffmanCode>();
  let code = 0;
  let next = 0;
  counts.forEach((count, index) => {
    for (let i = 0; i < count; i += 1) {
      codes.set(values[next++]!, { code: code++, length: index + 1 });
    }
    code <<= 1;
  });
  return codes;
}

const DC_CODES = DC_VALUES.map((value) => huffmanCodes(DC_BITS, DC_VALUES).get(value)!);
const AC_END_OF_BLOCK = huffmanCodes(AC_BITS, AC_VALUES).get(0x00)!;

function ycbcr(r: number, g: number, b: number): [number, number, number] {
  return [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  ];
}

function marker(code: number): Buffer {
  return Buffer.from([0xff, code]);
}

function segment(code: number, payload: number[]): Buffer {
  const length = payload.length + 2;
  return Buffer.from([0xff, code, length >> 8, length & 0xff, ...payload]);
}

/** Entropy-coded bits, most significant first, with 0xFF bytes stuffed and the last byte padded with ones. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      this.used += 1;
      if (this.used === 8) this.flush();
    }
  }

  finish(): Buffer {
    if (this.used > 0) this.write((1 << (8 - this.used)) - 1, 8 - this.used);
    return Buffer.from(this.bytes);
  }

  private flush(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.used = 0;
  }
}
