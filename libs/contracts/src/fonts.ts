/**
 * The overlay's font options (002 §3 "Font option: family, variants, subsets") and the weights' names, for the
 * editor and the migration's mapping: apart from tours.ts (the families and weights the layers store), so the
 * visitor's player, which needs none of it, does not carry it.
 */
import {
  FONT_WEIGHTS,
  SYSTEM_FONT_FAMILIES,
  WEB_FONT_FAMILIES,
  type FontFamily,
  type FontWeight,
  type WebFontFamily,
} from './tours';

export const FONT_WEIGHT_NAMES: Record<FontWeight, string> = {
  300: 'Light',
  400: 'Normal',
  700: 'Bold',
  900: 'Black',
};
/**
 * The weights stored before the spec's four (Medium 500, Semibold 600), and the spec weight each became: the
 * migration FontWeights1765440000000 moved every stored font by this mapping.
 */
export const RETIRED_FONT_WEIGHTS: Readonly<Record<number, FontWeight>> = { 500: 400, 600: 700 };

/** A weight as the spec knows it: one of the four as is, a retired one by its mapping, anything else null. */
export function specFontWeight(weight: number): FontWeight | null {
  if ((FONT_WEIGHTS as readonly number[]).includes(weight)) return weight as FontWeight;
  return RETIRED_FONT_WEIGHTS[weight] ?? null;
}

/** 002 §3 "Font option: family, variants, subsets". */
export interface FontOption {
  /** The value stored in a layer's font (`OverlayFont.family`). */
  family: FontFamily;
  /** What a person reads in the editor, and the CSS family name of a web font. */
  name: string;
  /** The weights it has: every option has the spec's four. */
  variants: readonly FontWeight[];
  /** The character sets its files cover (a web font's unicode ranges); empty for a system stack (the device's). */
  subsets: readonly string[];
  /** Served with the app (loaded when a tour uses it) or the device's own. */
  source: 'system' | 'web';
}

const SYSTEM_FONT_NAMES: Record<(typeof SYSTEM_FONT_FAMILIES)[number], string> = {
  system: 'System sans-serif',
  serif: 'Serif',
  mono: 'Monospace',
  rounded: 'Rounded',
};
const WEB_FONT_NAMES: Record<WebFontFamily, string> = {
  lato: 'Lato',
  montserrat: 'Montserrat',
  merriweather: 'Merriweather',
  'source-sans-3': 'Source Sans 3',
};
/** The subsets of each web font the app serves (the @fontsource package's files, by unicode range). */
const WEB_FONT_SUBSETS: Record<WebFontFamily, readonly string[]> = {
  lato: ['latin', 'latin-ext'],
  montserrat: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
  merriweather: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
  'source-sans-3': ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'],
};

/** Every font option, system stacks first, in the order the editor offers them. */
export const FONT_OPTIONS: readonly FontOption[] = /* @__PURE__ */ fontOptions();

function fontOptions(): FontOption[] {
  return [
    ...SYSTEM_FONT_FAMILIES.map((family) => ({
      family,
      name: SYSTEM_FONT_NAMES[family],
      variants: FONT_WEIGHTS,
      subsets: [],
      source: 'system' as const,
    })),
    ...WEB_FONT_FAMILIES.map((family) => ({
      family,
      name: WEB_FONT_NAMES[family],
      variants: FONT_WEIGHTS,
      subsets: WEB_FONT_SUBSETS[family],
      source: 'web' as const,
    })),
  ];
}

export function fontOption(family: FontFamily): FontOption {
  return FONT_OPTIONS.find((option) => option.family === family)!;
}
