import type { SpacePose, SpaceSweep } from '../../../../tour/space';
import type { WayfindingLayer } from './api';

type Point = WayfindingLayer['points'][number];

/**
 * A new point where the preview's camera stands (its sweep, and where it looks, kept for the arrival), with an id no
 * point of the layer has; null when the camera stands at no sweep (the dollhouse, the floor plan, a move).
 */
export function pointAtPose(pose: SpacePose, name: string, points: readonly Point[]): Point | null {
  if (!pose.sweep || pose.mode !== 'inside') return null;
  const ids = new Set(points.map((point) => point.id));
  let number = points.length + 1;
  while (ids.has(`point-${number}`)) number++;
  return {
    id: `point-${number}`,
    name: name.trim() || `Place ${number}`,
    sweep: pose.sweep,
    rotation: { x: round(pose.rotation.x), y: round(pose.rotation.y) },
  };
}

const round = (degrees: number) => Math.round(degrees * 10) / 10;

/** The ids of the points whose sweep the space does not have (a point from another scan): flagged in the editor. */
export function pointsNotInSpace(points: readonly Point[], sweeps: readonly SpaceSweep[]): Set<string> {
  const known = new Set(sweeps.map((sweep) => sweep.sid));
  return new Set(points.filter((point) => !known.has(point.sweep)).map((point) => point.id));
}

/** The layer without a point, and without the journeys that started or ended there. */
export function withoutPoint(layer: WayfindingLayer, pointId: string): WayfindingLayer {
  return {
    points: layer.points.filter((point) => point.id !== pointId),
    journeys: layer.journeys.filter((journey) => journey.from !== pointId && journey.to !== pointId),
  };
}

/** A new journey between the first two points (the editor then picks its ends), with an unused id. */
export function newJourney(layer: WayfindingLayer): WayfindingLayer['journeys'][number] | null {
  const [from, to] = layer.points;
  if (!from || !to) return null;
  const ids = new Set(layer.journeys.map((journey) => journey.id));
  let number = layer.journeys.length + 1;
  while (ids.has(`journey-${number}`)) number++;
  return { id: `journey-${number}`, name: `Take me to ${to.name}`, from: from.id, to: to.id };
}
