/** The wayfinding layer as the player and the editor hold it (the API's answer, camelCased). */
export interface WayfindingPointData {
  id: string;
  name: string;
  sweep: string;
  rotation: { x: number; y: number } | null;
}

export interface WayfindingJourneyData {
  id: string;
  name: string;
  from: string;
  to: string;
}

export interface WayfindingLayerData {
  points: WayfindingPointData[];
  journeys: WayfindingJourneyData[];
}

export interface WayfindingWords {
  findYourWay: string;
  close: string;
  stop: string;
  needsTheSpace: string;
  step(step: number, steps: number): string;
  arrived(place: string): string;
  stopped(step: number, steps: number): string;
  noWay(place: string): string;
  failed(place: string): string;
}

export const ENGLISH_WAYFINDING_WORDS: WayfindingWords = {
  findYourWay: 'Find your way',
  close: 'Close',
  stop: 'Stop',
  needsTheSpace: 'Journeys start once the 3D tour has loaded.',
  step: (step, steps) => `Step ${step} of ${steps}`,
  arrived: (place) => `You have arrived: ${place}.`,
  stopped: (step, steps) => `Stopped at step ${step} of ${steps}.`,
  noWay: (place) => `No way to ${place} was found in this tour.`,
  failed: (place) => `The way to ${place} is blocked; try again.`,
};
