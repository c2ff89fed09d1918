import { describe, expect, it } from '@jest/globals';
import { stagingShowcase, type MpSceneSdk, type StagedModel } from './showcase-scene';

type Hit = { position: { x: number; y: number; z: number }; normal: { x: number; y: number; z: number } } & {
  floorIndex?: number;
  object: string;
};

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
      for (const observer of observers) observer(next);
    },
  };
}
const empty = { subscribe: () => ({ cancel() {} }) };

/** The SDK's Scene as far as the editor uses it: every node it starts and stops, recorded. */
function fakeSdk() {
  const events: string[] = [];
  const nodes: Array<Record<string, unknown>> = [];
  const intersection = observable<Hit>({
    position: { x: 0, y: 0, z: 0 },
    normal: { x: 0, y: 1, z: 0 },
    object: 'intersectedobject.model',
  });
  const vector = (name: string, node: Record<string, unknown>) => ({
    set: (x: number, y: number, z: number) => void (node[name] = { x, y, z }),
  });
  const mp = {
    Sweep: { current: observable({ sid: '', floorInfo: {} }).api, data: empty },
    Room: { current: observable({ rooms: [] }).api, data: empty },
    Camera: { pose: observable({ rotation: { x: 0, y: 0 }, sweep: '', mode: '' }).api },
    Pointer: { intersection: intersection.api },
    disconnect: () => events.push('disconnect'),
    Scene: {
      createObjects: async (count: number) =>
        Array.from({ length: count }, () => {
          let node: Record<string, unknown> = {};
          return {
            addNode(id: string) {
              node = { id };
              nodes.push(node);
              return {
                set name(name: string) {
                  node.name = name;
                },
                position: vector('position', node),
                scale: vector('scale', node),
                quaternion: {
                  set: (x: number, y: number, z: number, w: number) => void (node.rotation = { x, y, z, w }),
                },
                addComponent: (type: string, inputs: Record<string, unknown>) => void (node[type] = inputs),
              };
            },
            start: () => events.push(`start ${node.id as string}`),
            stop: () => events.push(`stop ${node.id as string}`),
          };
        }),
    },
  } as unknown as MpSceneSdk;
  return { mp, events, nodes, intersection };
}

const SOFA: StagedModel = {
  id: 'sofa',
  name: 'Linen sofa',
  url: 'https://storage.test/sofa.glb?X-Amz-Signature=1',
  position: { x: 1, y: -1.5, z: 2 },
  rotation: { x: 0, y: 0, z: 0, w: 1 },
  scale: 1,
};

describe('the staged scene in Showcase', () => {
  it('places each model as a started node with its GLB and transform', async () => {
    const { mp, events, nodes } = fakeSdk();
    await stagingShowcase(mp).show([SOFA]);
    expect(events).toEqual(['start sofa']);
    expect(nodes).toEqual([
      {
        id: 'sofa',
        name: 'Linen sofa',
        'mp.gltfLoader': { url: SOFA.url },
        position: SOFA.position,
        rotation: SOFA.rotation,
        scale: { x: 1, y: 1, z: 1 },
      },
    ]);
  });

  it('leaves a model that did not change, places a moved one again and stops a removed one', async () => {
    const { mp, events } = fakeSdk();
    const scene = stagingShowcase(mp);
    const lamp = { ...SOFA, id: 'lamp', name: 'Lamp' };
    await scene.show([SOFA, lamp]);
    // A fresh signature of the same GLB is the same model.
    await scene.show([{ ...SOFA, url: `${SOFA.url}2` }, lamp]);
    expect(events).toEqual(['start sofa', 'start lamp']);
    await scene.show([{ ...SOFA, scale: 2 }]);
    expect(events).toEqual(['start sofa', 'start lamp', 'stop lamp', 'stop sofa', 'start sofa']);
    scene.close();
    expect(events.slice(-2)).toEqual(['stop sofa', 'disconnect']);
  });

  it('tells each click on the model after subscribing, with its floor', () => {
    const { mp, intersection } = fakeSdk();
    const picks: unknown[] = [];
    stagingShowcase(mp).onPick((pick) => picks.push(pick));
    const floor = { position: { x: 1, y: -1.5, z: 2 }, normal: { x: 0, y: 1, z: 0 } };
    intersection.set({ ...floor, floorIndex: 1, object: 'intersectedobject.model' });
    intersection.set({ ...floor, object: 'intersectedobject.tag' });
    intersection.set({ ...floor, object: 'intersectedobject.model' });
    expect(picks).toEqual([
      { ...floor, floor: 1 },
      { ...floor, floor: null },
    ]);
  });
});
