import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { StagingShowcase as Session } from '../../../../tour/showcase-scene';
import type { SpacePick } from '../../../../tour/space';
import {
  AXES,
  MAX_PAIRS,
  alignBlocker,
  completePairs,
  draftPairs,
  pairAt,
  pairsSignature,
  placedModel,
  pointText,
  residualText,
  verdict,
  type DraftPair,
} from '../alignment';
import type { AlignmentAnswer, DigitalTwin } from '../api';
import { useAlignMutation } from '../queries';
import { TwinShowcase } from './TwinShowcase';

/** Where Showcase is embedded for this property's tour, and the SDK it connects with (the tour's preview). */
export interface TwinSpace {
  embedUrl: string;
  sdk: { url: string; key: string } | null | undefined;
}

/** The last fit: its answer, for the pairs it was asked for (residuals shown only while the pairs are those). */
interface Fit {
  signature: string;
  answer: AlignmentAnswer;
}

const fitOf = (answer: AlignmentAnswer): Fit | null =>
  answer.rmsError === null
    ? null
    : {
        signature: pairsSignature(answer.alignmentPoints.map(({ scan, model }) => ({ scan, model }))),
        answer,
      };

/** The API's refusal of the pairs in its words (on `alignment_points`), else the whole error. */
function refusalOf(error: unknown): unknown {
  if (error instanceof ApiError) {
    const fields = Object.keys(error.fields);
    if (fields.length === 1 && fields[0] === 'alignmentPoints') return error.fields.alignmentPoints;
  }
  return error;
}

/**
 * Alignment: the scan in Showcase (the twin placed in it once aligned) and the pairs of points: each a point picked
 * in the scan ("Pick in the scan", then a click in the 3D view) and the same point on the model, typed in the
 * model's metres. "Align" sends them (3 to 20); each pair shows its residual, flagged over the API's maximum error,
 * and the fit its verdict.
 */
export function AlignmentPanel({
  propertyId,
  title,
  twin,
  kept,
  space,
}: {
  propertyId: string;
  title: string;
  twin: DigitalTwin;
  kept: AlignmentAnswer;
  space: TwinSpace;
}) {
  const [pairs, setPairs] = useState<DraftPair[]>(() => draftPairs(kept));
  const [fit, setFit] = useState<Fit | null>(() => fitOf(kept));
  const [session, setSession] = useState<Session | null>(null);
  /** 'new': the next click adds a pair; a key: it moves that pair's scan point; null: clicks are not picks */
  const [picking, setPicking] = useState<'new' | number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const alignment = useAlignMutation();
  const ids = useId();
  const scanRef = useRef<HTMLElement>(null);
  const inputId = (key: number, axis: string) => `${ids}-pair-${key}-${axis}`;

  // The twin in the scan where its alignment puts it, once aligned (session.show replaces what it showed).
  const model = useMemo(() => placedModel(twin), [twin]);
  useEffect(() => {
    if (!session) return;
    void session.show(model ? [model] : []).catch(() => undefined);
  }, [session, model]);

  // A click in the scan while picking is the pair's scan point (the latest state through a ref: one subscription).
  const pickRef = useRef<(pick: SpacePick) => void>(() => undefined);
  pickRef.current = ({ position }) => {
    if (picking === null) return;
    if (picking === 'new') {
      const pair = pairAt(pairs, position);
      setPairs([...pairs, pair]);
      setFocusKey(pair.key);
      setNotice(
        `Pair ${pairs.length + 1}: scan point ${pointText(position)}. Type the same point on the model.`,
      );
    } else {
      const index = pairs.findIndex((pair) => pair.key === picking);
      setPairs(pairs.map((pair) => (pair.key === picking ? { ...pair, scan: { ...position } } : pair)));
      setNotice(`Pair ${index + 1}: scan point ${pointText(position)}.`);
    }
    setPicking(null);
  };
  useEffect(() => session?.onPick((pick) => pickRef.current(pick)), [session]);

  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(inputId(focusKey, 'x'))?.focus();
    setFocusKey(null);
  }, [focusKey]);

  function pick(target: 'new' | number) {
    if (picking === target) {
      setPicking(null);
      setNotice(null);
      return;
    }
    setPicking(target);
    setNotice('Click the point in the 3D view.');
    // At a phone's width the scan is above the pairs: brought into view at once (a smooth scroll would move it
    // under the click).
    scanRef.current?.scrollIntoView?.({ block: 'nearest' });
  }

  function edit(key: number, change: (pair: DraftPair) => DraftPair) {
    setPairs((current) => current.map((pair) => (pair.key === key ? change(pair) : pair)));
  }

  function remove(key: number) {
    setPairs((current) => current.filter((pair) => pair.key !== key));
    if (picking === key) setPicking(null);
    setNotice(null);
  }

  async function alignPairs() {
    const sent = completePairs(pairs);
    if (!sent) return;
    setPicking(null);
    setNotice(null);
    const outcome = await alignment.run(propertyId, sent);
    if (outcome.ok) setFit({ signature: pairsSignature(sent), answer: outcome.value });
  }

  const complete = completePairs(pairs);
  const current = fit && complete && pairsSignature(complete) === fit.signature ? fit.answer : null;
  const blocker = alignBlocker(pairs);
  const said = current && verdict(current, twin.config.visible);

  return (
    <div className="twin-align">
      <section className="twin-space" ref={scanRef} aria-labelledby="twin-scan-title">
        <h2 id="twin-scan-title">The scan</h2>
        <div className="twin-scan-frame">
          <TwinShowcase
            embedUrl={space.embedUrl}
            sdk={space.sdk}
            title={`The 3D space of ${title}`}
            onSession={setSession}
          />
        </div>
        <p className="muted">
          Pick points you can find on the model too: corners of the building, of windows or doors, spread
          apart and not all on one line. Four or more pairs make a wrong one stand out.
        </p>
      </section>
      <section className="card twin-panel twin-pairs" aria-labelledby="twin-pairs-title">
        <h2 id="twin-pairs-title">Pairs of points</h2>
        <p className="muted">
          The model point is the same corner or feature on the model, in the model’s own metres (as its file
          measures it).
        </p>
        {notice && (
          <p className="alert alert-info" role="status">
            {notice}
          </p>
        )}
        {pairs.length === 0 ? (
          <p className="muted">No pair yet: press “Pick in the scan”, then click a point in the 3D view.</p>
        ) : (
          <ol className="twin-pair-list">
            {pairs.map((pair, index) => {
              const residual = current?.alignmentPoints[index]?.residual;
              const shown = residual === undefined ? null : residualText(residual, current!.maxError);
              return (
                <li key={pair.key}>
                  <fieldset className={`twin-pair${shown?.off ? ' is-off' : ''}`}>
                    <legend>Pair {index + 1}</legend>
                    <p className="twin-pair-scan">
                      Scan: {pair.scan ? pointText(pair.scan) : 'not picked'}{' '}
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-pressed={picking === pair.key}
                        disabled={!session}
                        onClick={() => pick(pair.key)}
                      >
                        {picking === pair.key ? 'Click the scan…' : 'Pick again'}
                      </button>
                    </p>
                    <div className="twin-pair-model">
                      {AXES.map((axis) => (
                        <label key={axis} htmlFor={inputId(pair.key, axis)}>
                          Model {axis} (m)
                          <input
                            className="field-input"
                            id={inputId(pair.key, axis)}
                            type="number"
                            step="any"
                            inputMode="decimal"
                            value={pair.model[axis]}
                            onChange={(event) =>
                              edit(pair.key, (each) => ({
                                ...each,
                                model: { ...each.model, [axis]: event.target.value },
                              }))
                            }
                          />
                        </label>
                      ))}
                    </div>
                    {shown && (
                      <p className={`twin-residual${shown.off ? ' alert alert-warning' : ' muted'}`}>
                        {shown.text}
                      </p>
                    )}
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Remove pair ${index + 1}`}
                      onClick={() => remove(pair.key)}
                    >
                      Remove
                    </button>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        )}
        <div className="twin-pair-actions">
          <button
            type="button"
            className={`button ${picking === 'new' ? 'button-primary' : 'button-secondary'}`}
            aria-pressed={picking === 'new'}
            disabled={!session || pairs.length >= MAX_PAIRS}
            onClick={() => pick('new')}
          >
            Pick in the scan
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={blocker !== null || alignment.isPending}
            onClick={() => void alignPairs()}
          >
            {alignment.isPending ? 'Aligning…' : 'Align'}
          </button>
        </div>
        {!session && <p className="muted">Points can be picked once the 3D view has connected.</p>}
        {pairs.length >= MAX_PAIRS && <p className="muted">{MAX_PAIRS} pairs is the most a fit takes.</p>}
        {blocker && <p className="muted">{blocker}</p>}
        <ErrorDisplay error={refusalOf(alignment.error)} title="The model was not aligned" />
        {said && (
          <p
            className={`alert ${current?.alignment === 'aligned' ? 'alert-success' : 'alert-warning'}`}
            role="status"
          >
            {said}
          </p>
        )}
        {fit && !current && !blocker && (
          <p className="muted">The pairs changed since the last alignment: press Align to fit them again.</p>
        )}
      </section>
    </div>
  );
}
