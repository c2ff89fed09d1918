import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSpace } from '../../../tour/space';
import { useAnalytics } from '../../analyticsContext';
import { fetchGuidedTour } from './api';
import { GuidedPlayer, type After, type GuidedState, type Narrator, type PlayerStop } from './guided-player';
import '../layers.css';

/**
 * The visitor's guided tour (a layer in the space, loaded lazily when the tour has it): a bar with the stop's title
 * and text, play or pause, back and forward. It starts by itself when the layer says autoplay, once the space is
 * there (the camera can move); without the space the stops still show one after another.
 */
export default function GuidedLayer({ tourId }: { tourId: string }) {
  const { t } = useTranslation();
  const analytics = useAnalytics();
  const [tour, setTour] = useState<GuidedTour | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchGuidedTour(tourId, abort.signal).then(
      ({ layer, stops }) =>
        setTour(layer.enabled ? { autoplay: layer.autoplay, loop: layer.loop, stops } : null),
      () => setTour(null),
    );
    return () => abort.abort();
  }, [tourId]);

  const words: GuidedWords = {
    guidedTour: t('guidedTour'),
    stopOf: (number, count) => t('guidedStopOf', { number, count }),
    previous: t('guidedPrevious'),
    pause: t('guidedPause'),
    play: t('guidedPlay'),
    next: t('guidedNext'),
  };
  return tour ? (
    <GuidedTourBar tour={tour} words={words} onPlay={() => analytics.record('guided_tour_played')} />
  ) : null;
}

export interface GuidedTour {
  autoplay: boolean;
  loop: boolean;
  stops: PlayerStop[];
}

/** The bar's words: the visitor's language in the player, English in the provider's preview. */
export interface GuidedWords {
  guidedTour: string;
  stopOf(number: number, count: number): string;
  previous: string;
  pause: string;
  play: string;
  next: string;
}

export const ENGLISH_GUIDED_WORDS: GuidedWords = {
  guidedTour: 'Guided tour',
  stopOf: (number, count) => `Stop ${number} of ${count}`,
  previous: 'Back',
  pause: 'Pause',
  play: 'Play',
  next: 'Next',
};

/**
 * The guided tour's bar over the space, playing `tour` (the visitor's, or the provider's stops in the preview).
 * `onPlay`: each start of playing, by the visitor or by autoplay.
 */
export function GuidedTourBar({
  tour,
  words,
  onPlay,
}: {
  tour: GuidedTour;
  words: GuidedWords;
  onPlay?: () => void;
}) {
  const space = useSpace();
  const [state, setState] = useState<GuidedState>({ index: 0, playing: false, unreachable: false });
  const started = useRef(false);
  /** Each start of playing, by the visitor or by autoplay, is told to `onPlay`. */
  const play = (guided: GuidedPlayer) => {
    guided.play();
    onPlay?.();
  };

  const player = useMemo(() => {
    if (tour.stops.length === 0) return null;
    return new GuidedPlayer(space, tour.stops, { loop: tour.loop }, audioNarrator(), pageTimer, setState);
  }, [tour, space]);

  useEffect(() => {
    if (!player) return;
    if (tour.autoplay && space && !started.current) {
      started.current = true;
      play(player);
    }
    return () => player.close();
  }, [player]);

  if (!player) return null;
  const index = Math.min(state.index, tour.stops.length - 1);
  const stop = tour.stops[index]!;
  return (
    <section className="layer-guided" aria-label={words.guidedTour}>
      <p className="layer-guided-count">{words.stopOf(index + 1, tour.stops.length)}</p>
      <h2 className="layer-guided-title">{stop.title}</h2>
      {stop.text && <p className="layer-guided-text">{stop.text}</p>}
      <div className="layer-guided-controls">
        <button type="button" onClick={() => player.previous()} disabled={index === 0}>
          {words.previous}
        </button>
        {state.playing ? (
          <button type="button" onClick={() => player.pause()}>
            {words.pause}
          </button>
        ) : (
          <button type="button" onClick={() => play(player)}>
            {words.play}
          </button>
        )}
        <button
          type="button"
          onClick={() => player.next()}
          disabled={index === tour.stops.length - 1 && !tour.loop}
        >
          {words.next}
        </button>
      </div>
    </section>
  );
}

/** The page's timers (a test's clock runs them forward). */
const pageTimer: After = (ms, run) => {
  const id = window.setTimeout(run, ms);
  return () => window.clearTimeout(id);
};

/** Narrations through one audio element: the next stop's replaces the last. */
function audioNarrator(): Narrator {
  const audio = new Audio();
  audio.preload = 'auto';
  return {
    play: (url) =>
      new Promise<void>((resolve, reject) => {
        audio.onended = () => resolve();
        audio.onerror = () => reject(new Error('the narration cannot play'));
        audio.src = url;
        audio.play().catch(reject);
      }),
    stop: () => {
      audio.onended = null;
      audio.onerror = null;
      audio.pause();
    },
  };
}
