import { MESSAGES } from '@tourly/contracts';

// The console's forms and the server's refusals (spec 002 §2, 001 §5): each field's messages next to its input
// (joined by ' & '), a message for a field the form does not have only logged, 'base' messages as a notification,
// 'The form contains N error(s)' above the buttons, and the spec's heading for a failure that is no refusal. Pure, so
// a table-driven spec holds it (serverErrors.spec.ts); `useServerSubmit` applies it.

/** A failure that is no refusal of the form's values (the network, a server error), said as the spec says it. */
export const UNEXPECTED_FAILURE = MESSAGES.formErrorsHeading;

/** 'The form contains 1 error(s)', above a form's buttons after a submission it refused. */
export const formContainsErrors = (count: number) => `The form contains ${count} error(s)`;

/** A refusal split for a form. */
export interface Refusal {
  /** The form's own fields' messages (joined by ' & '), by input source: what goes next to each input. */
  fields: Record<string, string>;
  /** Messages about the whole request ('base'), joined by ' & ': a notification. */
  base: string | null;
  /** Messages of fields the form does not have: only logged. */
  unmatched: Record<string, string>;
}

/**
 * Splits the errors react-admin reads from a refused request (`HttpError.body.errors`, as `toHttpError` makes them:
 * `{field: 'a & b', root: {serverError: 'c'}}`, fields in camelCase paths such as `pricing.discountPercent`) between
 * the inputs of a form (`formFields`, their sources), the notification and the log.
 */
export function splitRefusal(errors: unknown, formFields: readonly string[]): Refusal {
  const refusal: Refusal = { fields: {}, base: null, unmatched: {} };
  if (typeof errors !== 'object' || errors === null) return refusal;
  const known = new Set(formFields);
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    if (field === 'root') {
      const serverError = (value as { serverError?: unknown } | null)?.serverError;
      if (typeof serverError === 'string' && serverError !== '') refusal.base = serverError;
      continue;
    }
    const message = Array.isArray(value) ? value.join(' & ') : String(value);
    if (known.has(field)) refusal.fields[field] = message;
    else refusal.unmatched[field] = message;
  }
  return refusal;
}

/**
 * How many of a form's fields have an error now (react-hook-form's `errors`, nested by path): what 'The form contains
 * N error(s)' counts. The form-wide `root` errors are not a field's.
 */
export function countFieldErrors(errors: unknown): number {
  if (typeof errors !== 'object' || errors === null) return 0;
  let count = 0;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === 'root' || key === 'ref' || typeof value !== 'object' || value === null) continue;
    count += isFieldError(value) ? 1 : countFieldErrors(value);
  }
  return count;
}

/** A react-hook-form field error: `{type, message, ref}`. */
function isFieldError(value: object): boolean {
  return typeof (value as { type?: unknown }).type === 'string';
}
