import {
  fontOption,
  isWebFont,
  type FontWeight,
  type OverlayFont,
  type OverlayLayout,
  type WebFontFamily,
} from '@tourly/contracts';
import { useEffect } from 'react';

type Load = () => Promise<unknown>;

/**
 * Each web font's stylesheet for one weight (@fontsource: one @font-face a subset, by unicode range, so the browser
 * fetches only the subsets the page's text needs). Vite makes each a lazy chunk and serves the woff2 files from the
 * app's own origin (the player's CSP: font-src 'self'); none of it is in the player's first load.
 */
const WEB_FONT_CSS: Record<WebFontFamily, Record<FontWeight, Load>> = {
  lato: {
    300: () => import('@fontsource/lato/300.css'),
    400: () => import('@fontsource/lato/400.css'),
    700: () => import('@fontsource/lato/700.css'),
    900: () => import('@fontsource/lato/900.css'),
  },
  montserrat: {
    300: () => import('@fontsource/montserrat/300.css'),
    400: () => import('@fontsource/montserrat/400.css'),
    700: () => import('@fontsource/montserrat/700.css'),
    900: () => import('@fontsource/montserrat/900.css'),
  },
  merriweather: {
    300: () => import('@fontsource/merriweather/300.css'),
    400: () => import('@fontsource/merriweather/400.css'),
    700: () => import('@fontsource/merriweather/700.css'),
    900: () => import('@fontsource/merriweather/900.css'),
  },
  'source-sans-3': {
    300: () => import('@fontsource/source-sans-3/300.css'),
    400: () => import('@fontsource/source-sans-3/400.css'),
    700: () => import('@fontsource/source-sans-3/700.css'),
    900: () => import('@fontsource/source-sans-3/900.css'),
  },
};

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

const loading = new Map<string, Promise<unknown>>();

/** Loads the stylesheet of each web font weight these fonts use (each once a page); system stacks load nothing. */
export function loadWebFonts(fonts: OverlayFont[]): Promise<unknown> {
  return Promise.all(webFontsUsed(fonts).map(loadWebFont));
}

function loadWebFont(key: string): Promise<unknown> {
  const [family, weight] = key.split(':') as [WebFontFamily, string];
  let load = loading.get(key);
  if (!load) {
    // A chunk that failed (offline) is tried again by the next render that needs it; the stack's fallback shows.
    load = WEB_FONT_CSS[family][Number(weight) as FontWeight]().catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/** Loads the web fonts the overlay uses, again whenever it comes to use another. */
export function useWebFonts(overlay: OverlayLayout): void {
  const used = webFontsUsed(overlayFonts(overlay)).join(' ');
  useEffect(() => {
    if (used) void Promise.all(used.split(' ').map(loadWebFont));
  }, [used]);
}

/** The CSS family of a web font: its name, then the generic family its fallback is. */
export function webFontStack(family: WebFontFamily): string {
  const generic = family === 'merriweather' ? 'Georgia, serif' : 'system-ui, sans-serif';
  return `'${fontOption(family).name}', ${generic}`;
}
