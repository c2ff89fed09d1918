import type { FontWeight, WebFontFamily } from '@tourly/contracts';

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

const loading = new Map<string, Promise<unknown>>();

/**
 * Loads the stylesheet of each web font weight given as `family:weight` (each once a page). A chunk that failed
 * (offline) is tried again by the next call that needs it; meanwhile the stack's fallback shows.
 */
export function loadWebFonts(keys: string[]): Promise<unknown> {
  return Promise.all(
    keys.map((key) => {
      const [family, weight] = key.split(':') as [WebFontFamily, string];
      let load = loading.get(key);
      if (!load) {
        load = WEB_FONT_CSS[family][Number(weight) as FontWeight]().catch(() => loading.delete(key));
        loading.set(key, load);
      }
      return load;
    }),
  );
}
