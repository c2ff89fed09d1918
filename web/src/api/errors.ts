import { MESSAGES } from '@tourly/contracts';
import { isPlainObject, toCamelCase } from './caseConversion';

/** Messages per field, keys in camelCase like the form fields; `base` holds messages about the whole request. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly fields: FieldErrors;
  /** What to show a person, in the order the server sent them. */
  readonly messages: string[];
  /** A 429's `Retry-After`: the seconds until the request may be sent again (null: not said). */
  readonly retryAfter: number | null;

  constructor(
    status: number | null,
    fields: FieldErrors,
    messages: string[],
    retryAfter: number | null = null,
  ) {
    super(messages.join('\n'));
    this.status = status;
    this.fields = fields;
    this.messages = messages;
    this.retryAfter = retryAfter;
  }
}

export function networkError(status: number | null): ApiError {
  return new ApiError(status, {}, [MESSAGES.networkProblem]);
}

export function unrecognisedError(status: number | null): ApiError {
  return new ApiError(status, {}, [MESSAGES.unrecognisedError]);
}

/**
 * Reads the `errors` member of a response: an array of messages (listed as is) or an object of field to
 * messages (listed as 'Field name - message', except `base` messages, which have no prefix).
 */
export function errorFromResponse(
  status: number,
  errors: unknown,
  retryAfter: number | null = null,
): ApiError {
  if (Array.isArray(errors)) {
    const messages = errors.filter(isString);
    if (messages.length > 0) return new ApiError(status, { base: messages }, messages, retryAfter);
  } else if (isPlainObject(errors)) {
    const fields: FieldErrors = {};
    const messages: string[] = [];
    for (const [field, value] of Object.entries(errors)) {
      const fieldMessages = (Array.isArray(value) ? value : [value]).filter(isString);
      if (fieldMessages.length === 0) continue;
      const isBase = field === 'base';
      fields[isBase ? field : toCamelCase(field)] = fieldMessages;
      const prefix = isBase ? '' : `${humanise(field)} - `;
      messages.push(...fieldMessages.map((message) => prefix + message));
    }
    if (messages.length > 0) return new ApiError(status, fields, messages, retryAfter);
  }
  return unrecognisedError(status);
}

/** `Retry-After` in seconds (the platform sends seconds, never a date); null when absent or not a number. */
export function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after');
  const seconds = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** `payment_method_id` -> `Payment method id`. */
function humanise(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
