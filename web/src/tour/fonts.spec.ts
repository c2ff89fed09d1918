import { describe, expect, it } from '@jest/globals';
import { defaultTourLayers, type OverlayLayout } from '@tourly/contracts';
import { overlayFonts, webFontsUsed } from './fonts';
import { fontStyle } from './style';

describe('the overlay’s fonts', () => {
  const overlay = (): OverlayLayout => {
    const layout = defaultTourLayers().overlay;
    layout.bottom.columns[2] = [
      { type: 'property-title', font: { family: 'lato', weight: 900, color: '#000000' }, size: 'lg' },
    ];
    layout.menu.font = { family: 'lato', weight: 900, color: '#ffffff' };
    return layout;
  };

  it('are the menu’s and each title’s, in both rows', () => {
    const fonts = overlayFonts(overlay());
    expect(fonts.map((font) => `${font.family}:${font.weight}`)).toEqual([
      'lato:900',
      'system:700',
      'lato:900',
    ]);
  });

  it('load only the web fonts used, each weight once', () => {
    expect(webFontsUsed(overlayFonts(overlay()))).toEqual(['lato:900']);
    expect(webFontsUsed(overlayFonts(defaultTourLayers().overlay))).toEqual([]);
  });

  it('show a web font by its name over a fallback, a system font by its stack', () => {
    expect(fontStyle({ family: 'merriweather', weight: 300, color: '#111111' })).toEqual({
      fontFamily: "'Merriweather', Georgia, serif",
      fontWeight: 300,
      color: '#111111',
    });
    expect(fontStyle({ family: 'source-sans-3', weight: 700, color: '#111111' }).fontFamily).toBe(
      "'Source Sans 3', system-ui, sans-serif",
    );
    expect(fontStyle({ family: 'mono', weight: 400, color: '#111111' }).fontFamily).toContain('monospace');
  });
});
