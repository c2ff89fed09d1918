import { playsSomething } from '../src/audio-tours';

describe('an audio tour', () => {
  it.each([
    ['nothing', { backgroundMusic: null, roomNarrations: [], spatialSources: [] }, false],
    ['music', { backgroundMusic: { id: 'm' }, roomNarrations: [], spatialSources: [] }, true],
    [
      'a room narrated',
      { backgroundMusic: null, roomNarrations: [{ room: 'Kitchen' }], spatialSources: [] },
      true,
    ],
    [
      'a sound in the space',
      { backgroundMusic: null, roomNarrations: [], spatialSources: [{ id: 's' }] },
      true,
    ],
  ])('plays something with %s: %s', (_name, tour, expected) => {
    expect(playsSomething(tour)).toBe(expected);
  });
});
