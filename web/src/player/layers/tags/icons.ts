import { BUILTIN_TAG_ICONS } from '@tourly/contracts';

/**
 * The built-in tag icons (libs/contracts' BUILTIN_TAG_ICONS), served with the app: each a glyph on a white disc as an
 * SVG data URL, so no request leaves for an icon font and the space and the list show the same picture.
 */
const GLYPHS: Record<(typeof BUILTIN_TAG_ICONS)[number], string> = {
  info: 'i',
  star: '★',
  heart: '♥',
  camera: '◉',
  video: '▶',
  link: '↗',
  home: '⌂',
  bed: '▭',
  bath: '◡',
  kitchen: '♨',
  sofa: '▬',
  car: '⛟',
  tree: '♣',
  sun: '☀',
  key: '⚿',
  pin: '⚑',
};

export const BUILTIN_ICON_NAMES = BUILTIN_TAG_ICONS;

export function builtinIconUrl(name: string | null): string {
  const glyph = GLYPHS[(name ?? 'info') as keyof typeof GLYPHS] ?? GLYPHS.info;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#fff"/>` +
    `<text x="16" y="21.5" font-size="16" font-family="sans-serif" text-anchor="middle" fill="#222">${glyph}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
