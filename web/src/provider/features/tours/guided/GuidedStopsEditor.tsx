import { useEffect, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { SaveBar } from './SaveBar';
import './editors.css';
import { Loading } from '../../../../shared/Loading';
import { useSpace } from '../../../../tour/space';
import { useAudioFilesQuery } from '../audio/queries';
import type { StopDraft } from './api';
import { useGuidedStopsQuery, useSaveGuidedStopsMutation } from './queries';
import { draftsOf, moved, stopAt } from './stops';

export const NO_SPACE_HINT =
  'Stops take the preview’s camera: once the preview’s 3D view has loaded, walk to a spot, look where visitors should, and add a stop there.';
const NOT_AT_A_SWEEP =
  'Stand at a position in the preview (not the dollhouse or the floor plan), then add the stop.';

/**
 * The guided tour's stops, edited beside the preview: "Add a stop here" takes the preview's camera (its sweep and
 * where it looks), each stop gets a title, a text and a narration (one of the provider's audio files), the order is
 * changed with Earlier and Later, "Show in the preview" moves the preview there. Saved whole with "Save the stops";
 * visitors get them once the tour is shared (no draft).
 */
export function GuidedStopsEditor({ propertyId }: { propertyId: string }) {
  const space = useSpace();
  const saved = useGuidedStopsQuery(propertyId);
  const files = useAudioFilesQuery();
  const save = useSaveGuidedStopsMutation(propertyId);
  const [stops, setStops] = useState<StopDraft[] | null>(null);
  const [changed, setChanged] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (saved.data && !changed) setStops(draftsOf(saved.data));
  }, [saved.data, changed]);

  if (saved.error && !stops) return <ErrorDisplay error={saved.error} />;
  if (!stops) return <Loading />;

  const edit = (next: StopDraft[]) => {
    setStops(next);
    setChanged(true);
    setNotice(null);
  };
  const update = (index: number, change: Partial<StopDraft>) =>
    edit(stops.map((stop, at) => (at === index ? { ...stop, ...change } : stop)));

  async function addHere() {
    if (!space) return;
    const stop = stopAt(await space.pose(), stops!.length, crypto.randomUUID());
    if (!stop) return setNotice(NOT_AT_A_SWEEP);
    edit([...stops!, stop]);
  }

  async function show(stop: StopDraft) {
    try {
      await space?.moveTo(stop.sweepId, stop.rotation);
    } catch {
      setNotice(
        `The 3D view has no position ${stop.sweepId} any more: add this stop again where it should be.`,
      );
    }
  }

  async function saveAll() {
    const outcome = await save.run(propertyId, stops!);
    if (outcome.ok) {
      setStops(draftsOf(outcome.value));
      setChanged(false);
      setNotice('Stops saved.');
    }
  }

  return (
    <div className="layers-editor guided-stops">
      <h3>Stops</h3>
      {stops.length === 0 ? (
        <p className="muted">No stops yet.</p>
      ) : (
        <ol className="guided-stop-list">
          {stops.map((stop, index) => (
            <li key={stop.key} className="guided-stop">
              <label className="field-label" htmlFor={`stop-title-${stop.key}`}>
                Title of stop {index + 1}
              </label>
              <input
                id={`stop-title-${stop.key}`}
                className="field-input"
                value={stop.title}
                maxLength={120}
                onChange={(event) => update(index, { title: event.target.value })}
              />
              <label className="field-label" htmlFor={`stop-text-${stop.key}`}>
                Text of stop {index + 1}
              </label>
              <textarea
                id={`stop-text-${stop.key}`}
                className="field-input"
                value={stop.text}
                maxLength={2000}
                rows={3}
                onChange={(event) => update(index, { text: event.target.value })}
              />
              <label className="field-label" htmlFor={`stop-audio-${stop.key}`}>
                Narration of stop {index + 1}
              </label>
              <select
                id={`stop-audio-${stop.key}`}
                className="field-input"
                value={stop.audioFileId ?? ''}
                onChange={(event) => update(index, { audioFileId: event.target.value || null })}
              >
                <option value="">No narration</option>
                {files.data?.items.map((file) => (
                  <option key={file.id} value={file.id}>
                    {file.name}
                  </option>
                ))}
              </select>
              <div className="guided-stop-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!space}
                  onClick={() => void show(stop)}
                >
                  Show in the preview
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === 0}
                  onClick={() => edit(moved(stops, index, -1))}
                >
                  Earlier
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === stops.length - 1}
                  onClick={() => edit(moved(stops, index, 1))}
                >
                  Later
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => edit(stops.filter((_, at) => at !== index))}
                >
                  Remove stop {index + 1}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={!space}
        onClick={() => void addHere()}
      >
        Add a stop here
      </button>
      {!space && <p className="muted">{NO_SPACE_HINT}</p>}
      <SaveBar
        label="Save the stops"
        changed={changed}
        pending={save.isPending}
        onSave={() => void saveAll()}
        notice={notice}
        error={save.error}
      />
    </div>
  );
}
