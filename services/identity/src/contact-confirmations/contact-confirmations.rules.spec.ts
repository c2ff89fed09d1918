import { CODE_EXPIRED, confirmationState, wrongGuess } from './contact-confirmations.rules';

const confirmed = new Date('2026-01-01T10:00:00Z');
const expires = new Date('2026-01-01T10:15:00Z');

describe("a contact's confirmation state", () => {
  it.each([
    [
      'confirmed, no code',
      confirmed,
      null,
      null,
      { status: 'confirmed', codeExpiresAt: null, attemptsLeft: null },
    ],
    [
      'confirmed, a code about',
      confirmed,
      expires,
      2,
      { status: 'confirmed', codeExpiresAt: null, attemptsLeft: null },
    ],
    ['no live code', null, null, null, { status: 'unconfirmed', codeExpiresAt: null, attemptsLeft: null }],
    ['a fresh code', null, expires, 0, { status: 'pending', codeExpiresAt: expires, attemptsLeft: 5 }],
    [
      'a code guessed wrong four times',
      null,
      expires,
      4,
      { status: 'pending', codeExpiresAt: expires, attemptsLeft: 1 },
    ],
  ])('%s', (_case, confirmedAt, codeExpiresAt, attempts, state) => {
    expect(confirmationState({ confirmedAt, codeExpiresAt, attempts })).toEqual(state);
  });
});

describe('the answer to a wrong guess', () => {
  it.each([
    [1, 'is incorrect; 4 attempts left'],
    [3, 'is incorrect; 2 attempts left'],
    [4, 'is incorrect; 1 attempt left'],
    [5, CODE_EXPIRED],
    [6, CODE_EXPIRED],
  ])('guess %i: %s', (attempts, answer) => {
    expect(wrongGuess(attempts)).toBe(answer);
  });
});
