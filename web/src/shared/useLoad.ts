import { useCallback, useEffect, useState, type DependencyList } from 'react';

export interface Loaded<T> {
  /** The last answer; kept while reloading, so the page does not flash empty. */
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  reload(): void;
  /** Replaces the data with what an action answered (the new settings after a save). */
  setData(data: T): void;
}

/** Loads data for a page or section when it mounts and whenever `deps` change; a newer load cancels the older. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setIsLoading(true);
    load(controller.signal).then(
      (value) => {
        setData(value);
        setError(null);
        setIsLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setIsLoading(false);
      },
    );
    return () => controller.abort();
    // `load` is a new closure on each render; `deps` say when it asks for something else.
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, isLoading, reload, setData };
}
