import { describe, expect, it } from '@jest/globals';
import { spaceOver, sweepsOf } from '../../../../player/layers/wayfinding/spaceDouble';
import { newJourney, pointAtPose, pointsNotInSpace, withoutPoint } from './rules';

const point = (id: string, sweep = `s-${id}`) => ({ id, name: id, sweep, rotation: null });

describe('pointAtPose', () => {
  it('takes the sweep the preview stands at and where it looks, with a new id', async () => {
    const space = spaceOver(sweepsOf({ hall: ['kitchen'], kitchen: ['hall'] }));
    await space.session.moveTo('kitchen', { x: -12.345, y: 181.26 });
    expect(pointAtPose(await space.session.pose(), ' Kitchen ', [point('point-2')])).toEqual({
      id: 'point-3',
      name: 'Kitchen',
      sweep: 'kitchen',
      rotation: { x: -12.3, y: 181.3 },
    });
  });

  it.each([
    ['no sweep', { sweep: null, rotation: { x: 0, y: 0 }, mode: 'inside' as const }],
    ['the dollhouse', { sweep: 'hall', rotation: { x: 0, y: 0 }, mode: 'dollhouse' as const }],
  ])('is none in %s', (_name, pose) => expect(pointAtPose(pose, 'Here', [])).toBeNull());

  it('names an unnamed place by its number', () => {
    const pose = { sweep: 'hall', rotation: { x: 0, y: 0 }, mode: 'inside' as const };
    expect(pointAtPose(pose, '', [])?.name).toBe('Place 1');
  });
});

describe('pointsNotInSpace', () => {
  it('flags the points whose sweep the space does not have', () => {
    const sweeps = sweepsOf({ a: [], b: [] });
    expect(pointsNotInSpace([point('x', 'a'), point('y', 'gone')], sweeps)).toEqual(new Set(['y']));
  });
});

describe('withoutPoint and newJourney', () => {
  const layer = {
    points: [point('hall'), point('kitchen'), point('attic')],
    journeys: [
      { id: 'j1', name: 'To the kitchen', from: 'hall', to: 'kitchen' },
      { id: 'j2', name: 'To the attic', from: 'hall', to: 'attic' },
    ],
  };
  it('drops the point and the journeys that used it', () => {
    expect(withoutPoint(layer, 'kitchen')).toEqual({
      points: [point('hall'), point('attic')],
      journeys: [layer.journeys[1]],
    });
  });
  it('starts a journey between the first two points, none with fewer', () => {
    expect(newJourney(layer)).toEqual({
      id: 'journey-3',
      name: 'Take me to kitchen',
      from: 'hall',
      to: 'kitchen',
    });
    expect(newJourney({ points: [point('hall')], journeys: [] })).toBeNull();
  });
});
