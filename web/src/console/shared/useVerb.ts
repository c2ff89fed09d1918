import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ApiError, type FieldErrors } from '../../api/errors';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * Runs one of the data provider's business verbs from a button: `isPending` meanwhile, the server's message
 * notified on failure (and handed back, for a form to show under its fields), the list refreshed on success.
 */
export function useVerb() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setIsPending] = useState(false);

  async function run(
    verb: (provider: ConsoleDataProvider) => Promise<unknown>,
    success?: string,
  ): Promise<{ ok: true } | { ok: false; error: unknown }> {
    setIsPending(true);
    try {
      await verb(dataProvider);
      if (success) notify(success, { type: 'success', messageArgs: { _: success } });
      refresh();
      return { ok: true };
    } catch (error) {
      const message = error instanceof HttpError || error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return { ok: false, error };
    } finally {
      setIsPending(false);
    }
  }

  return { run, isPending };
}

/**
 * A failed request's refusal back in the platform's shape, for `useForm`: the data provider hands react-admin
 * HttpErrors (one string per field, messages joined by ' & ', whole-request ones under root.serverError).
 */
export function refusalOf(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(errors)) {
    if (typeof value === 'string') fields[field] = value.split(' & ');
  }
  const root = errors.root as { serverError?: unknown } | undefined;
  if (typeof root?.serverError === 'string') fields.base = root.serverError.split(' & ');
  return new ApiError(error.status, fields, error.message.split('\n'));
}
