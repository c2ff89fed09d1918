/**
 * The per-account slow-down of sign-in (ASVS 2.2.1): wrong passwords are counted per account from every address,
 * and past a few each further attempt waits longer, up to a ceiling; never a lock.
 */

/** Wrong passwords an account takes, from any address, before each further attempt has to wait. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The first wait; each failure after it doubles the wait, up to the longest. */
export const FIRST_WAIT_SECONDS = 30;
export const LONGEST_WAIT_SECONDS = 15 * 60;
/** An account's failures are forgotten this long after the last one. */
export const ACCOUNT_FAILURES_KEPT = '24 hours';

/** How long after its last failure an account with this many failures may be tried again. */
export function accountWaitSeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

/**
 * The waits by failures so far (index 0 upwards), ending at the first longest wait, which holds for every count
 * after it: the database applies the rule from this list, so the rule is written once.
 */
export const ACCOUNT_WAITS: readonly number[] = (() => {
  const waits: number[] = [];
  for (let failures = 0; waits.at(-1) !== LONGEST_WAIT_SECONDS; failures++) {
    waits.push(accountWaitSeconds(failures));
  }
  return waits;
})();

/** A wait as a person reads it: up to a minute in tens of seconds, then in whole minutes, rounded up. */
export function waitInWords(seconds: number): string {
  if (seconds <= 50) {
    const tens = Math.max(10, Math.ceil(seconds / 10) * 10);
    return `${tens} seconds`;
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429's words when an account has to wait `seconds` before it is tried again. */
export function accountSlowedMessage(seconds: number): string {
  return `Too many failed sign-ins to this account. Please wait ${waitInWords(seconds)} and try again, or reset your password.`;
}
