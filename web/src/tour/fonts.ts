import { isWebFont, type OverlayFont, type OverlayLayout, type WebFontFamily } from '@tourly/contracts';
import { useEffect } from 'react';

/**
 * A web font's CSS family: its name (the @fontsource stylesheet's), then a generic family for the fallback while it
 * loads (font-display: swap).
 */
const WEB_FONT_STACKS: Record<WebFontFamily, string> = {
  lato: "'Lato', system-ui, sans-serif",
  montserrat: "'Montserrat', system-ui, sans-serif",
  merriweather: "'Merriweather', Georgia, serif",
  'source-sans-3': "'Source Sans 3', system-ui, sans-serif",
};

export const webFontStack = (family: WebFontFamily): string => WEB_FONT_STACKS[family];

/** Every font the overlay shows text in: its menu's, and each property title's of both rows. */
export function overlayFonts(overlay: OverlayLayout): OverlayFont[] {
  const titles = [overlay.top, overlay.bottom].flatMap((row) =>
    row.columns.flat().flatMap((item) => (item.type === 'property-title' ? [item.font] : [])),
  );
  return [overlay.menu.font, ...titles];
}

/** The web fonts (family and weight) among these, each once, as `family:weight`. */
export function webFontsUsed(fonts: OverlayFont[]): string[] {
  return [
    ...new Set(fonts.filter((font) => isWebFont(font.family)).map((font) => `${font.family}:${font.weight}`)),
  ];
}

/**
 * Loads the web fonts the overlay uses, again whenever it comes to use another. The loaders (./font-files) are a
 * lazy module of their own: a tour on system stacks loads nothing, and the player's first load carries none of it.
 */
export function useWebFonts(overlay: OverlayLayout): void {
  const used = webFontsUsed(overlayFonts(overlay)).join(' ');
  useEffect(() => {
    if (!used) return;
    void import('./font-files').then(({ loadWebFonts }) => loadWebFonts(used.split(' ')));
  }, [used]);
}
