import {
  FONT_FAMILIES,
  FONT_OPTIONS,
  FONT_WEIGHT_NAMES,
  FONT_WEIGHTS,
  fontOption,
  isWebFont,
  specFontWeight,
} from '@tourly/contracts';

describe('fonts (002 §3 font option; 002 constants font weights)', () => {
  it('has the spec’s four weights, named as the spec names them', () => {
    expect(FONT_WEIGHTS).toEqual([300, 400, 700, 900]);
    expect(FONT_WEIGHTS.map((weight) => FONT_WEIGHT_NAMES[weight])).toEqual([
      'Light',
      'Normal',
      'Bold',
      'Black',
    ]);
  });

  it.each([
    [300, 300],
    [400, 400],
    [500, 400],
    [600, 700],
    [700, 700],
    [900, 900],
    [100, null],
    [800, null],
    [450, null],
  ])('reads a stored weight %p as %p', (stored, spec) => expect(specFontWeight(stored)).toBe(spec));

  it('offers every family once, each with its family, variants and subsets', () => {
    expect(FONT_OPTIONS.map((option) => option.family)).toEqual([...FONT_FAMILIES]);
    expect(
      FONT_OPTIONS.map(({ family, name, variants, subsets, source }) => [
        family,
        name,
        variants,
        subsets,
        source,
      ]),
    ).toEqual([
      ['system', 'System sans-serif', FONT_WEIGHTS, [], 'system'],
      ['serif', 'Serif', FONT_WEIGHTS, [], 'system'],
      ['mono', 'Monospace', FONT_WEIGHTS, [], 'system'],
      ['rounded', 'Rounded', FONT_WEIGHTS, [], 'system'],
      ['lato', 'Lato', FONT_WEIGHTS, ['latin', 'latin-ext'], 'web'],
      [
        'montserrat',
        'Montserrat',
        FONT_WEIGHTS,
        ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
        'web',
      ],
      [
        'merriweather',
        'Merriweather',
        FONT_WEIGHTS,
        ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
        'web',
      ],
      [
        'source-sans-3',
        'Source Sans 3',
        FONT_WEIGHTS,
        ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'],
        'web',
      ],
    ]);
    expect(fontOption('lato').name).toBe('Lato');
    expect(FONT_FAMILIES.filter(isWebFont)).toEqual(['lato', 'montserrat', 'merriweather', 'source-sans-3']);
  });
});
