import { guessWaitSeconds } from './player.rules';

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
