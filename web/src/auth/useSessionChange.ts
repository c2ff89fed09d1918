import { useState } from 'react';
import type { Outcome } from '../shared/useMutationAction';

/**
 * Runs a request that changes the session (sign in, sign out, stop impersonating), then loads the address it
 * resolves with as a new page: the gateway writes the new session's CSRF token and role into that page, so
 * nothing has to patch the meta tags of this one. `isPending` stays true once the request succeeded, so nothing
 * can be sent again while the next page loads. `run` resolves with how it went (a form's `submit`).
 */
export function useSessionChange<Args extends unknown[]>(change: (...args: Args) => Promise<string>) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  function run(...args: Args): Promise<Outcome<string>> {
    setIsPending(true);
    setError(null);
    return change(...args).then(
      (destination) => {
        window.location.assign(destination);
        return { ok: true, value: destination };
      },
      (failure: unknown) => {
        setError(failure);
        setIsPending(false);
        return { ok: false, error: failure };
      },
    );
  }

  return { run, isPending, error };
}
