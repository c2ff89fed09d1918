import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ApiError } from '../../api/errors';
import type { Outcome } from '../../shared/useMutationAction';
import type { ConsoleDataProvider } from '../dataProvider';
import { refusalOf } from '../shared/useVerb';

/**
 * A refusal split as the console shows it (002 §2): field messages beside their inputs (an ApiError of those alone,
 * for `useForm`), whatever concerns the request as a whole (a 409's illegal move, a 404) as a notification.
 */
export function splitRefusal(error: unknown): { fields: ApiError | null; notice: string | null } {
  const refusal = refusalOf(error);
  if (!(refusal instanceof ApiError)) {
    return { fields: null, notice: error instanceof Error ? error.message : String(error) };
  }
  const { base, ...fields } = refusal.fields;
  const fieldMessages = Object.values(fields).flat();
  if (fieldMessages.length === 0) return { fields: null, notice: refusal.message };
  return {
    fields: new ApiError(refusal.status, fields, fieldMessages),
    notice: base && base.length > 0 ? base.join('\n') : null,
  };
}

/**
 * Runs one of an order's verbs from its page: `isPending` meanwhile, the success notified and the page read again,
 * a refusal split (`splitRefusal`): its notice notified, its field messages handed back for the form (null when it
 * had none); after a 409 (the order moved meanwhile) the page is read again too.
 */
export function useOrderAction() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setIsPending] = useState(false);

  async function run<T>(
    verb: (provider: ConsoleDataProvider) => Promise<T>,
    success?: string | ((value: T) => string),
  ): Promise<Outcome<T>> {
    setIsPending(true);
    try {
      const value = await verb(dataProvider);
      const message = typeof success === 'function' ? success(value) : success;
      if (message) notify(message, { type: 'success', messageArgs: { _: message } });
      refresh();
      return { ok: true, value };
    } catch (error) {
      const { fields, notice } = splitRefusal(error);
      if (notice) notify(notice, { type: 'error', messageArgs: { _: notice } });
      // Someone moved the order first: the page shows where it stands now.
      if (error instanceof HttpError && error.status === 409) refresh();
      return { ok: false, error: fields };
    } finally {
      setIsPending(false);
    }
  }

  return { run, isPending };
}
