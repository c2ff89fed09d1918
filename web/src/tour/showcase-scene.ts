import { connectShowcaseOrFail, type ShowcaseSdkSettings, type ShowcaseSession } from './showcase-sdk';
import type { SpaceLighting, SpaceModel, SpacePick, SpaceSession } from './space';

/** The staging editor's connection to Showcase: the space (sweeps, moves, clicks) and the pieces placed in it. */
export interface StagingShowcase {
  space: SpaceSession;
  /** Shows exactly these models: new ones load, changed ones are placed again, the others leave. */
  show(models: SpaceModel[]): Promise<void>;
  /** Lights the pieces with this lighting (the scene's settings), now and as they are placed. */
  light(lighting: SpaceLighting): Promise<void>;
  /** Each click on the scan (where, its normal, its floor); returns the unsubscribe. */
  onPick(listener: (pick: SpacePick) => void): () => void;
  close(): void;
}

/** Connects to the Showcase embed in `iframe` for staging; rejects with the reason when the SDK cannot be used. */
export async function connectStagingShowcase(
  iframe: HTMLIFrameElement,
  sdk: ShowcaseSdkSettings,
): Promise<StagingShowcase> {
  return stagingShowcase(await connectShowcaseOrFail(iframe, sdk));
}

/**
 * The editor's scene over the session's models (`SpaceSession.showModels`, the player's way): the editor says the
 * whole scene after every edit, and only what changed is placed again (a node cannot move once started, so a moved
 * piece is a new node) or taken out; a change of the settings lights them again. Calls run one after another, so a
 * quick series of edits never leaves two copies.
 */
export function stagingShowcase(session: ShowcaseSession): StagingShowcase {
  const { space } = session;
  /** the piece's id -> what it was shown as (its model without the signature of its link, which changes) */
  const shown = new Map<string, string>();
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  async function apply(models: SpaceModel[]) {
    if (closed) return;
    const wanted = new Set(models.map((model) => model.id));
    const gone = [...shown.keys()].filter((id) => !wanted.has(id));
    await space.hideModels(gone);
    for (const id of gone) shown.delete(id);
    const changed = models.filter((model) => shown.get(model.id) !== keyOf(model));
    await space.showModels(changed);
    for (const model of changed) shown.set(model.id, keyOf(model));
  }

  function queued(step: () => Promise<void>): Promise<void> {
    const run = queue.then(step);
    queue = run.catch((error: unknown) => console.warn('the staged scene could not be shown', error));
    return run;
  }

  return {
    space,
    show: (models) => queued(() => apply(models)),
    light: (lighting) => queued(() => (closed ? Promise.resolve() : space.setLighting(lighting))),
    onPick: (listener) => space.onPick(listener),
    close() {
      closed = true;
      shown.clear();
      session.close();
    },
  };
}

function keyOf({ url, ...model }: SpaceModel): string {
  return JSON.stringify({ ...model, url: url.split('?')[0] });
}
