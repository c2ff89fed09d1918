import { describe, expect, it } from '@jest/globals';
import { stagingShowcase } from './showcase-scene';
import type { ShowcaseSession } from './showcase-sdk';
import type { SpaceLighting, SpaceModel, SpacePick, SpaceSession } from './space';

/** A session whose space records what the editor's scene asks of it (the SDK's side is showcase-sdk.spec.ts's). */
function recordingSession() {
  const calls: string[] = [];
  const pickListeners = new Set<(pick: SpacePick) => void>();
  const space = {
    async showModels(models: SpaceModel[]) {
      if (models.length > 0) calls.push(`show ${models.map((model) => model.id).join(',')}`);
    },
    async hideModels(ids: string[]) {
      if (ids.length > 0) calls.push(`hide ${ids.join(',')}`);
    },
    async setLighting(lighting: SpaceLighting) {
      calls.push(`light ${lighting.ambient.color}`);
    },
    onPick(listener: (pick: SpacePick) => void) {
      pickListeners.add(listener);
      return () => pickListeners.delete(listener);
    },
  } as unknown as SpaceSession;
  const session: ShowcaseSession = {
    onPlace: () => () => undefined,
    space,
    close: () => calls.push('close'),
  };
  return { session, calls, pick: (pick: SpacePick) => pickListeners.forEach((listener) => listener(pick)) };
}

const sofa: SpaceModel = {
  id: 'p1',
  name: 'Sofa',
  url: 'https://storage.test/sofa.glb?X-Amz-Signature=1',
  position: { x: 1, y: 0, z: 2 },
  yaw: 90,
  scale: 1,
};
const lamp: SpaceModel = { ...sofa, id: 'p2', name: 'Lamp', url: 'https://storage.test/lamp.glb?sig=1' };

describe('the staging editor’s scene in Showcase', () => {
  it('shows new pieces, leaves unchanged ones (a fresh link signature aside), re-places moved ones, takes out removed ones', async () => {
    const { session, calls } = recordingSession();
    const scene = stagingShowcase(session);
    await scene.show([sofa, lamp]);
    await scene.show([{ ...sofa, url: 'https://storage.test/sofa.glb?X-Amz-Signature=2' }, lamp]);
    await scene.show([{ ...sofa, yaw: 180 }]);
    await scene.show([]);
    scene.close();
    expect(calls).toEqual(['show p1,p2', 'hide p2', 'show p1', 'hide p1', 'close']);
  });

  it('runs one change after another, so a quick series of edits ends as the last one says', async () => {
    const { session, calls } = recordingSession();
    const scene = stagingShowcase(session);
    await Promise.all([scene.show([sofa]), scene.show([sofa, lamp]), scene.show([lamp])]);
    expect(calls).toEqual(['show p1', 'show p2', 'hide p1']);
  });

  it('lights the pieces in turn with the edits, and not once closed', async () => {
    const { session, calls } = recordingSession();
    const scene = stagingShowcase(session);
    const lighting = (color: string): SpaceLighting => ({
      ambient: { color, intensity: 1 },
      directional: { color, intensity: 2, position: { x: 0, y: 3, z: 0 } },
      shadowUrl: null,
    });
    await Promise.all([
      scene.light(lighting('#ffffff')),
      scene.show([sofa]),
      scene.light(lighting('#ffc98a')),
    ]);
    scene.close();
    await scene.light(lighting('#000000'));
    expect(calls).toEqual(['light #ffffff', 'show p1', 'light #ffc98a', 'close']);
  });

  it('passes on each click with its floor, until unsubscribed', () => {
    const { session, pick } = recordingSession();
    const scene = stagingShowcase(session);
    const heard: SpacePick[] = [];
    const stop = scene.onPick((spot) => heard.push(spot));
    const spot = { position: { x: 1, y: 0, z: 1 }, normal: { x: 0, y: 1, z: 0 }, floor: 1 };
    pick(spot);
    stop();
    pick(spot);
    expect(heard).toEqual([spot]);
  });
});
