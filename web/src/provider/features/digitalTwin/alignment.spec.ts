import { describe, expect, it } from '@jest/globals';
import type { AlignmentAnswer, DigitalTwin } from './api';
import {
  alignBlocker,
  centimetres,
  completePairs,
  draftPairs,
  pairAt,
  pairsSignature,
  placedModel,
  pointText,
  residualText,
  twinState,
  typedNumber,
  verdict,
  type DraftPair,
} from './alignment';

const scan = { x: 1, y: 0, z: -2 };
const pair = (key: number, model: [string, string, string], picked = scan): DraftPair => ({
  key,
  scan: picked,
  model: { x: model[0], y: model[1], z: model[2] },
});
const answer = (over: Partial<AlignmentAnswer>): AlignmentAnswer => ({
  alignmentPoints: [],
  alignment: 'pending_alignment',
  rmsError: null,
  maxError: 0.15,
  ...over,
});

describe('the model point as typed', () => {
  it.each<[string, number | null]>([
    ['2', 2],
    ['-3.25', -3.25],
    [' 0.5 ', 0.5],
    ['1,5', 1.5],
    ['.5', 0.5],
    ['', null],
    ['-', null],
    ['abc', null],
    ['1e3', 1000],
    ['1e', null],
  ])('%j is %p', (text, number) => {
    expect(typedNumber(text)).toBe(number);
  });
});

describe('the pairs Align sends', () => {
  it('sends every pair once each is complete, and says what is missing before', () => {
    const two = [pair(1, ['0', '0', '0']), pair(2, ['1', '0', '0'])];
    expect(alignBlocker(two)).toBe('Add 1 more pair: the fit needs at least 3.');
    expect(alignBlocker([])).toBe('Add 3 more pairs: the fit needs at least 3.');
    const incomplete = [...two, pair(3, ['1', '', '2'])];
    expect(completePairs(incomplete)).toBeNull();
    expect(alignBlocker(incomplete)).toBe(
      'Type the model point of every pair (x, y and z), or remove the pair.',
    );
    const three = [...two, pair(3, ['1', '0', '2'])];
    expect(alignBlocker(three)).toBeNull();
    expect(completePairs(three)).toEqual([
      { scan, model: { x: 0, y: 0, z: 0 } },
      { scan, model: { x: 1, y: 0, z: 0 } },
      { scan, model: { x: 1, y: 0, z: 2 } },
    ]);
  });

  it('loads the kept pairs for editing, and a new pick gets the next key', () => {
    const kept = answer({
      alignmentPoints: [{ scan, model: { x: 0.5, y: 0, z: -1 }, residual: 0.01 }],
    });
    const pairs = draftPairs(kept);
    expect(pairs).toEqual([{ key: 1, scan, model: { x: '0.5', y: '0', z: '-1' } }]);
    expect(pairsSignature(completePairs(pairs)!)).toBe(
      pairsSignature(kept.alignmentPoints.map(({ scan: s, model }) => ({ scan: s, model }))),
    );
    expect(pairAt(pairs, { x: 4, y: 1, z: 2 })).toEqual({
      key: 2,
      scan: { x: 4, y: 1, z: 2 },
      model: { x: '', y: '', z: '' },
    });
  });
});

describe('the fit in words', () => {
  it.each<[number, string]>([
    [0.0001, '0 cm'],
    [0.042, '4 cm'],
    [2.004, '200 cm'],
  ])('%p m is %s', (metres, text) => {
    expect(centimetres(metres)).toBe(text);
  });

  it('reads a point to the centimetre', () => {
    expect(pointText({ x: 1.234, y: -0.0001, z: -2.1 })).toBe('1.23, 0.00, -2.10 m');
  });

  it('flags a pair over the maximum error', () => {
    expect(residualText(0.003, 0.15)).toEqual({ text: 'Residual 0 cm', off: false });
    expect(residualText(0.15, 0.15)).toEqual({ text: 'Residual 15 cm', off: false });
    expect(residualText(1.2, 0.15)).toEqual({
      text: 'Residual 120 cm: this pair is off: check both points',
      off: true,
    });
  });

  it.each<[string, AlignmentAnswer, boolean, string | null]>([
    ['no fit yet', answer({}), true, null],
    [
      'aligned',
      answer({ alignment: 'aligned', rmsError: 0.031 }),
      true,
      'Aligned (error 3 cm): visitors see the exterior',
    ],
    [
      'aligned, hidden from visitors',
      answer({ alignment: 'aligned', rmsError: 0.031 }),
      false,
      'Aligned (error 3 cm): visitors see the exterior once you tick “Show to visitors”',
    ],
    [
      'not aligned',
      answer({ rmsError: 0.42 }),
      true,
      'Not aligned: the error is 42 cm, over 15 cm; check the pairs with the largest residual',
    ],
  ])('%s', (_, fit, visible, text) => {
    expect(verdict(fit, visible)).toBe(text);
  });
});

describe('the twin', () => {
  const twin = (over: Partial<DigitalTwin>): DigitalTwin => ({
    id: 'twin-1',
    propertyId: 'property-1',
    alignment: 'aligned',
    rmsError: 0.04,
    alignedAt: '2025-01-01T00:00:00Z',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    config: { visible: true, opacity: 1, lighting: 'scan', hiddenFloors: [] },
    asset: { name: 'House', url: 'https://storage/house.glb?sig=1' } as DigitalTwin['asset'],
    transform: {
      scale: 1.5,
      quaternion: { x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 },
      translation: { x: 3, y: 1, z: 0 },
    },
    ...over,
  });

  it('says its state', () => {
    expect(twinState(twin({}))).toBe('Aligned, error 4 cm');
    expect(twinState(twin({ alignment: 'pending_alignment', rmsError: 0.5 }))).toBe('Pending alignment');
  });

  it('is placed where its alignment puts it, once aligned and while its model exists', () => {
    expect(placedModel(twin({}))).toEqual({
      id: 'digital-twin-twin-1',
      name: 'House',
      url: 'https://storage/house.glb?sig=1',
      position: { x: 3, y: 1, z: 0 },
      yaw: 0,
      rotation: { x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 },
      scale: 1.5,
    });
    expect(placedModel(twin({ alignment: 'pending_alignment' }))).toBeNull();
    expect(placedModel(twin({ asset: null }))).toBeNull();
    expect(placedModel(twin({ transform: null }))).toBeNull();
  });
});
