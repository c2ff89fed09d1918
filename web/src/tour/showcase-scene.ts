import { TOUR_DEFAULTS } from '@tourly/contracts';
import { showcaseSession, type MpSdk, type ShowcaseSdkSettings } from './showcase-sdk';
import type { SpacePoint, SpaceSession } from './space';

/**
 * The part of Matterport's Scene API (the Bundle SDK's) the staging editor places models with, and the Pointer's
 * floor index; kept apart from showcase-sdk.ts, which the player loads.
 */
export type MpSceneSdk = Omit<MpSdk, 'Pointer'> & {
  Scene: {
    createObjects(count: number): Promise<MpSceneObject[]>;
  };
  Pointer: {
    intersection: { subscribe(callback: (hit: MpSceneHit) => void): { cancel(): void } };
  };
};
interface MpSceneHit {
  position: SpacePoint;
  normal: SpacePoint;
  floorIndex?: number;
  object: string;
}
interface MpSceneObject {
  addNode(id?: string): MpSceneNode;
  start(): void;
  stop(): void;
}
interface MpVector {
  set(x: number, y: number, z: number): unknown;
}
interface MpSceneNode {
  name: string;
  position: MpVector;
  scale: MpVector;
  quaternion: { set(x: number, y: number, z: number, w: number): unknown };
  addComponent(type: string, inputs?: Record<string, unknown>, id?: string): unknown;
}
type MpSdkWindow = Window & {
  MP_SDK?: { connect(iframe: HTMLIFrameElement, key?: string, version?: string): Promise<MpSceneSdk> };
};

/** A model the scene shows: its GLB and where it stands (the node's transform). */
export interface StagedModel {
  id: string;
  name: string;
  url: string;
  position: SpacePoint;
  /** unit quaternion about the up axis */
  rotation: { x: number; y: number; z: number; w: number };
  scale: number;
}

/** A click that met the scan: where, the surface's normal and Matterport's floor index when it tells one. */
export interface ScenePick {
  position: SpacePoint;
  normal: SpacePoint;
  floor: number | null;
}

/** The staging editor's connection to Showcase: the space (sweeps, moves) and the models placed in it. */
export interface StagingShowcase {
  space: SpaceSession;
  /** Shows exactly these models: new ones load, moved ones are placed again, the others leave. */
  show(models: StagedModel[]): Promise<void>;
  /** Each click on the scan's model after subscribing; returns the unsubscribe. */
  onPick(listener: (pick: ScenePick) => void): () => void;
  close(): void;
}

const MODEL = 'intersectedobject.model';

/**
 * Loads the vendor's script (never bundled), once per URL. The player's loader in showcase-sdk.ts is its own; the
 * editor keeps this one so the player's file stays as the player needs it.
 */
const scripts = new Map<string, Promise<void>>();
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${url}`));
      document.head.appendChild(script);
    });
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

/** Connects to the Showcase embed in `iframe` for staging; rejects with the reason when the SDK cannot be used. */
export async function connectStagingShowcase(
  iframe: HTMLIFrameElement,
  sdk: ShowcaseSdkSettings,
): Promise<StagingShowcase> {
  await loadScript(sdk.url);
  const client = (window as MpSdkWindow).MP_SDK;
  if (!client) throw new Error(`${sdk.url} defined no MP_SDK`);
  const mp = await client.connect(iframe, sdk.key ?? undefined, sdk.version ?? TOUR_DEFAULTS.sdkVersion);
  return stagingShowcase(mp);
}

/**
 * The scene over a connected SDK. A node draws its transform as it is when it starts (the Scene API's nodes are
 * not moved after start here: a moved piece is a new node), so each model is one scene object, replaced when its
 * transform or GLB changes. Calls run one after another, so a quick series of edits never leaves two copies.
 */
export function stagingShowcase(mp: MpSceneSdk): StagingShowcase {
  const session = showcaseSession(mp);
  const shown = new Map<string, { key: string; object: MpSceneObject }>();
  const subscriptions: Array<{ cancel(): void }> = [];
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  async function place(model: StagedModel): Promise<MpSceneObject> {
    const [object] = await mp.Scene.createObjects(1);
    const node = object!.addNode(model.id);
    node.name = model.name;
    node.addComponent('mp.gltfLoader', { url: model.url });
    node.position.set(model.position.x, model.position.y, model.position.z);
    node.quaternion.set(model.rotation.x, model.rotation.y, model.rotation.z, model.rotation.w);
    node.scale.set(model.scale, model.scale, model.scale);
    object!.start();
    return object!;
  }

  async function apply(models: StagedModel[]) {
    if (closed) return;
    const wanted = new Map(models.map((model) => [model.id, model]));
    for (const [id, { object }] of shown) {
      if (!wanted.has(id)) {
        object.stop();
        shown.delete(id);
      }
    }
    for (const model of models) {
      const { url, position, rotation, scale, name } = model;
      const key = JSON.stringify({ url: url.split('?')[0], position, rotation, scale, name });
      const current = shown.get(model.id);
      if (current?.key === key) continue;
      current?.object.stop();
      shown.delete(model.id);
      shown.set(model.id, { key, object: await place(model) });
    }
  }

  return {
    space: session.space,
    show(models) {
      const run = queue.then(() => apply(models));
      queue = run.catch((error: unknown) => console.warn('the staged scene could not be shown', error));
      return run;
    },
    onPick(listener) {
      // The SDK tells the intersection at once: only the ones after subscribing are clicks.
      let first = true;
      const subscription = mp.Pointer.intersection.subscribe((hit) => {
        if (first) {
          first = false;
          return;
        }
        if (hit.object !== MODEL) return;
        listener({
          position: { x: hit.position.x, y: hit.position.y, z: hit.position.z },
          normal: { x: hit.normal.x, y: hit.normal.y, z: hit.normal.z },
          floor: typeof hit.floorIndex === 'number' ? hit.floorIndex : null,
        });
      });
      subscriptions.push(subscription);
      return () => subscription.cancel();
    },
    close() {
      closed = true;
      for (const subscription of subscriptions) subscription.cancel();
      for (const { object } of shown.values()) object.stop();
      shown.clear();
      session.close();
    },
  };
}
