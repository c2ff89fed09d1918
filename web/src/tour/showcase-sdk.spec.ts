import { describe, expect, it } from '@jest/globals';
import { sdkVersion, showcaseSession, yawQuaternion, type MpSdk } from './showcase-sdk';
import type { SpaceLighting, SpaceModel, SpacePick, SpacePoint, SpacePose, SpaceTag } from './space';

describe('the Matterport SDK version the player asks for', () => {
  it.each([
    ['', '3.11'],
    ['?sdk_version=3.12', '3.12'],
    ['?mls=1&sdk_version=3.1.68', '3.1.68'],
    ['?sdk_version=latest', '3.11'],
    ['?sdk_version=', '3.11'],
  ])('%j -> %s', (search, version) => {
    expect(sdkVersion(search)).toBe(version);
  });
});

/** An observable as the SDK's: calls back at once, then at each `set`. */
function observable<T>(value: T) {
  const observers = new Set<(value: T) => void>();
  return {
    api: {
      subscribe(callback: (value: T) => void) {
        observers.add(callback);
        callback(value);
        return { cancel: () => observers.delete(callback) };
      },
    },
    set(next: T) {
      value = next;
      for (const observer of observers) observer(value);
    },
  };
}

function collection<T>(items: Record<string, T>) {
  return {
    subscribe(observer: { onCollectionUpdated(all: Record<string, T>): void }) {
      observer.onCollectionUpdated(items);
      return { cancel() {} };
    },
  };
}

/** A small MpSdk: what the session calls, recorded; tags named t1, t2... as the SDK names its own. */
function fakeSdk() {
  const calls: unknown[][] = [];
  const pose = observable({ rotation: { x: 0, y: 0 }, sweep: '', mode: 'mode.transitioning' });
  const openTags = observable({ selected: new Set<string>() });
  const intersection = observable<{
    position: SpacePoint;
    normal: SpacePoint;
    floorIndex?: number;
    object: string;
  }>({
    position: { x: 0, y: 0, z: 0 },
    normal: { x: 0, y: 0, z: 0 },
    object: 'intersectedobject.none',
  });
  let tagCount = 0;
  const mp: MpSdk = {
    Sweep: {
      current: observable({ sid: '', floorInfo: {} }).api,
      data: collection({
        a: {
          sid: 'a',
          position: { x: 0, y: 0, z: 0 },
          floorInfo: { sequence: 0 },
          roomInfo: { id: 'r1' },
          neighbors: ['b'],
        },
        b: {
          sid: 'b',
          position: { x: 3, y: 0, z: 0 },
          floorInfo: { sequence: 0 },
          roomInfo: {},
          neighbors: ['a'],
        },
      }),
      moveTo: async (sid, options) => {
        calls.push(['Sweep.moveTo', sid, options]);
        if (sid !== 'a' && sid !== 'b')
          throw new Error(`Sweep.moveTo: no sweep with id ${sid} in this space`);
        pose.set({ rotation: options?.rotation ?? { x: 0, y: 0 }, sweep: sid, mode: 'mode.inside' });
        return sid;
      },
    },
    Room: {
      current: observable({ rooms: [] as Array<{ label?: string }> }).api,
      data: collection({ r1: { id: 'r1', label: 'Kitchen' } }),
    },
    Camera: { pose: pose.api },
    Tag: {
      add: async (...tags) => {
        calls.push(['Tag.add', ...tags]);
        return tags.map(() => `t${++tagCount}`);
      },
      remove: async (...ids) => {
        calls.push(['Tag.remove', ...ids]);
        return ids;
      },
      open: async (id) => {
        calls.push(['Tag.open', id]);
        openTags.set({ selected: new Set([id]) });
      },
      registerIcon: async (id, src) => {
        calls.push(['Tag.registerIcon', id, src]);
      },
      openTags: openTags.api,
    },
    Pointer: { intersection: intersection.api },
    Scene: {
      createObjects: async (count) => {
        calls.push(['Scene.createObjects', count]);
        return [{ addNode: () => sceneNode(calls) }];
      },
    },
    disconnect: () => calls.push(['disconnect']),
  };
  return { mp, calls, openTags, intersection };
}

/** A scene node as the SDK's: its transform set in place; its start and stop recorded with what it shows. */
function sceneNode(calls: unknown[][]) {
  const node = {
    name: '',
    inputs: {} as Record<string, unknown>,
    at: [0, 0, 0],
    turn: [0, 0, 0, 1],
    position: { set: (x: number, y: number, z: number) => (node.at = [x, y, z]) },
    quaternion: { set: (x: number, y: number, z: number, w: number) => (node.turn = [x, y, z, w]) },
    addComponent(type: string, inputs?: Record<string, unknown>) {
      if (type === 'mp.lights') node.name = 'lights';
      else if (!['mp.gltfLoader', 'mp.ambientLight', 'mp.directionalLight'].includes(type)) {
        throw new Error(`addComponent: no component registered as ${type}`);
      }
      node.inputs = inputs ?? {};
    },
    start: () => calls.push(['start', node.name, node.inputs, node.at, node.turn]),
    stop: () => calls.push(['stop', node.name]),
  };
  return node;
}

const tag = (id: string, extra: Partial<SpaceTag> = {}): SpaceTag => ({
  id,
  label: `Tag ${id}`,
  description: '',
  color: '#ff8000',
  anchorPosition: { x: 1, y: 0, z: 1 },
  stemVector: { x: 0, y: 0.3, z: 0 },
  ...extra,
});

describe('a yaw as the quaternion a scene node takes', () => {
  it.each([
    [0, { x: 0, y: 0, z: 0, w: 1 }],
    [90, { x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 }],
    [180, { x: 0, y: 1, z: 0, w: 0 }],
    [270, { x: 0, y: Math.SQRT1_2, z: 0, w: -Math.SQRT1_2 }],
    [360, { x: 0, y: 0, z: 0, w: -1 }],
  ])('%d degrees', (yaw, expected) => {
    const turn = yawQuaternion(yaw);
    for (const axis of ['x', 'y', 'z', 'w'] as const) expect(turn[axis]).toBeCloseTo(expected[axis], 12);
  });

  it('turns counter-clockwise seen from above: +x goes to -z at 90 degrees', () => {
    // v' = q v q*, for a turn about y: x' = x cos + z sin, z' = -x sin + z cos (the angle 2 atan2(y, w)).
    const { y, w } = yawQuaternion(90);
    const angle = 2 * Math.atan2(y, w);
    expect(Math.cos(angle)).toBeCloseTo(0, 12);
    expect(-Math.sin(angle)).toBeCloseTo(-1, 12);
  });
});

describe('the SpaceSession over Matterport’s SDK', () => {
  it('lists the sweeps with their floor, room and neighbours', async () => {
    const { space } = showcaseSession(fakeSdk().mp);
    expect(await space.sweeps()).toEqual([
      { sid: 'a', position: { x: 0, y: 0, z: 0 }, floor: 0, room: 'Kitchen', neighbors: ['b'] },
      { sid: 'b', position: { x: 3, y: 0, z: 0 }, floor: 0, room: null, neighbors: ['a'] },
    ]);
  });

  it('moves with a fly and a rotation, tells the pose, and passes the SDK’s refusal on', async () => {
    const { mp, calls } = fakeSdk();
    const { space } = showcaseSession(mp);
    const poses: SpacePose[] = [];
    space.onPose((pose) => poses.push(pose));
    expect(await space.pose()).toEqual({ sweep: null, rotation: { x: 0, y: 0 }, mode: 'transitioning' });
    await space.moveTo('b', { x: -10, y: 90 });
    expect(calls).toEqual([
      ['Sweep.moveTo', 'b', { transition: 'transition.fly', rotation: { x: -10, y: 90 } }],
    ]);
    expect(poses).toEqual([{ sweep: 'b', rotation: { x: -10, y: 90 }, mode: 'inside' }]);
    expect(await space.pose()).toEqual(poses[0]);
    await expect(space.moveTo('z')).rejects.toThrow('Sweep.moveTo: no sweep with id z in this space');
  });

  it('shows tags in the SDK’s shapes (colour, icon registered once), replaces one shown again, opens and hides them', async () => {
    const { mp, calls, openTags } = fakeSdk();
    const { space } = showcaseSession(mp);
    const opened: string[] = [];
    space.onTagOpened((id) => opened.push(id));
    await space.showTags([tag('one'), tag('two', { iconUrl: 'https://cdn.test/pool.png' })]);
    expect(calls).toEqual([
      ['Tag.registerIcon', 'tourly-icon-1', 'https://cdn.test/pool.png'],
      [
        'Tag.add',
        {
          label: 'Tag one',
          description: '',
          anchorPosition: { x: 1, y: 0, z: 1 },
          stemVector: { x: 0, y: 0.3, z: 0 },
          color: { r: 1, g: 128 / 255, b: 0 },
        },
        expect.objectContaining({ label: 'Tag two', iconId: 'tourly-icon-1' }),
      ],
    ]);
    calls.length = 0;
    // Shown again: the SDK's tag is replaced; the icon is not registered twice.
    await space.showTags([tag('two', { label: 'Pool', iconUrl: 'https://cdn.test/pool.png' })]);
    expect(calls).toEqual([
      ['Tag.remove', 't2'],
      ['Tag.add', expect.objectContaining({ label: 'Pool' })],
    ]);
    calls.length = 0;
    // Opened by the layer, then by the visitor in Showcase: told by the layer's ids.
    await space.openTag('two');
    openTags.set({ selected: new Set(['t1']) });
    expect(calls).toEqual([['Tag.open', 't3']]);
    expect(opened).toEqual(['two', 'one']);
    await expect(space.openTag('three')).rejects.toThrow('no tag three in the space');
    calls.length = 0;
    await space.hideTags(['one', 'never-shown']);
    expect(calls).toEqual([['Tag.remove', 't1']]);
    // A colour that is not #rrggbb: nothing leaves the space, nothing is added.
    calls.length = 0;
    await expect(space.showTags([tag('two', { color: 'red' })])).rejects.toThrow('not a colour: red');
    expect(calls).toEqual([]);
  });

  it('tells picks: each new intersection with the model, not the one before subscribing, with its floor', () => {
    const { mp, intersection } = fakeSdk();
    const { space } = showcaseSession(mp);
    const picks: SpacePick[] = [];
    const stop = space.onPick((pick) => picks.push(pick));
    const hit = { position: { x: 1, y: -1.5, z: 2 }, normal: { x: 0, y: 1, z: 0 } };
    intersection.set({ ...hit, object: 'intersectedobject.model' });
    intersection.set({ ...hit, floorIndex: 1, object: 'intersectedobject.model' });
    intersection.set({ ...hit, object: 'intersectedobject.sweep' });
    stop();
    intersection.set({ ...hit, object: 'intersectedobject.model' });
    expect(picks).toEqual([
      { ...hit, floor: null },
      { ...hit, floor: 1 },
    ]);
  });

  it('places models as scene nodes with the glTF loader, scaled and turned, lit once; one shown again is a new node', async () => {
    const { mp, calls } = fakeSdk();
    const session = showcaseSession(mp);
    const sofa: SpaceModel = {
      id: 'p1',
      name: 'Sofa',
      url: 'https://s3.test/sofa.glb',
      position: { x: 1.5, y: 0, z: -2.25 },
      yaw: 180,
      scale: 1.5,
    };
    await session.space.showModels([sofa, { ...sofa, id: 'p2', name: 'Lamp', yaw: 0, scale: 1 }]);
    const turned = yawQuaternion(180);
    expect(calls).toEqual([
      ['Scene.createObjects', 1],
      ['start', 'lights', {}, [0, 0, 0], [0, 0, 0, 1]],
      [
        'start',
        'Sofa',
        { url: 'https://s3.test/sofa.glb', localScale: { x: 1.5, y: 1.5, z: 1.5 } },
        [1.5, 0, -2.25],
        [turned.x, turned.y, turned.z, turned.w],
      ],
      [
        'start',
        'Lamp',
        expect.objectContaining({ localScale: { x: 1, y: 1, z: 1 } }),
        [1.5, 0, -2.25],
        [0, 0, 0, 1],
      ],
    ]);
    calls.length = 0;
    // Hidden: its node stops (for good); shown again: a new node starts.
    await session.space.hideModels(['p1', 'never-shown']);
    await session.space.showModels([sofa]);
    expect(calls.map((call) => call.slice(0, 2))).toEqual([
      ['stop', 'Sofa'],
      ['Scene.createObjects', 1],
      ['start', 'Sofa'],
    ]);
    calls.length = 0;
    // Closed: the models leave the space before the SDK disconnects.
    session.close();
    expect(calls).toEqual([['stop', 'Lamp'], ['stop', 'Sofa'], ['stop', 'lights'], ['disconnect']]);
  });

  it('lights the models with a lighting once set: its ambient and directional lights replace the lights, and a shadow under each model with a footprint', async () => {
    const { mp, calls } = fakeSdk();
    const session = showcaseSession(mp);
    const lighting: SpaceLighting = {
      ambient: { color: '#ffffff', intensity: 0.5 },
      directional: { color: '#ff0000', intensity: 2, position: { x: 1, y: 3, z: 2 } },
      shadowUrl: null,
    };
    // Before any model: nothing to light yet.
    await session.space.setLighting(lighting);
    expect(calls).toEqual([]);
    const sofa: SpaceModel = {
      id: 'p1',
      name: 'Sofa',
      url: 'https://s3.test/sofa.glb',
      position: { x: 1, y: 0.5, z: -2 },
      yaw: 90,
      scale: 2,
      footprint: { width: 2, depth: 0.8 },
    };
    const stool: SpaceModel = { ...sofa, id: 'p2', name: 'Stool', footprint: undefined };
    await session.space.showModels([sofa, stool]);
    expect(calls.map((call) => call.slice(0, 3))).toEqual([
      ['Scene.createObjects', 1],
      ['start', 'ambient light', { color: { r: 1, g: 1, b: 1 }, intensity: 0.5 }],
      [
        'start',
        'directional light',
        {
          color: { r: 1, g: 0, b: 0 },
          intensity: 2,
          position: { x: 1, y: 3, z: 2 },
          target: { x: 0, y: 0, z: 0 },
        },
      ],
      ['start', 'Sofa', expect.anything()],
      ['start', 'Stool', expect.anything()],
    ]);
    calls.length = 0;

    // Shadows on: the lights are new nodes, and the sofa (with a footprint) gets a shadow under it, its size.
    await session.space.setLighting({ ...lighting, shadowUrl: 'https://app.test/assets/contact-shadow.glb' });
    const turned = yawQuaternion(90);
    expect(calls).toEqual([
      ['Scene.createObjects', 1],
      ['stop', 'ambient light'],
      ['stop', 'directional light'],
      ['start', 'ambient light', expect.anything(), [0, 0, 0], [0, 0, 0, 1]],
      ['start', 'directional light', expect.anything(), [0, 0, 0], [0, 0, 0, 1]],
      [
        'start',
        'Sofa (shadow)',
        {
          url: 'https://app.test/assets/contact-shadow.glb',
          localScale: { x: 4, y: 1, z: 1.6 },
          colliderEnabled: false,
        },
        [1, 0.505, -2],
        [turned.x, turned.y, turned.z, turned.w],
      ],
    ]);
    calls.length = 0;

    // The same lighting again changes nothing; a hidden model takes its shadow with it.
    await session.space.setLighting({ ...lighting, shadowUrl: 'https://app.test/assets/contact-shadow.glb' });
    expect(calls).toEqual([]);
    await session.space.hideModels(['p1']);
    expect(calls).toEqual([
      ['stop', 'Sofa'],
      ['stop', 'Sofa (shadow)'],
    ]);
    calls.length = 0;
    session.close();
    expect(calls).toEqual([
      ['stop', 'Stool'],
      ['stop', 'ambient light'],
      ['stop', 'directional light'],
      ['disconnect'],
    ]);
  });

  it('refuses a lighting whose colour is not #rrggbb before any light leaves the space', async () => {
    const { mp, calls } = fakeSdk();
    const session = showcaseSession(mp);
    await session.space.showModels([
      {
        id: 'p1',
        name: 'Sofa',
        url: 'https://s3.test/sofa.glb',
        position: { x: 0, y: 0, z: 0 },
        yaw: 0,
        scale: 1,
      },
    ]);
    calls.length = 0;
    await expect(
      session.space.setLighting({
        ambient: { color: 'warm', intensity: 1 },
        directional: { color: '#ffffff', intensity: 2, position: { x: 0, y: 3, z: 0 } },
        shadowUrl: null,
      }),
    ).rejects.toThrow('not a colour: warm');
    expect(calls).toEqual([['Scene.createObjects', 1]]);
  });

  it('refuses models when the SDK has no Scene API (the embed SDK)', async () => {
    const { mp } = fakeSdk();
    const { space } = showcaseSession({ ...mp, Scene: undefined });
    await expect(
      space.showModels([
        {
          id: 'p1',
          name: 'Sofa',
          url: 'https://s3.test/sofa.glb',
          position: { x: 0, y: 0, z: 0 },
          yaw: 0,
          scale: 1,
        },
      ]),
    ).rejects.toThrow('this Showcase SDK has no Scene API (the Bundle SDK has)');
  });

  it('closes: listeners let go, the SDK disconnects', () => {
    const { mp, calls } = fakeSdk();
    const session = showcaseSession(mp);
    session.close();
    expect(calls).toEqual([['disconnect']]);
  });
});
