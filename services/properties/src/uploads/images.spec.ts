import { isSquare } from './images';

describe('what an image is', () => {
  it.each([
    [1000, 1000, true],
    [1200, 1000, true],
    [1000, 1200, true], // 0.833: within 0.2 of 1
    [1201, 1000, false],
    [1000, 1250, true], // 0.8 exactly
    [1000, 1260, false],
    [0, 100, false],
  ])('%i x %i is square: %s (001 §9: aspect ratio within 0.2 of 1)', (width, height, square) => {
    expect(isSquare(width, height)).toBe(square);
  });
});
