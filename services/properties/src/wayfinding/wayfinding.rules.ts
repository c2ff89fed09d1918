/**
 * The wayfinding layer's rules (no I/O): its limits, its words, and which journeys name points the layer does not
 * have. The way itself is found by the player over the space's sweeps (web/src/player/layers/wayfinding/path.ts):
 * the API does not know a scan's sweeps.
 */

export const WAYFINDING_LIMITS = { points: 50, journeys: 50, name: 80 } as const;

export const WAYFINDING_MESSAGES = {
  badId: 'must be 1 to 40 characters without spaces',
  duplicateId: 'lists the same id twice',
  badSweep: 'is not a sweep id (letters, digits, - and _)',
  unknownPoint: 'is not one of the layer’s points',
  sameEnds: 'must be another point than where the journey starts',
} as const;

export interface WayfindingPoint {
  id: string;
  name: string;
  sweep: string;
  rotation: { x: number; y: number } | null;
}

export interface WayfindingJourney {
  id: string;
  name: string;
  from: string;
  to: string;
}

export interface WayfindingLayer {
  points: WayfindingPoint[];
  journeys: WayfindingJourney[];
}

/** The ids listed more than once (items without a text id are left to their own validation). */
export function duplicateIds(items: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/**
 * The first end of a journey that names no point of the layer, as the field to blame
 * (`journeys.2.to`); null: every journey goes between the layer's points.
 */
export function unknownJourneyEnd(layer: WayfindingLayer): string | null {
  const points = new Set(layer.points.map((point) => point.id));
  for (const [index, journey] of layer.journeys.entries()) {
    for (const end of ['from', 'to'] as const) {
      if (!points.has(journey[end])) return `journeys.${index}.${end}`;
    }
  }
  return null;
}

/** The layer as stored: what was sent, in its order, without anything else a client added. */
export function wayfindingLayerOf(form: WayfindingLayer): WayfindingLayer {
  return {
    points: form.points.map(({ id, name, sweep, rotation }) => ({
      id,
      name,
      sweep,
      rotation: rotation ? { x: rotation.x, y: rotation.y } : null,
    })),
    journeys: form.journeys.map(({ id, name, from, to }) => ({ id, name, from, to })),
  };
}
