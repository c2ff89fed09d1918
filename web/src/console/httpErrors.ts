import { HttpError } from 'react-admin';
import { ApiError } from '../api/errors';

/** A request of the data provider, its ApiError turned into the HttpError react-admin reads. */
export async function withHttpErrors<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toHttpError(error);
  }
}

// react-admin notifies an HttpError's message and puts body.errors on the form: one string per field,
// messages joined by ' & ', and whole-request messages under root.serverError.
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const { base, ...fields } = error.fields;
  const formErrors: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(fields)) formErrors[field] = messages.join(' & ');
  if (base) formErrors.root = { serverError: base.join(' & ') };
  const body = Object.keys(formErrors).length > 0 ? { errors: formErrors } : undefined;
  return new HttpError(error.message, error.status, body);
}
