import {
  isWebFont,
  TOUR_DEFAULTS,
  type SYSTEM_FONT_FAMILIES,
  type LogoSize,
  type OverlayFont,
  type OverlayLayout,
  type OverlayRow,
  type TITLE_SIZES,
} from '@tourly/contracts';
import type { CSSProperties } from 'react';
import { webFontStack } from './fonts';

/** The system stacks: nothing to load. A web font's stack falls back to one while its files load (font-display: swap). */
const FONT_STACKS: Record<(typeof SYSTEM_FONT_FAMILIES)[number], string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  serif: "Georgia, Cambria, 'Times New Roman', Times, serif",
  mono: "ui-monospace, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
  rounded: "ui-rounded, 'SF Pro Rounded', 'Nunito', 'Varela Round', system-ui, sans-serif",
};

/** A logo's height in pixels for each size: xl still fits the 56 px banner. */
export const LOGO_HEIGHTS: Record<LogoSize, number> = { xs: 20, sm: 28, md: 36, lg: 44, xl: 52 };

const TITLE_FONT_SIZES: Record<(typeof TITLE_SIZES)[number], string> = {
  sm: '0.875rem',
  md: '1.125rem',
  lg: '1.375rem',
};

export function fontStyle(font: OverlayFont): CSSProperties {
  const fontFamily = isWebFont(font.family) ? webFontStack(font.family) : FONT_STACKS[font.family];
  return { fontFamily, fontWeight: font.weight, color: font.color };
}

export const titleStyle = (font: OverlayFont, size: (typeof TITLE_SIZES)[number]): CSSProperties => ({
  ...fontStyle(font),
  fontSize: TITLE_FONT_SIZES[size],
});

/**
 * A row's banner as a background: none, see-through, or a colour (null: the branding's primary colour; an
 * unbranded (MLS) tour has no branding, so the display default).
 */
export function bannerBackground(
  row: OverlayRow,
  primaryColor: string | null,
  mls: boolean,
): string | undefined {
  if (!row.banner || row.banner.style === 'transparent') return undefined;
  const branded = mls ? null : primaryColor;
  return row.banner.color ?? branded ?? TOUR_DEFAULTS.bannerColor;
}

/** The menu's panel: frosted (the colour over a blur of the tour) or a gradient of the colour, lighter at the end. */
export function menuBackground(menu: OverlayLayout['menu']): CSSProperties {
  const { color, style } = menu.background;
  return style === 'frosted'
    ? { backgroundColor: color, backdropFilter: 'blur(12px)', WebkitBackdropFilter: 'blur(12px)' }
    : { backgroundImage: `linear-gradient(160deg, ${color}, color-mix(in srgb, ${color} 55%, transparent))` };
}
