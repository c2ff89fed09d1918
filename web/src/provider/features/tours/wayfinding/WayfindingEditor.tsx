import { useSpace } from '../../../../tour/space';
import { useEffect, useState } from 'react';
import { OnboardingHint } from '../../onboarding/OnboardingHint';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import { messagesAt } from '../layers/layers';
import type { WayfindingLayer } from './api';
import { useSaveWayfindingMutation, useWayfindingQuery } from './queries';
import { newJourney, pointAtPose, pointsNotInSpace, withoutPoint } from './rules';

/**
 * The wayfinding layer (002 §3): named points in the space, each the place where the preview's camera stood when it
 * was added, and journeys from one point to another that visitors follow sweep by sweep. Saved whole with Save;
 * visitors see it once the tour is shared. Without the preview's 3D space a point cannot be added (the button says
 * why), and a point whose sweep the space does not have is flagged.
 */
export function WayfindingEditor({ propertyId }: { propertyId: string }) {
  const query = useWayfindingQuery(propertyId);
  if (query.error && !query.data) return <ErrorDisplay error={query.error} />;
  if (!query.data) return <Loading />;
  return <Editor propertyId={propertyId} saved={query.data} />;
}

function Editor({ propertyId, saved }: { propertyId: string; saved: WayfindingLayer }) {
  const space = useSpace();
  const save = useSaveWayfindingMutation();
  const [layer, setLayer] = useState(saved);
  const [placeName, setPlaceName] = useState('');
  const [placeProblem, setPlaceProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [done, setDone] = useState(false);
  const at = (field: string) => messagesAt(save.error, `wayfindingLayer.${field}`);

  // Once the space is there, points whose sweep it does not have are flagged.
  useEffect(() => {
    let live = true;
    if (space)
      void space.sweeps().then((sweeps) => {
        if (live) setMissing(pointsNotInSpace(layer.points, sweeps));
      });
    return () => {
      live = false;
    };
  }, [space, layer.points]);

  const change = (next: WayfindingLayer) => {
    setLayer(next);
    setDone(false);
  };

  async function addPlace() {
    if (!space) return;
    const point = pointAtPose(await space.pose(), placeName, layer.points);
    if (!point) {
      setPlaceProblem('Stand inside the tour (not in the dollhouse or the floor plan) to add a place.');
      return;
    }
    setPlaceProblem(null);
    setPlaceName('');
    change({ ...layer, points: [...layer.points, point] });
  }

  async function submit() {
    const outcome = await save.run(propertyId, layer);
    if (outcome.ok) {
      setLayer(outcome.value);
      setDone(true);
    }
  }

  const journey = newJourney(layer);
  return (
    <div className="layers-editor wayfinding-editor">
      <OnboardingHint flag="wayfinding_start" title="Take visitors where they want to go">
        <p>
          Walk the preview to a place and add it; then join two places in a journey (“Take me to the
          kitchen”). Visitors of the shared tour follow it step by step through the space.
        </p>
      </OnboardingHint>
      <h3>Places</h3>
      {layer.points.length === 0 && <p className="muted">No places yet.</p>}
      <ul className="wayfinding-editor-list">
        {layer.points.map((point, index) => (
          <li key={point.id}>
            <TextField
              label={`Place ${index + 1}`}
              value={point.name}
              maxLength={80}
              onChange={(event) =>
                change({
                  ...layer,
                  points: layer.points.map((each) =>
                    each.id === point.id ? { ...each, name: event.target.value } : each,
                  ),
                })
              }
              hint={
                missing.has(point.id)
                  ? 'This place is not in this tour’s space: add it again.'
                  : `Sweep ${point.sweep}`
              }
              messages={at(`points.${index}.name`) ?? at(`points.${index}.sweep`)}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => change(withoutPoint(layer, point.id))}
            >
              Remove {point.name || 'place'}
            </button>
          </li>
        ))}
      </ul>
      <TextField
        label="Name of the new place"
        value={placeName}
        maxLength={80}
        placeholder="Kitchen"
        onChange={(event) => setPlaceName(event.target.value)}
      />
      <button
        type="button"
        className="button button-secondary"
        disabled={!space}
        onClick={() => void addPlace()}
      >
        Add the place the preview stands at
      </button>
      {!space && (
        <p className="muted">
          The preview’s 3D view has not loaded: walk to a place in it, then add the place.
        </p>
      )}
      {placeProblem && <p role="alert">{placeProblem}</p>}

      <h3>Journeys</h3>
      {layer.journeys.length === 0 && <p className="muted">No journeys yet.</p>}
      <ul className="wayfinding-editor-list">
        {layer.journeys.map((each, index) => {
          const set = (patch: Partial<typeof each>) =>
            change({
              ...layer,
              journeys: layer.journeys.map((other) =>
                other.id === each.id ? { ...other, ...patch } : other,
              ),
            });
          return (
            <li key={each.id}>
              <TextField
                label={`Journey ${index + 1}`}
                value={each.name}
                maxLength={80}
                onChange={(event) => set({ name: event.target.value })}
                messages={at(`journeys.${index}.name`)}
              />
              {(['from', 'to'] as const).map((end) => (
                <SelectField
                  key={end}
                  label={end === 'from' ? 'From' : 'To'}
                  value={each[end]}
                  onChange={(event) => set({ [end]: event.target.value })}
                  messages={at(`journeys.${index}.${end}`)}
                >
                  {layer.points.map((point) => (
                    <option key={point.id} value={point.id}>
                      {point.name}
                    </option>
                  ))}
                </SelectField>
              ))}
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  change({ ...layer, journeys: layer.journeys.filter((other) => other.id !== each.id) })
                }
              >
                Remove {each.name || 'journey'}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button button-secondary"
        disabled={!journey}
        onClick={() => journey && change({ ...layer, journeys: [...layer.journeys, journey] })}
      >
        Add a journey
      </button>
      {!journey && <p className="muted">A journey goes between two places: add them first.</p>}
      <div className="wayfinding-editor-save">
        <button type="button" className="button" disabled={save.isPending} onClick={() => void submit()}>
          Save wayfinding
        </button>
        <span role="status">{done ? 'Saved.' : ''}</span>
      </div>
      <ErrorDisplay error={save.error} />
    </div>
  );
}
