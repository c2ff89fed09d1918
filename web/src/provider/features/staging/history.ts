/**
 * The editor's undo and redo over whole states (the scene's placements): each edit pushes the state before it.
 * `replace` changes the present without a step, so a drag is one step however many moves it makes.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back Undo reaches: older ones are let go. */
export const HISTORY_LIMIT = 100;

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new step: the present goes to the past, and what was undone can no longer be redone. */
export function pushed<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

/** The present changed in place: no step (a drag under way, after its first move pushed one). */
export const replaced = <T>(history: History<T>, next: T): History<T> => ({ ...history, present: next });

export function undone<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous as T,
    future: [history.present, ...history.future],
  };
}

export function redone<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next as T, future: rest };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
