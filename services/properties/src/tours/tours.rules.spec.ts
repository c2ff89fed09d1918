import { defaultUrlParameters } from '@tourly/contracts';
import {
  brandingChange,
  embedCode,
  embedUrl,
  hashTourPassword,
  mediaOf,
  namespaceSlug,
  parameterChange,
  parametersView,
  storedParameters,
  tourLinks,
  tourPasswordMatches,
  withDefaults,
  DEFAULT_SETUP,
} from './tours.rules';

describe('tours rules', () => {
  const path = { clientSlug: 'ab12cd34', modelSlug: 'seaside-villa' };

  it('addresses a link on the app, on the active white-label domain, else on the subdomain, else none', () => {
    expect(tourLinks('http://localhost:3000', path, null)).toEqual({
      default: 'http://localhost:3000/tours/ab12cd34/seaside-villa',
      whiteLabel: null,
      mls: 'http://localhost:3000/tours/ab12cd34/seaside-villa/mls',
    });
    expect(
      tourLinks('https://app.tourly.app/', path, {
        subdomain: 'harbour',
        whitelabelDomain: 'tours.harbour.com',
      }).whiteLabel,
    ).toBe('https://tours.harbour.com/tours/ab12cd34/seaside-villa');
    expect(
      tourLinks('http://localhost:3000', path, { subdomain: 'harbour', whitelabelDomain: null }).whiteLabel,
    ).toBe('http://harbour.localhost:3000/tours/ab12cd34/seaside-villa');
    expect(
      tourLinks('http://localhost:3000', path, { subdomain: null, whitelabelDomain: null }).whiteLabel,
    ).toBeNull();
  });

  it('embeds the default link in an iframe, escaped', () => {
    expect(embedCode('https://x.test/tours/a/b?x=1&y="2"')).toBe(
      '<iframe src="https://x.test/tours/a/b?x=1&amp;y=&quot;2&quot;" width="100%" height="480" frameborder="0" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>',
    );
  });

  it('builds the Showcase URL from the model, its start position and the parameters away from the defaults', () => {
    const values = { ...defaultUrlParameters(), quickstart: 1, help: 0 };
    expect(
      embedUrl('https://my.matterport.com/show/', { key: 'SxQL3iGyoDo', startPosition: null }, values),
    ).toBe('https://my.matterport.com/show/?m=SxQL3iGyoDo&qs=1');
    expect(
      embedUrl(
        'http://127.0.0.1:9/matterport/show/',
        { key: 'abcde', startPosition: 'ss=3&sr=-1.2' },
        values,
      ),
    ).toBe('http://127.0.0.1:9/matterport/show/?m=abcde&ss=3&sr=-1.2&qs=1');
  });

  it('checks URL parameters against the catalogue, by their snake_case names', () => {
    // The wire's keys arrive camelCased.
    expect(parameterChange({ autoPlay: 1, tourStartDelay: 600, language: 'de', help: null })).toEqual({
      change: { auto_play: 1, tour_start_delay: 600, language: 'de', help: null },
      errors: {},
    });
    expect(
      parameterChange({
        help: 3,
        tourStartDelay: 1.5,
        transitionMs: -1,
        language: 'DE',
        sdkKey: 7,
        nope: 1,
        qs: 1,
      }).errors,
    ).toEqual({
      help: ['must be one of 0, 1, 2'],
      tour_start_delay: ['must be between 0 and 600'],
      transition_ms: ['must be between 0 and 20000'],
      language: ['is not valid'],
      sdk_key: ['is not valid'],
      nope: ['is not a URL parameter'],
      qs: ['is not a URL parameter'],
    });
    expect(parameterChange({ quickstart: '1' }).errors).toEqual({ quickstart: ['must be one of 0, 1'] });
  });

  it('keeps only values away from the defaults, and answers every parameter with the query', () => {
    expect(storedParameters({ quickstart: 1, help: 2 }, { help: null, dollhouse: 1, title: 0 })).toEqual({
      quickstart: 1,
      title: 0,
    });
    expect(storedParameters({ gone: 1 })).toEqual({});
    expect(parametersView({ title: 0, quickstart: 1 })).toEqual({
      values: { ...defaultUrlParameters(), title: 0, quickstart: 1 },
      query: 'qs=1&title=0',
    });
  });

  it('saves the branding keys sent; the client part only when the form says it changed', () => {
    expect(
      brandingChange({ clientName: 'A', providerName: 'B', primaryColor: null, clientUrl: undefined }, false),
    ).toEqual({ providerName: 'B', primaryColor: null });
    expect(brandingChange({ clientName: 'A', clientLogoUrl: null, providerUrl: '' }, true)).toEqual({
      clientName: 'A',
      clientLogoUrl: null,
      providerUrl: null,
    });
  });

  it('keeps the media fields its type uses', () => {
    expect(mediaOf({ type: 'no_media', url: 'https://x.test', mediaId: 'x', size: 'large' })).toEqual({
      type: 'no_media',
      subType: null,
      size: 'medium',
      url: null,
      mediaId: null,
    });
    expect(mediaOf({ type: 'rich', url: 'https://x.test', mediaId: 'x', subType: 'rich_billboard' })).toEqual(
      {
        type: 'rich',
        subType: 'rich_billboard',
        size: 'medium',
        url: 'https://x.test',
        mediaId: null,
      },
    );
    expect(mediaOf({ type: 'video', url: 'https://x.test', mediaId: 'v' })).toMatchObject({
      url: null,
      mediaId: 'v',
    });
  });

  it('lays stored settings over the defaults, ignoring keys no longer known', () => {
    expect(withDefaults(DEFAULT_SETUP, { showMap: false, retired: 1 } as never)).toEqual({
      ...DEFAULT_SETUP,
      showMap: false,
    });
  });

  it('draws namespace slugs of 8 lowercase letters and digits', () => {
    const slugs = Array.from({ length: 200 }, namespaceSlug);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]{8}$/);
    expect(new Set(slugs).size).toBe(200);
  });

  it('hashes tour passwords with scrypt and a salt of their own', async () => {
    const [a, b] = await Promise.all([hashTourPassword('open sesame'), hashTourPassword('open sesame')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await tourPasswordMatches(a, 'open sesame')).toBe(true);
    expect(await tourPasswordMatches(a, 'open sesame!')).toBe(false);
    expect(await tourPasswordMatches('argon2$whatever', 'open sesame')).toBe(false);
    expect(await tourPasswordMatches('scrypt$3$8$1$c2FsdA$aGFzaA', 'open sesame')).toBe(false);
  });
});
