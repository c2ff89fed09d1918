import { useCallback, useEffect, useRef, useState } from 'react';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One action a person starts (save, send, regenerate): `run` calls it and resolves with how it went, never
 * rejecting; `isPending` is true meanwhile and `error` holds the last failure until the next run or `reset`.
 */
export function useAction<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The latest action, so `run` stays the same function while the component renders new closures.
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });

  const run = useCallback(async (...args: Args): Promise<Outcome<Result>> => {
    setIsPending(true);
    setError(null);
    try {
      const value = await latest.current(...args);
      return { ok: true, value };
    } catch (failure) {
      setError(failure);
      return { ok: false, error: failure };
    } finally {
      setIsPending(false);
    }
  }, []);

  const reset = useCallback(() => setError(null), []);
  return { run, isPending, error, reset };
}
