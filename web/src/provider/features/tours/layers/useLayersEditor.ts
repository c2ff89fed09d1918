import type { TourLayers } from '@tourly/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TourDraft } from './api';
import { useSaveDraftMutation } from './queries';

/** Edits are saved this long after the last one: typing a title sends one request, not one per letter. */
export const SAVE_DELAY_MS = 800;

/**
 * The layers being edited on the page, saved to the draft by themselves: each edit shows in the editors at once and
 * is sent (the whole layers, `PUT .../draft`) once edits pause, one save at a time, so the last edit always wins.
 * `flush` sends what waits now (before publishing, on leaving the tab); `reset` takes the layers a discard or a
 * publish answered; `absorb` shows a change another route saved. A refused save keeps the edits on the page with the server's messages (`refusal`).
 */
export function useLayersEditor(tourId: string, draft: TourDraft | undefined) {
  const save = useSaveDraftMutation();
  const [layers, setLayers] = useState<TourLayers | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const latest = useRef<TourLayers | null>(null);
  const dirty = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<boolean>>(Promise.resolve(true));
  const { run } = save;

  // The draft as first read; later answers do not overwrite edits made meanwhile.
  useEffect(() => {
    if (draft && latest.current === null) {
      latest.current = draft.state;
      setLayers(draft.state);
    }
  }, [draft]);

  const flush = useCallback((): Promise<boolean> => {
    window.clearTimeout(timer.current);
    const sending = inFlight.current.then(async () => {
      if (!dirty.current || !latest.current) return true;
      const state = latest.current;
      dirty.current = false;
      const outcome = await run(tourId, state);
      if (!outcome.ok) dirty.current = true;
      setUnsaved(dirty.current);
      return outcome.ok;
    });
    inFlight.current = sending;
    return sending;
  }, [run, tourId]);

  const edit = useCallback(
    (change: (current: TourLayers) => TourLayers) => {
      if (!latest.current) return;
      const next = change(latest.current);
      latest.current = next;
      dirty.current = true;
      setLayers(next);
      setUnsaved(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  /** A change the server already holds (the guided tour, saved by its own route): shown, not sent again. */
  const absorb = useCallback((change: (current: TourLayers) => TourLayers) => {
    if (!latest.current) return;
    latest.current = change(latest.current);
    setLayers(latest.current);
  }, []);

  const reset = useCallback((next: TourLayers) => {
    window.clearTimeout(timer.current);
    dirty.current = false;
    latest.current = next;
    setLayers(next);
    setUnsaved(false);
  }, []);

  // Leaving the tab (or the page) sends what waits.
  useEffect(() => () => void flush(), [flush]);

  return {
    layers,
    edit,
    absorb,
    flush,
    reset,
    /** Edits not yet saved (waiting, being sent, or refused). */
    unsaved,
    saving: save.isPending,
    refusal: save.error,
  };
}

export type LayersEditor = ReturnType<typeof useLayersEditor>;
