import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from './queryClient';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One change a person starts (save, send, regenerate) as a TanStack mutation: `run` calls it and resolves with how
 * it went, never rejecting; `isPending` is true meanwhile (and while `onSuccess` brings the queries it changed up to
 * date); `error` holds the last failure until the next run or `reset`. `onSuccess` is where a feature's
 * `queries.ts` puts the answer in the cache and invalidates the keys the change made stale; `onError`, for a
 * refusal that still changed something (a wrong code spends an attempt).
 */
export function useMutationAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  onSuccess?: (result: Result, args: Args, client: QueryClient) => unknown,
  onError?: (error: unknown, args: Args, client: QueryClient) => unknown,
) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationKey: [APP_KEY],
    mutationFn: (args: Args) => action(...args),
    onSuccess: (result, args) => onSuccess?.(result, args, client),
    onError: (error, args) => onError?.(error, args, client),
  });
  const { mutateAsync, reset } = mutation;
  const run = useCallback(
    async (...args: Args): Promise<Outcome<Result>> => {
      try {
        return { ok: true, value: await mutateAsync(args) };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [mutateAsync],
  );
  return { run, isPending: mutation.isPending, error: mutation.error as unknown, reset };
}
