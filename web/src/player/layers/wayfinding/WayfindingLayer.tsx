import { useEffect, useId, useRef, useState } from 'react';
import { useSpace } from '../../../tour/space';
import { walkJourney, type JourneyProgress } from './journey';
import { findPath } from './path';
import {
  ENGLISH_WAYFINDING_WORDS,
  type WayfindingJourneyData,
  type WayfindingLayerData,
  type WayfindingWords,
} from './types';
import './wayfinding.css';

type Walk =
  | { journey: WayfindingJourneyData; progress: JourneyProgress }
  | { journey: WayfindingJourneyData; progress: { state: 'no-way' } };

/**
 * The journeys of a tour ("Take me to the kitchen"), over the 3D space: a button opens their list; a journey walks
 * the visitor from its start to its end sweep by sweep (the fewest moves over the space's neighbours), saying each
 * step ("Step 2 of 5") in a live region, with Stop, and saying when they have arrived. Without the space (Showcase's
 * SDK not connected, or never) the list shows, its journeys disabled, with why.
 */
export function WayfindingLayer({
  layer,
  words = ENGLISH_WAYFINDING_WORDS,
}: {
  layer: WayfindingLayerData;
  words?: WayfindingWords;
}) {
  const space = useSpace();
  const [open, setOpen] = useState(false);
  const [walk, setWalk] = useState<Walk | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const listId = useId();
  useEffect(() => () => stopper.current?.abort(), []);
  if (layer.journeys.length === 0) return null;
  const points = new Map(layer.points.map((point) => [point.id, point]));
  const walking = walk?.progress.state === 'walking';

  async function follow(journey: WayfindingJourneyData) {
    const from = points.get(journey.from);
    const to = points.get(journey.to);
    if (!space || !from || !to) return;
    stopper.current?.abort();
    const controller = new AbortController();
    stopper.current = controller;
    setOpen(false);
    const path = findPath(await space.sweeps(), from.sweep, to.sweep);
    if (controller.signal.aborted) return;
    if (!path) {
      setWalk({ journey, progress: { state: 'no-way' } });
      return;
    }
    await walkJourney(space, path, {
      signal: controller.signal,
      arrivalRotation: to.rotation,
      onProgress: (progress) => setWalk({ journey, progress }),
    });
  }

  const placeOf = (journey: WayfindingJourneyData) => points.get(journey.to)?.name ?? journey.name;
  return (
    <div className="wayfinding">
      <button
        type="button"
        className="wayfinding-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? words.close : words.findYourWay}
      </button>
      {open && (
        <div id={listId} className="wayfinding-list">
          {!space && <p className="wayfinding-hint">{words.needsTheSpace}</p>}
          <ul>
            {layer.journeys.map((journey) => (
              <li key={journey.id}>
                <button type="button" disabled={!space || walking} onClick={() => void follow(journey)}>
                  {journey.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="wayfinding-status" role="status" aria-live="polite">
        {walk && <span>{statusOf(walk, placeOf(walk.journey), words)}</span>}
        {walking && (
          <button type="button" onClick={() => stopper.current?.abort()}>
            {words.stop}
          </button>
        )}
      </div>
    </div>
  );
}

function statusOf(walk: Walk, place: string, words: WayfindingWords): string {
  const { progress } = walk;
  switch (progress.state) {
    case 'walking':
      return `${walk.journey.name}: ${words.step(progress.step, progress.steps)}`;
    case 'arrived':
      return words.arrived(place);
    case 'stopped':
      return words.stopped(progress.step, progress.steps);
    case 'failed':
      return words.failed(place);
    case 'no-way':
      return words.noWay(place);
  }
}
