/** The colour each segment is highlighted in: the engine's known labels their own, any other one from its value. */
const KNOWN: Record<string, string> = {
  ceiling: '#f4e3a1',
  wall: '#8ecae6',
  floor: '#b08968',
  window: '#48cae4',
  door: '#e76f51',
  sofa: '#2a9d8f',
  table: '#f4a261',
  bed: '#e5989b',
  cabinet: '#9d4edd',
};

export function segmentColour(segment: { label: string; value: number }): string {
  return KNOWN[segment.label] ?? `hsl(${(segment.value * 137) % 360} 70% 55%)`;
}

/** Where the engine recognised nothing. */
const UNRECOGNISED = 0.2;

/**
 * The tables of an SVG feComponentTransfer (discrete, in sRGB) that paints a grey mask, each pixel its segment's value
 * (R = G = B = value / 255), in the segments' colours, dark grey where nothing was recognised: no pixel is read by
 * script, so the mask may come from another origin (storage's signed link).
 */
export function maskTables(
  segments: Array<{ label: string; value: number }>,
): Record<'r' | 'g' | 'b', string> {
  const channels = [0, 1, 2].map(() => new Array<number>(256).fill(UNRECOGNISED));
  for (const segment of segments) {
    if (segment.value < 1 || segment.value > 255) continue;
    rgbOf(segmentColour(segment)).forEach((channel, index) => {
      channels[index]![segment.value] = channel;
    });
  }
  const [r, g, b] = channels.map((values) => values.map((value) => Number(value.toFixed(3))).join(' '));
  return { r: r!, g: g!, b: b! };
}

/** 0..1 channels of a #rrggbb or hsl() colour. */
function rgbOf(colour: string): [number, number, number] {
  if (colour.startsWith('#')) {
    const n = Number.parseInt(colour.slice(1), 16);
    return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  }
  const [h, s, l] = (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number) as [number, number, number];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}
