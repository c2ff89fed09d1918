import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { CONTACT_SHADOW_URL } from '../../../../tour/contact-shadow';
import { SceneTint } from '../../../../tour/SceneTint';
import type { StagingShowcase as Session } from '../../../../tour/showcase-scene';
import { publishedNotice } from '../visibility';
import type { SpacePick } from '../../../../tour/space';
import type { SpaceSweep } from '../../../../tour/space';
import { sceneTint, stagingLighting } from '../../../../tour/staging-lighting';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime } from '../../../../shared/format';
import { OnboardingHint } from '../../onboarding/OnboardingHint';
import type { Property } from '../../properties/api';
import type { CreatorStudioProps, ScenePlacement, StagingAsset, StagingScene } from '../api';
import { canRedo, canUndo, historyOf, pushed, redone, replaced, undone, type History } from '../history';
import {
  floorSpot,
  movedTo,
  newPlacementId,
  nudgeFor,
  nudged,
  placementRefusal,
  scaledTo,
  turnedBy,
  type Placement,
  type SceneLimits,
} from '../placements';
import { stagingPath } from '../paths';
import { usePublishStagingMutation, useSaveSceneMutation } from '../queries';
import { useUnsavedChangesWarning } from '../useUnsavedChangesWarning';
import { LibraryPanel } from './LibraryPanel';
import { PlanView, type PlanPiece } from './PlanView';
import { SceneSettingsForm } from './SceneSettingsForm';
import { StagingShowcase } from './StagingShowcase';

/** What the editor knows of a model it places: from the scene's placements, or the library when chosen there. */
interface PlacedModel {
  id: string;
  name: string;
  url: string;
  dimensions: { width: number; height: number; depth: number };
}

const placementOf = ({ id, assetId, position, yaw, scale, floor }: ScenePlacement): Placement => ({
  id,
  assetId,
  position: { x: position.x, y: position.y, z: position.z },
  yaw,
  scale,
  floor,
});
const modelOf = ({ id, name, url, dimensions }: PlacedModel): PlacedModel => ({ id, name, url, dimensions });
const same = (a: Placement[], b: Placement[]) => JSON.stringify(a) === JSON.stringify(b);

/** The editor's parts of the tour's preview: where Showcase is embedded, and the SDK it connects with. */
export interface StagingSpace {
  embedUrl: string;
  sdk: { url: string; key: string } | null | undefined;
}

/**
 * The staging editor: the scan in Showcase (pieces dropped on its floor), the library, the top-down plan (drag,
 * turn, scale, nudge, delete), undo and redo, the scene's settings, Save draft and Publish.
 */
export function StagingEditor({
  property,
  props,
  scene,
  space,
}: {
  property: Property;
  props: CreatorStudioProps;
  scene: StagingScene;
  space: StagingSpace;
}) {
  const limits: SceneLimits = props.limits;
  const initial = useMemo(() => (scene.placements ?? []).map(placementOf), [scene.placements]);
  const [history, setHistory] = useState<History<Placement[]>>(() => historyOf(initial));
  const [saved, setSaved] = useState<Placement[]>(initial);
  const [models, setModels] = useState<Map<string, PlacedModel>>(
    () => new Map((scene.placements ?? []).map(({ asset }) => [asset.id, modelOf(asset)])),
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<StagingAsset | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [sweeps, setSweeps] = useState<SpaceSweep[]>([]);
  const [floor, setFloor] = useState<number>(initial[0]?.floor ?? 0);
  const [savedOnce, setSavedOnce] = useState(false);
  const save = useSaveSceneMutation();
  const publish = usePublishStagingMutation(property.id);

  const placements = history.present;
  const dirty = !same(placements, saved);
  useUnsavedChangesWarning(dirty);
  const selected = placements.find((placement) => placement.id === selectedId) ?? null;

  const edit = useCallback((change: (current: Placement[]) => Placement[], step = true) => {
    setRefusal(null);
    setHistory((current) => (step ? pushed : replaced)(current, change(current.present)));
  }, []);
  const editSelected = (change: (placement: Placement) => Placement) => {
    if (!selectedId) return;
    edit((current) =>
      current.map((placement) => (placement.id === selectedId ? change(placement) : placement)),
    );
  };
  const undo = useCallback(() => setHistory(undone), []);
  const redo = useCallback(() => setHistory(redone), []);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page but in a text field, which keeps its own undo.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  // The sweeps, for the plan's bearings and its floors.
  useEffect(() => {
    if (!session) return;
    let current = true;
    void session.space.sweeps().then((all) => {
      if (current) setSweeps(all);
    });
    return () => {
      current = false;
    };
  }, [session]);

  // The pieces in Showcase are lit as the draft's settings say, and take each change of them; told before the
  // pieces are shown, so the first ones start under the preset's lights rather than the SDK's basic ones.
  const lighting = useMemo(() => stagingLighting(scene.settings, CONTACT_SHADOW_URL), [scene.settings]);
  useEffect(() => {
    if (!session) return;
    void session.light(lighting).catch(() => undefined);
  }, [session, lighting]);

  // The scene in Showcase follows the editor's placements.
  useEffect(() => {
    if (!session) return;
    void session
      .show(
        placements.flatMap((placement) => {
          const model = models.get(placement.assetId);
          if (!model) return [];
          return [
            {
              id: placement.id,
              name: model.name,
              url: model.url,
              position: placement.position,
              yaw: placement.yaw,
              scale: placement.scale,
              footprint: { width: model.dimensions.width, depth: model.dimensions.depth },
            },
          ];
        }),
      )
      .catch(() => undefined);
  }, [session, placements, models]);

  // A click on the scan drops the chosen piece there (the latest state through a ref: one subscription a session).
  const dropRef = useRef<(pick: SpacePick) => void>(() => undefined);
  dropRef.current = (pick) => {
    if (!chosen) {
      setNotice('Choose a piece in the library, then click the floor where it goes.');
      return;
    }
    const refused = placementRefusal(placements.length, limits);
    if (refused) {
      setRefusal(refused);
      return;
    }
    const spot = floorSpot(pick, limits);
    if (!spot) {
      setNotice('That is a wall or a ceiling: click the floor where the piece goes.');
      return;
    }
    const placement: Placement = {
      id: newPlacementId(placements),
      assetId: chosen.id,
      position: spot.position,
      yaw: 0,
      scale: 1,
      floor: spot.floor,
    };
    setModels((current) => new Map(current).set(chosen.id, modelOf(chosen)));
    edit((current) => [...current, placement]);
    setSelectedId(placement.id);
    setFloor(spot.floor);
    setNotice(`${chosen.name} placed. Drag it on the plan, or turn and scale it below.`);
    setChosen(null);
  };
  useEffect(() => session?.onPick((pick) => dropRef.current(pick)), [session]);

  function choose(asset: StagingAsset | null) {
    setChosen(asset);
    setRefusal(null);
    if (!asset) return setNotice(null);
    const refused = placementRefusal(placements.length, limits);
    if (refused) {
      setChosen(null);
      return setRefusal(refused);
    }
    setNotice(
      session
        ? `Click the floor in the 3D view where ${asset.name} goes.`
        : `${asset.name} is chosen: once the 3D view has connected, click its floor where it goes.`,
    );
  }

  function remove(id: string) {
    edit((current) => current.filter((placement) => placement.id !== id));
    setSelectedId(null);
  }

  function onPlanKey(event: KeyboardEvent<SVGSVGElement>) {
    if (!selected) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      return remove(selected.id);
    }
    if (event.key === 'Escape') return setSelectedId(null);
    const nudge = nudgeFor(event.key, event.shiftKey);
    if (!nudge) return;
    event.preventDefault();
    editSelected((placement) => nudged(placement, nudge, limits));
  }

  async function saveDraft(): Promise<boolean> {
    setNotice(null);
    const sent = placements;
    const outcome = await save.run(property.id, sent);
    if (!outcome.ok) return false;
    const answered = (outcome.value.placements ?? []).map(placementOf);
    setModels((current) => {
      const next = new Map(current);
      for (const { asset } of outcome.value.placements ?? []) next.set(asset.id, modelOf(asset));
      return next;
    });
    setSaved(answered);
    setSavedOnce(true);
    // The answer is the draft as stored: the editor goes on from it unless the person edited meanwhile.
    setHistory((current) => (same(current.present, sent) ? { ...current, present: answered } : current));
    setNotice('Draft saved. Visitors see the staging once you publish it.');
    return true;
  }

  async function publishScene() {
    if (dirty && !(await saveDraft())) return;
    const outcome = await publish.run(property.slug);
    if (outcome.ok) setNotice(publishedNotice(property));
  }

  const floors = [
    ...new Set([...sweeps.map((sweep) => sweep.floor ?? 0), ...placements.map((p) => p.floor)]),
  ].sort((a, b) => a - b);
  const pieces: PlanPiece[] = placements
    .filter((placement) => placement.floor === floor)
    .map((placement) => {
      const model = models.get(placement.assetId);
      return {
        placement,
        name: model?.name ?? 'Piece',
        width: model?.dimensions.width ?? 0.5,
        depth: model?.dimensions.depth ?? 0.5,
      };
    });
  const floorSweeps = useMemo(
    () =>
      sweeps
        .filter((sweep) => (sweep.floor ?? 0) === floor)
        .map(({ position }) => ({ x: position.x, z: position.z })),
    [sweeps, floor],
  );
  const selectedModel = selected ? models.get(selected.assetId) : undefined;
  const busy = save.isPending || publish.isPending;

  return (
    <div className="staging-editor">
      <div className="staging-toolbar" role="toolbar" aria-label="Staging">
        <button type="button" className="button button-secondary" onClick={undo} disabled={!canUndo(history)}>
          Undo
        </button>
        <button type="button" className="button button-secondary" onClick={redo} disabled={!canRedo(history)}>
          Redo
        </button>
        <span className="staging-state muted" role="status">
          {dirty
            ? 'Unsaved changes'
            : scene.hasDraft || savedOnce
              ? `Draft saved${scene.draftSavedAt ? ` ${formatDateTime(scene.draftSavedAt)}` : ''}`
              : scene.publishedAt
                ? `Published ${formatDateTime(scene.publishedAt)}`
                : 'Nothing staged yet'}
          {` · ${placements.length} of ${limits.placements} pieces`}
        </span>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void saveDraft()}
          disabled={busy || !dirty}
        >
          Save draft
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void publishScene()}
          disabled={busy || (!dirty && !scene.hasDraft)}
          title={!dirty && !scene.hasDraft ? 'Nothing new to publish' : undefined}
        >
          Publish
        </button>
        <Link to={stagingPath(property.id)}>Done</Link>
      </div>
      <OnboardingHint flag="vt_staging_start" title="Stage this room">
        <p>
          Choose a piece in the library (or upload your own GLB, or import one from Sketchfab), then click the
          floor in the 3D view where it goes. Arrange the pieces on the plan below the view, save the draft,
          and publish when the room is ready: visitors see it only then, all at once.
        </p>
      </OnboardingHint>
      {notice && (
        <p className="alert alert-info staging-notice" role="status">
          {notice}
        </p>
      )}
      {refusal && (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      )}
      <ErrorDisplay error={save.error ?? publish.error} title="The staging was not saved" />
      <div className="staging-body">
        <LibraryPanel
          propertyId={property.id}
          props={props}
          chosenId={chosen?.id ?? null}
          onChoose={choose}
        />
        <section className="staging-space" aria-labelledby="staging-space-title">
          <h2 id="staging-space-title" className="visually-hidden">
            The scan
          </h2>
          <div className="staging-model-frame">
            <StagingShowcase
              embedUrl={space.embedUrl}
              sdk={space.sdk}
              title={`The 3D space of ${property.title}`}
              onSession={setSession}
            />
            <SceneTint tint={sceneTint(scene.settings)} />
          </div>
          <p className="muted">
            Choose a piece in the library, then click the floor in the 3D view where it goes: it stands on the
            floor there. Publishing puts the staging live with the tour’s other saved layer changes, all at
            once.
          </p>
          <div className="staging-plan-head">
            <h2 id="staging-plan-title">Plan</h2>
            {floors.length > 1 && (
              <select
                className="field-input"
                aria-label="Floor"
                value={floor}
                onChange={(event) => setFloor(Number(event.target.value))}
              >
                {floors.map((each) => (
                  <option key={each} value={each}>
                    Floor {each + 1}
                  </option>
                ))}
              </select>
            )}
          </div>
          <PlanView
            pieces={pieces}
            sweeps={floorSweeps}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onDrag={(id, x, z, first) =>
              edit(
                (current) =>
                  current.map((placement) =>
                    placement.id === id ? movedTo(placement, x, z, limits) : placement,
                  ),
                first,
              )
            }
            onKey={onPlanKey}
          />
          <p id="staging-plan-keys" className="muted">
            Drag a piece to move it. With the plan focused: arrows move the selected piece 10 cm (Shift: 1
            cm), Q and E turn it 15° (Shift: 1°), + and − scale it, Delete removes it; Ctrl+Z undoes,
            Ctrl+Shift+Z redoes.
          </p>
        </section>
        <div className="staging-side">
          <section className="card staging-panel" aria-labelledby="staging-piece-title">
            <h2 id="staging-piece-title">{selected ? (selectedModel?.name ?? 'Piece') : 'Selected piece'}</h2>
            {selected ? (
              <PieceControls
                placement={selected}
                limits={limits}
                onTurn={(degrees) => editSelected((placement) => turnedBy(placement, degrees))}
                onYaw={(yaw) => editSelected((placement) => turnedBy(placement, yaw - placement.yaw))}
                onScale={(scale) => editSelected((placement) => scaledTo(placement, scale, limits))}
                onRemove={() => remove(selected.id)}
              />
            ) : (
              <p className="muted">Select a piece on the plan or in the list to turn, scale or remove it.</p>
            )}
          </section>
          <section className="card staging-panel" aria-labelledby="staging-pieces-title">
            <h2 id="staging-pieces-title">Pieces</h2>
            {placements.length === 0 ? (
              <p className="muted">No piece yet.</p>
            ) : (
              <ul className="staging-pieces">
                {placements.map((placement) => (
                  <li key={placement.id}>
                    <button
                      type="button"
                      className="button button-secondary staging-piece-button"
                      aria-pressed={placement.id === selectedId}
                      onClick={() => {
                        setSelectedId(placement.id);
                        setFloor(placement.floor);
                      }}
                    >
                      {models.get(placement.assetId)?.name ?? 'Piece'}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <SceneSettingsForm
            propertyId={property.id}
            settings={scene.settings}
            presets={props.lightingPresets}
          />
        </div>
      </div>
    </div>
  );
}

function PieceControls({
  placement,
  limits,
  onTurn,
  onYaw,
  onScale,
  onRemove,
}: {
  placement: Placement;
  limits: SceneLimits;
  onTurn: (degrees: number) => void;
  onYaw: (yaw: number) => void;
  onScale: (scale: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="staging-piece-controls">
      <div className="staging-control-row">
        <button type="button" className="button button-secondary" onClick={() => onTurn(15)}>
          Turn left 15°
        </button>
        <button type="button" className="button button-secondary" onClick={() => onTurn(-15)}>
          Turn right 15°
        </button>
      </div>
      <label>
        Rotation (degrees)
        <input
          className="field-input"
          type="number"
          min={0}
          max={359}
          step={1}
          value={Math.round(placement.yaw)}
          onChange={(event) => {
            const value = event.target.valueAsNumber;
            if (Number.isFinite(value)) onYaw(value);
          }}
        />
      </label>
      <label>
        Scale
        <input
          className="field-input"
          type="number"
          min={limits.scaleMin}
          max={limits.scaleMax}
          step={0.05}
          value={placement.scale}
          onChange={(event) => {
            const value = event.target.valueAsNumber;
            if (Number.isFinite(value) && value > 0) onScale(value);
          }}
        />
      </label>
      <p className="muted">
        {placement.position.x.toFixed(2)} m, {placement.position.z.toFixed(2)} m on floor{' '}
        {placement.floor + 1}; scale from {limits.scaleMin} to {limits.scaleMax}.
      </p>
      <button type="button" className="button button-danger" onClick={onRemove}>
        Remove from the scene
      </button>
    </div>
  );
}
