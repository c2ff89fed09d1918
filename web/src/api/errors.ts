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

  constructor(status: number | null, fields: FieldErrors, messages: string[]) {
    super(messages.join('\n'));
    this.status = status;
    this.fields = fields;
    this.messages = messages;
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
export function errorFromResponse(status: number, errors: unknown): ApiError {
  if (Array.isArray(errors)) {
    const messages = errors.filter(isString);
    if (messages.length > 0) return new ApiError(status, { base: messages }, messages);
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
    if (messages.length > 0) return new ApiError(status, fields, messages);
  }
  return unrecognisedError(status);
}

/** `payment_method_id` -> `Payment method id`. */
function humanise(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
