import { describe, expect, it } from '@jest/globals';
import type { OverlayRow } from '@tourly/contracts';
import { bannerBackground, menuBackground } from './style';

describe('bannerBackground', () => {
  const row = (banner: OverlayRow['banner']): OverlayRow => ({ banner, columns: [[], [], []] });
  it.each<[string, OverlayRow, string | null, boolean, string | undefined]>([
    ['no banner: nothing behind the items', row(null), '#123456', false, undefined],
    ['see-through', row({ style: 'transparent', color: '#abcdef' }), '#123456', false, undefined],
    ['its own colour', row({ style: 'color', color: 'rgb(1, 2, 3)' }), '#123456', false, 'rgb(1, 2, 3)'],
    [
      'no colour: the branding’s primary colour',
      row({ style: 'color', color: null }),
      '#123456',
      false,
      '#123456',
    ],
    [
      'no colour and no branding colour: the default',
      row({ style: 'color', color: null }),
      null,
      false,
      '#ffffff',
    ],
    [
      'an unbranded (MLS) tour: never the branding’s',
      row({ style: 'color', color: null }),
      '#123456',
      true,
      '#ffffff',
    ],
    [
      'an unbranded tour keeps a colour of its own',
      row({ style: 'color', color: '#000' }),
      '#123456',
      true,
      '#000',
    ],
  ])('%s', (_, overlayRow, primaryColor, mls, expected) =>
    expect(bannerBackground(overlayRow, primaryColor, mls)).toBe(expected),
  );
});

describe('menuBackground', () => {
  it.each([
    ['frosted', { backgroundColor: '#454545bf', backdropFilter: 'blur(12px)' }],
    ['gradient', { backgroundImage: expect.stringContaining('linear-gradient(160deg, #454545bf') }],
  ] as const)('%s', (style, expected) =>
    expect(
      menuBackground({
        type: 'sidebar',
        font: { family: 'system', weight: 400, color: '#ffffff' },
        background: { color: '#454545bf', style },
      }),
    ).toMatchObject(expected),
  );
});
