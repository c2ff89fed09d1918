import { guessWaitSeconds, hasPremiumLayers, showcaseSdk } from './player.rules';

describe('the wait between guesses at one tour', () => {
  it.each([
    [0, 0],
    [1, 0],
    [9, 0],
    [10, 1],
    [11, 2],
    [12, 4],
    [13, 8],
    [14, 16],
    [15, 32],
    [16, 60],
    [17, 60],
    [500, 60],
  ])('after %i wrong guesses: %i s', (wrongGuesses, seconds) => {
    expect(guessWaitSeconds(wrongGuesses)).toBe(seconds);
  });
});

describe('the Showcase SDK of a visitor’s embed', () => {
  const config = {
    MATTERPORT_SDK_URL: 'https://static.matterport.com/showcase-sdk/latest.js',
    MATTERPORT_SDK_KEY: '',
  };
  const embed = 'https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1';

  it('is none without a key: Showcase takes no SDK connection without one', () => {
    expect(showcaseSdk(embed, config)).toBeNull();
  });

  it('opens the embed with the platform’s key, which connect repeats', () => {
    expect(showcaseSdk(embed, { ...config, MATTERPORT_SDK_KEY: 'platformkey123' })).toEqual({
      url: config.MATTERPORT_SDK_URL,
      key: 'platformkey123',
      embedUrl: `${embed}&applicationKey=platformkey123`,
    });
  });

  it('keeps the key a provider gave the tour (its sdk_key URL parameter)', () => {
    const own = `${embed}&applicationKey=providerkey456`;
    for (const platformKey of ['', 'platformkey123']) {
      expect(showcaseSdk(own, { ...config, MATTERPORT_SDK_KEY: platformKey })).toEqual({
        url: config.MATTERPORT_SDK_URL,
        key: 'providerkey456',
        embedUrl: own,
      });
    }
  });
});

describe('what premium gives visitors: the layers in the 3D space', () => {
  it.each([
    [true, 20, true],
    [true, null, true],
    [false, 20, false],
    [false, null, false],
    // The free plan makes no tour premium: one marked so before a downgrade plays basic.
    [true, 0, false],
  ])('a tour premium %s on a plan of %s premium tours: layers %s', (premium, premiumTourLimit, layers) => {
    expect(hasPremiumLayers({ premium }, { premiumTourLimit })).toBe(layers);
  });
});
