export const MAX_ATTEMPTS = 5;

export type ConfirmationStatus = 'confirmed' | 'pending' | 'unconfirmed';

export const CODE_EXPIRED = 'has expired; ask for a new code';
export const codeIncorrect = (attemptsLeft: number) =>
  `is incorrect; ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`;

/**
 * A contact's state: confirmed once confirmed, whatever codes are about; else pending while a live code waits
 * (with its expiry and the guesses left), else unconfirmed.
 */
export function confirmationState(contact: {
  confirmedAt: Date | null;
  codeExpiresAt: Date | null;
  attempts: number | null;
}): { status: ConfirmationStatus; codeExpiresAt: Date | null; attemptsLeft: number | null } {
  if (contact.confirmedAt) return { status: 'confirmed', codeExpiresAt: null, attemptsLeft: null };
  if (!contact.codeExpiresAt) return { status: 'unconfirmed', codeExpiresAt: null, attemptsLeft: null };
  return {
    status: 'pending',
    codeExpiresAt: contact.codeExpiresAt,
    attemptsLeft: MAX_ATTEMPTS - (contact.attempts ?? 0),
  };
}

/** What a wrong guess answers, `attempts` counting it: the guesses left, or that the code is spent. */
export function wrongGuess(attempts: number): string {
  return attempts >= MAX_ATTEMPTS ? CODE_EXPIRED : codeIncorrect(MAX_ATTEMPTS - attempts);
}
