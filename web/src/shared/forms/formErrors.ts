import { ApiError } from '../../api/errors';

export interface FormErrors<Field extends string> {
  /** What the alert above the form shows: messages about the request as a whole, or why it failed; null: none. */
  alert: unknown;
  fields: Partial<Record<Field, string[]>>;
}

/**
 * Splits a failed request's errors for a form: the messages of its fields go under them (`fields` maps each
 * form field to the server's name for it, as the client reads it: 'user.email'), the rest to the alert.
 */
export function formErrors<Field extends string>(
  error: unknown,
  fields: Record<Field, string>,
): FormErrors<Field> {
  if (error === null || error === undefined) return { alert: null, fields: {} };
  if (!(error instanceof ApiError)) return { alert: error, fields: {} };
  const found: Partial<Record<Field, string[]>> = {};
  const claimed = new Set<string>();
  for (const [field, serverName] of Object.entries(fields) as Array<[Field, string]>) {
    const messages = error.fields[serverName];
    if (messages) {
      found[field] = messages;
      claimed.add(serverName);
    }
  }
  if (claimed.size === 0) return { alert: error, fields: {} };
  // Messages of fields the form does not show still reach the person, named (spec 001 §5: 'field: message').
  const rest = Object.entries(error.fields).flatMap(([name, messages]) =>
    claimed.has(name) ? [] : name === 'base' ? messages : messages.map((message) => `${name}: ${message}`),
  );
  return { alert: rest.length > 0 ? rest : null, fields: found };
}
