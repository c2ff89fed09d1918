export const PHONE_NUMBER_MIN_LENGTH = 6;
export const PHONE_NUMBER_MAX_LENGTH = 30;
const PHONE_NUMBER_MIN_DIGITS = 6;
const PHONE_NUMBER_CHARACTERS = /^[0-9 +().-]+$/;

/**
 * What is wrong with a phone number as the person typed it (trimmed), or null when visitors can be shown it:
 * 6 to 30 characters, only digits, spaces and `+ - ( ) .`, at least 6 of them digits. Formats differ too much
 * by country to check more; the migration's `users_phone_number_ck` holds the same rule.
 */
export function phoneNumberProblem(phoneNumber: string): string | null {
  if (phoneNumber.length < PHONE_NUMBER_MIN_LENGTH)
    return `must be at least ${PHONE_NUMBER_MIN_LENGTH} characters`;
  if (phoneNumber.length > PHONE_NUMBER_MAX_LENGTH)
    return `must be at most ${PHONE_NUMBER_MAX_LENGTH} characters`;
  if (!PHONE_NUMBER_CHARACTERS.test(phoneNumber)) return 'may contain only digits, spaces and + - ( ) .';
  if (phoneNumber.replace(/\D/g, '').length < PHONE_NUMBER_MIN_DIGITS)
    return `must contain at least ${PHONE_NUMBER_MIN_DIGITS} digits`;
  return null;
}
