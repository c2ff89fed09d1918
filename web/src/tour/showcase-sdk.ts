import { TOUR_DEFAULTS } from '@tourly/contracts';
import type {
  SpacePick,
  SpacePoint,
  SpacePose,
  SpaceRotation,
  SpaceLighting,
  SpaceModel,
  SpaceSession,
  SpaceSweep,
  SpaceTag,
} from './space';

/** Where the visitor stands in the 3D space: the sweep, its room's label and its floor's sequence (0: lowest). */
export interface ShowcasePlace {
  sweep: string;
  room: string | null;
  floor: number | null;
}

/** A connection to the Showcase embed of a tour. */
export interface ShowcaseSession {
  /** Calls `listener` with the place reached so far (if any), then with every new one; returns the unsubscribe. */
  onPlace(listener: (place: ShowcasePlace) => void): () => void;
  /** The 3D space as the layers use it (`SpaceContext`). */
  space: SpaceSession;
  close(): void;
}

/** The SDK's client (base.json's `showcase_sdk`), and the version to ask for (`sdk_version`, else 3.11). */
export interface ShowcaseSdkSettings {
  url: string;
  key?: string | null;
  version?: string;
}

/**
 * The part of Matterport's SDK 3.x called here (its reference: Sweep, Room, Camera, Tag, Pointer, Scene). The Scene
 * API comes with Matterport's Bundle SDK only: absent, virtual staging shows nothing.
 */
export interface MpSdk {
  Sweep: {
    current: Observable<{ sid: string; floorInfo: { sequence?: number } }>;
    data: ObservableMap<MpSweep>;
    moveTo(sid: string, options?: { rotation?: SpaceRotation; transition?: string }): Promise<string>;
  };
  Room: {
    current: Observable<{ rooms: Array<{ label?: string }> }>;
    data: ObservableMap<{ id: string; label?: string }>;
  };
  Camera: { pose: Observable<MpPose> };
  Tag: {
    add(...tags: MpTagDescriptor[]): Promise<string[]>;
    remove(...ids: string[]): Promise<string[]>;
    open(id: string): Promise<void>;
    registerIcon(iconId: string, src: string): Promise<void>;
    openTags: Observable<{ selected: Set<string> }>;
  };
  Pointer: { intersection: Observable<MpIntersection> };
  Scene?: { createObjects(count: number): Promise<MpSceneObject[]> };
  disconnect(): void;
}
interface MpSceneObject {
  addNode(id?: string): MpSceneNode;
}
/** Scene.INode: `position` and `quaternion` are three.js's Vector3 and Quaternion, set in place. */
interface MpSceneNode {
  name: string;
  position: { set(x: number, y: number, z: number): unknown };
  quaternion: { set(x: number, y: number, z: number, w: number): unknown };
  addComponent(type: string, inputs?: Record<string, unknown>): unknown;
  start(): void;
  stop(): void;
}
interface Observable<T> {
  subscribe(callback: (value: T) => void): { cancel(): void };
}
interface ObservableMap<T> {
  subscribe(observer: { onCollectionUpdated(collection: Record<string, T>): void }): { cancel(): void };
}
interface MpSweep {
  sid: string;
  position: SpacePoint;
  floorInfo: { sequence?: number };
  roomInfo: { id?: string };
  neighbors: string[];
}
interface MpPose {
  rotation: SpaceRotation;
  sweep: string;
  mode: string;
}
interface MpIntersection {
  position: SpacePoint;
  normal: SpacePoint;
  floorIndex?: number;
  object: string;
}
interface MpTagDescriptor {
  label: string;
  description: string;
  anchorPosition: SpacePoint;
  stemVector: SpacePoint;
  color: { r: number; g: number; b: number };
  iconId?: string;
}
type MpSdkWindow = Window & {
  MP_SDK?: { connect(iframe: HTMLIFrameElement, key?: string, version?: string): Promise<MpSdk> };
};

/**
 * The sweep and the room come from two observables, each told on its own: a place is reported once both have
 * settled, so a move is never reported with the room it left.
 */
const SETTLE_MS = 50;

const scripts = new Map<string, Promise<void>>();

/** The vendor's script, added once per URL (never bundled: Matterport serves the SDK that matches Showcase). */
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
    // A failed load may be tried again (a later tour, the network back).
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

/** The SDK version to ask for: a page's `sdk_version` query parameter (`3.12`), else the spec's 3.11. */
export function sdkVersion(search: string): string {
  const asked = new URLSearchParams(search).get('sdk_version');
  return asked && /^\d+\.\d+(\.\d+)?$/.test(asked) ? asked : TOUR_DEFAULTS.sdkVersion;
}

/**
 * Connects to the Showcase embed in `iframe` (once it has loaded) through Matterport's SDK, loaded at run time from
 * `sdk.url`. Never throws: without the SDK (not loading, refusing, another Showcase) it logs why and resolves null,
 * and the tour plays on without knowing where the visitor is.
 */
export async function connectShowcase(
  iframe: HTMLIFrameElement,
  sdk: ShowcaseSdkSettings,
): Promise<ShowcaseSession | null> {
  try {
    return await connectShowcaseOrFail(iframe, sdk);
  } catch (error) {
    console.warn('Matterport SDK unavailable; the tour plays without the visitor’s place', error);
    return null;
  }
}

/** As `connectShowcase`, rejecting with the reason when the SDK cannot be used (an editor says it cannot place). */
export async function connectShowcaseOrFail(
  iframe: HTMLIFrameElement,
  sdk: ShowcaseSdkSettings,
): Promise<ShowcaseSession> {
  await loadScript(sdk.url);
  const client = (window as MpSdkWindow).MP_SDK;
  if (!client) throw new Error(`${sdk.url} defined no MP_SDK`);
  const mp = await client.connect(iframe, sdk.key ?? undefined, sdk.version ?? TOUR_DEFAULTS.sdkVersion);
  return showcaseSession(mp);
}

/** The session over a connected SDK: the visitor's place (`onPlace`) and the space the layers use. */
export function showcaseSession(mp: MpSdk): ShowcaseSession {
  const listeners = new Set<(place: ShowcasePlace) => void>();
  let sweep = '';
  let floor: number | null = null;
  let room: string | null = null;
  let reported = '';
  let last: ShowcasePlace | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function settle() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // An empty sweep id: before play, or between sweeps (dollhouse, floor plan, a transition): no place.
      if (!sweep) return;
      const place: ShowcasePlace = { sweep, room, floor };
      const key = JSON.stringify(place);
      if (key === reported) return;
      reported = key;
      last = place;
      for (const listener of listeners) listener(place);
    }, SETTLE_MS);
  }

  const subscriptions = [
    mp.Sweep.current.subscribe((current) => {
      sweep = current.sid;
      floor = current.floorInfo.sequence ?? null;
      settle();
    }),
    mp.Room.current.subscribe((current) => {
      room = current.rooms[0]?.label || null;
      settle();
    }),
  ];

  const space = spaceSession(mp);
  return {
    onPlace(listener) {
      listeners.add(listener);
      if (last) listener(last);
      return () => listeners.delete(listener);
    },
    space: space.session,
    close() {
      clearTimeout(timer);
      listeners.clear();
      for (const subscription of subscriptions) subscription.cancel();
      space.close();
      mp.disconnect();
    },
  };
}

const MODES: Record<string, SpacePose['mode']> = {
  'mode.inside': 'inside',
  'mode.dollhouse': 'dollhouse',
  'mode.floorplan': 'floorplan',
};
const MODEL = 'intersectedobject.model';

function poseOf(pose: MpPose): SpacePose {
  return {
    sweep: pose.sweep || null,
    rotation: { x: pose.rotation.x, y: pose.rotation.y },
    mode: MODES[pose.mode] ?? 'transitioning',
  };
}

function absolute(url: string): string {
  const here = (globalThis as { location?: { href: string } }).location?.href;
  return here ? new URL(url, here).href : url;
}

/** `#rrggbb` as the SDK's colour: each part from 0 to 1. */
export function sdkColor(hex: string): { r: number; g: number; b: number } {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16) / 255);
  return { r: r!, g: g!, b: b! };
}

/** The SDK's component that loads a glTF model into a scene node (Scene.Component.GLTF_LOADER). */
const GLTF_LOADER = 'mp.gltfLoader';
/** The SDK's basic lights (Scene.Component.LIGHTS_COMPONENT): without lights the models show black. */
const LIGHTS = 'mp.lights';
/** The SDK's lights a lighting is made of (Scene.Component.AMBIENT_LIGHT, DIRECTIONAL_LIGHT). */
const AMBIENT_LIGHT = 'mp.ambientLight';
const DIRECTIONAL_LIGHT = 'mp.directionalLight';
/** A contact shadow floats this far above the floor, so the scan's own floor never shows through it. */
const SHADOW_LIFT = 0.005;

/**
 * A turn of `yaw` degrees about the up axis (y; counter-clockwise seen from above, three.js's right hand) as the
 * unit quaternion a scene node takes.
 */
export function yawQuaternion(yaw: number): { x: number; y: number; z: number; w: number } {
  const half = (yaw * Math.PI) / 360;
  return { x: 0, y: Math.sin(half), z: 0, w: Math.cos(half) };
}

/**
 * `SpaceSession` on Matterport's SDK. The SDK names the tags it adds: the layers' ids are kept beside them, so
 * showing a tag again replaces it and an opened tag is told by the layer's id (a tag opened by `openTag` is heard by
 * `onTagOpened` too, as Showcase selects it). An icon's image is registered once (`Tag.registerIcon`) per URL.
 * A pick is each new `Pointer.intersection` on the model: the stand-in tells one per click on its floor; Matterport's
 * Showcase tells them as the pointer moves (a known difference: there a pick follows the pointer until the editor
 * keeps one). A model is a scene node with the SDK's glTF loader: a node cannot start again once stopped, so a model
 * shown again (or after it was hidden) is a new node. So are the lights (the SDK's basic pair until a lighting is set,
 * then its ambient and directional lights) and a model's contact shadow (another glTF node, flat under it): a new
 * lighting replaces them.
 */
function spaceSession(mp: MpSdk): { session: SpaceSession; close(): void } {
  /** the layer's tag id -> the SDK's */
  const shown = new Map<string, string>();
  /** the layer's model id -> the model, its started scene node and its shadow's */
  const models = new Map<string, { model: SpaceModel; node: MpSceneNode; shadow: MpSceneNode | null }>();
  /** The lights of the models, nodes for the session, started with the first models (null: none started yet). */
  let lights: MpSceneNode[] | null = null;
  /** The lighting set (null: the SDK's basic lights). */
  let lighting: SpaceLighting | null = null;
  const icons = new Map<string, Promise<string>>();
  const subscriptions: Array<{ cancel(): void }> = [];
  let pose: SpacePose = { sweep: null, rotation: { x: 0, y: 0 }, mode: 'transitioning' };
  const poseListeners = new Set<(pose: SpacePose) => void>();
  subscriptions.push(
    mp.Camera.pose.subscribe((now) => {
      pose = poseOf(now);
      for (const listener of poseListeners) listener(pose);
    }),
  );
  // The sweeps and the rooms' labels: read once, when the SDK first tells them.
  const sweeps = new Promise<SpaceSweep[]>((resolve) => {
    let all: Record<string, MpSweep> | null = null;
    let rooms: Record<string, { label?: string }> | null = null;
    const settle = () => {
      if (!all || !rooms) return;
      const labels = rooms;
      resolve(
        Object.values(all).map((sweep) => ({
          sid: sweep.sid,
          position: { x: sweep.position.x, y: sweep.position.y, z: sweep.position.z },
          floor: sweep.floorInfo.sequence ?? null,
          room: (sweep.roomInfo.id && labels[sweep.roomInfo.id]?.label) || null,
          neighbors: [...sweep.neighbors],
        })),
      );
    };
    subscriptions.push(
      mp.Sweep.data.subscribe({
        onCollectionUpdated: (collection) => {
          all ??= collection;
          settle();
        },
      }),
      mp.Room.data.subscribe({
        onCollectionUpdated: (collection) => {
          rooms ??= collection;
          settle();
        },
      }),
    );
  });

  function icon(url: string): Promise<string> {
    let registered = icons.get(url);
    if (!registered) {
      const id = `tourly-icon-${icons.size + 1}`;
      registered = mp.Tag.registerIcon(id, url).then(() => id);
      registered.catch(() => icons.delete(url));
      icons.set(url, registered);
    }
    return registered;
  }

  async function descriptor(tag: SpaceTag): Promise<MpTagDescriptor> {
    return {
      label: tag.label,
      description: tag.description,
      anchorPosition: tag.anchorPosition,
      stemVector: tag.stemVector,
      color: sdkColor(tag.color),
      // Showcase loads the icon from its own frame: a path of the app's (a built-in icon) is made absolute first.
      ...(tag.iconUrl ? { iconId: await icon(absolute(tag.iconUrl)) } : {}),
    };
  }

  function sceneObject(): Promise<MpSceneObject> {
    if (!mp.Scene)
      return Promise.reject(new Error('this Showcase SDK has no Scene API (the Bundle SDK has)'));
    return mp.Scene.createObjects(1).then(([object]) => object!);
  }

  /** The lights' nodes for `lighting`, made (their inputs checked by the SDK) and not started. */
  function lightNodes(object: MpSceneObject, lit: SpaceLighting | null): MpSceneNode[] {
    if (!lit) {
      const basic = object.addNode();
      basic.addComponent(LIGHTS);
      return [basic];
    }
    const ambient = object.addNode();
    ambient.name = 'ambient light';
    ambient.addComponent(AMBIENT_LIGHT, {
      color: sdkColor(lit.ambient.color),
      intensity: lit.ambient.intensity,
    });
    const directional = object.addNode();
    directional.name = 'directional light';
    directional.addComponent(DIRECTIONAL_LIGHT, {
      color: sdkColor(lit.directional.color),
      intensity: lit.directional.intensity,
      position: { ...lit.directional.position },
      target: { x: 0, y: 0, z: 0 },
    });
    return [ambient, directional];
  }

  /** A model's node (the glTF loader, placed, turned and scaled), made and not started. */
  function modelNode(object: MpSceneObject, model: SpaceModel): MpSceneNode {
    const node = object.addNode();
    node.name = model.name;
    node.addComponent(GLTF_LOADER, {
      url: model.url,
      localScale: { x: model.scale, y: model.scale, z: model.scale },
    });
    node.position.set(model.position.x, model.position.y, model.position.z);
    const turn = model.rotation ?? yawQuaternion(model.yaw);
    node.quaternion.set(turn.x, turn.y, turn.z, turn.w);
    return node;
  }

  /**
   * A model's contact shadow under `lit`: the shadow's GLB flat under the model, as wide and deep as its footprint
   * (scaled and turned with it), never picked; null without shadows or without a footprint to size it by.
   */
  function shadowNode(
    object: MpSceneObject,
    model: SpaceModel,
    lit: SpaceLighting | null,
  ): MpSceneNode | null {
    if (!lit?.shadowUrl || !model.footprint) return null;
    const node = object.addNode();
    node.name = `${model.name} (shadow)`;
    node.addComponent(GLTF_LOADER, {
      url: absolute(lit.shadowUrl),
      localScale: { x: model.footprint.width * model.scale, y: 1, z: model.footprint.depth * model.scale },
      colliderEnabled: false,
    });
    node.position.set(model.position.x, model.position.y + SHADOW_LIFT, model.position.z);
    const turn = yawQuaternion(model.yaw);
    node.quaternion.set(turn.x, turn.y, turn.z, turn.w);
    return node;
  }

  const session: SpaceSession = {
    sweeps: () => sweeps,
    async moveTo(sweep, rotation) {
      await mp.Sweep.moveTo(sweep, { transition: 'transition.fly', ...(rotation ? { rotation } : {}) });
    },
    pose: () => Promise.resolve(pose),
    onPose(listener) {
      poseListeners.add(listener);
      return () => poseListeners.delete(listener);
    },
    async showTags(tags) {
      if (tags.length === 0) return;
      // Every tag is checked (its colour) before any leaves the space.
      const descriptors = await Promise.all(tags.map(descriptor));
      await session.hideTags(tags.map((tag) => tag.id));
      const ids = await mp.Tag.add(...descriptors);
      tags.forEach((tag, index) => shown.set(tag.id, ids[index]!));
    },
    async hideTags(ids) {
      const known = ids.filter((id) => shown.has(id));
      if (known.length === 0) return;
      const sdkIds = known.map((id) => shown.get(id)!);
      for (const id of known) shown.delete(id);
      await mp.Tag.remove(...sdkIds);
    },
    async openTag(id) {
      const sdkId = shown.get(id);
      if (!sdkId) throw new Error(`no tag ${id} in the space`);
      await mp.Tag.open(sdkId);
    },
    onTagOpened(listener) {
      // The SDK tells the open tags at once: those were opened before this listener.
      let open: Set<string> | null = null;
      const subscription = mp.Tag.openTags.subscribe(({ selected }) => {
        const before = open;
        open = new Set(selected);
        if (!before) return;
        for (const sdkId of open) {
          if (before.has(sdkId)) continue;
          const id = [...shown].find(([, shownId]) => shownId === sdkId)?.[0];
          if (id) listener(id);
        }
      });
      subscriptions.push(subscription);
      return () => subscription.cancel();
    },
    onPick(listener) {
      // The SDK tells the intersection at once: only the ones after subscribing are picks.
      let first = true;
      const subscription = mp.Pointer.intersection.subscribe((hit) => {
        if (first) {
          first = false;
          return;
        }
        if (hit.object !== MODEL) return;
        const pick: SpacePick = {
          position: { x: hit.position.x, y: hit.position.y, z: hit.position.z },
          normal: { x: hit.normal.x, y: hit.normal.y, z: hit.normal.z },
          floor: typeof hit.floorIndex === 'number' ? hit.floorIndex : null,
        };
        listener(pick);
      });
      subscriptions.push(subscription);
      return () => subscription.cancel();
    },
    async showModels(list) {
      if (list.length === 0) return;
      const object = await sceneObject();
      // Every node is made (its inputs checked by the SDK) before any model leaves the space or starts.
      const lit = lighting;
      const shown = list.map((model) => ({
        model,
        node: modelNode(object, model),
        shadow: shadowNode(object, model, lit),
      }));
      const newLights = lights ? null : lightNodes(object, lit);
      await session.hideModels(list.map((model) => model.id));
      if (newLights) {
        for (const node of newLights) node.start();
        lights = newLights;
      }
      for (const each of shown) {
        each.shadow?.start();
        each.node.start();
        models.set(each.model.id, each);
      }
    },
    async hideModels(ids) {
      for (const id of ids) {
        const shown = models.get(id);
        shown?.node.stop();
        shown?.shadow?.stop();
        models.delete(id);
      }
    },
    async setLighting(next) {
      const before = lighting;
      if (JSON.stringify(before) === JSON.stringify(next)) return;
      lighting = structuredClone(next);
      // Nothing lit yet: the first models start with it.
      if (!lights) return;
      const object = await sceneObject();
      const newLights = lightNodes(object, lighting);
      const shadowsChanged = before?.shadowUrl !== lighting.shadowUrl;
      const newShadows = shadowsChanged
        ? [...models.values()].map((shown) => ({ shown, shadow: shadowNode(object, shown.model, lighting) }))
        : [];
      for (const node of lights) node.stop();
      for (const node of newLights) node.start();
      lights = newLights;
      for (const { shown, shadow } of newShadows) {
        shown.shadow?.stop();
        shadow?.start();
        shown.shadow = shadow;
      }
    },
  };
  return {
    session,
    close() {
      for (const { node, shadow } of models.values()) {
        node.stop();
        shadow?.stop();
      }
      models.clear();
      for (const node of lights ?? []) node.stop();
      poseListeners.clear();
      for (const subscription of subscriptions) subscription.cancel();
    },
  };
}
