import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
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

/** A failed verb's message for one form field, as the data provider puts it on HttpError bodies. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  const message = errors?.[field];
  return typeof message === 'string' ? message : undefined;
}
