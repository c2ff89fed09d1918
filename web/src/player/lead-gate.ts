/**
 * The lead gate's count (issue 33): the distinct positions (Showcase sweeps) a visitor has entered. A visitor sees
 * `sweeps` of them freely, walking back and forth among them as they like; entering one more closes the gate, and it
 * stays closed, wherever they go, until they send their details. Nothing of it is kept in the browser: a reload
 * counts again from the start.
 */
export interface GateCount {
  seen: readonly string[];
  closed: boolean;
}

export const OPEN_GATE: GateCount = { seen: [], closed: false };

/** The count after the visitor entered `sweep`, for a gate of `sweeps` positions. */
export function entered(count: GateCount, sweep: string, sweeps: number): GateCount {
  if (count.closed || count.seen.includes(sweep)) return count;
  if (count.seen.length >= sweeps) return { ...count, closed: true };
  return { ...count, seen: [...count.seen, sweep] };
}
