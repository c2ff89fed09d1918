import { useId } from 'react';
import type { AnalyticsPlace } from '../api';
import { floorLabel, formatCount, formatRatio, formatSeconds, placeLabel } from '../format';

/** From a pale yellow (a small share) to a deep red (the most looked-at place): the heat map's colours. */
export function heatColour(strength: number): string {
  const t = Math.min(1, Math.max(0, strength));
  // Hue 50 (yellow) to 5 (red), lightness 72% to 42%: every step keeps 3:1 against the white card.
  return `hsl(${Math.round(50 - 45 * t)} 85% ${Math.round(72 - 30 * t)}%)`;
}

/**
 * The heat map as a ranked list: where visitors spent their time (rooms, or sweeps where the player knew no room),
 * with the floor, the time, the visits and the share of all the time in the range. Bars are scaled to the top place
 * and coloured by share, so the hot spots stand out.
 */
export function PlacesList({ places }: { places: AnalyticsPlace[] }) {
  const headingId = useId();
  const top = places.reduce((max, place) => Math.max(max, place.share), 0);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Where visitors spend their time</h2>
      {places.length === 0 ? (
        <p className="muted">No time spent in any room or sweep in this range.</p>
      ) : (
        <>
          <p className="muted">The places of the tour, by the time visitors spent in each.</p>
          <ol className="places-list" aria-label="Places by time spent">
            {places.map((place) => {
              const floor = floorLabel(place.floor);
              return (
                <li key={`${place.room ?? ''}|${place.sweep}`} className="place-row">
                  <div className="place-row-name">
                    <strong>{placeLabel(place)}</strong>
                    {floor && <span className="muted"> · {floor}</span>}
                  </div>
                  <div className="place-row-numbers">
                    <span>{formatSeconds(place.seconds)}</span>{' '}
                    <span className="muted">
                      · {formatCount(place.visits)} {place.visits === 1 ? 'visit' : 'visits'} ·{' '}
                      {formatRatio(place.share)} of the time
                    </span>
                  </div>
                  <span className="bar-track" aria-hidden="true">
                    <span
                      className="bar-fill"
                      style={{
                        width: `${top > 0 ? (place.share / top) * 100 : 0}%`,
                        background: heatColour(top > 0 ? place.share / top : 0),
                      }}
                    />
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
