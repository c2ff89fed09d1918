import { describe, expect, it } from '@jest/globals';
import type { AnalyticsPlace, RoomPin } from './api';
import { floorplanFor, heatLabel, heatPins, onImage, placeableRooms, shortSeconds } from './heatmap';

const place = (fields: Partial<AnalyticsPlace>): AnalyticsPlace => ({
  sweep: 'a1',
  room: null,
  floor: null,
  seconds: 0,
  visits: 1,
  share: 0,
  ...fields,
});
const pin = (fields: Partial<RoomPin>): RoomPin => ({
  room: 'Kitchen',
  floor: 0,
  floorplanId: 'ground',
  x: 0.5,
  y: 0.5,
  ...fields,
});

describe('shortSeconds', () => {
  it.each([
    [0, '0 s'],
    [44.6, '45 s'],
    [59.4, '59 s'],
    [60, '1 min'],
    [125, '2 min'],
    // Rounded to the minute first: never '60 min'.
    [3599, '1 h'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
  ])('says %s seconds as %s', (seconds, said) => {
    expect(shortSeconds(seconds)).toBe(said);
  });
});

describe('placeableRooms', () => {
  it('lists the rooms of the places once (never a sweep alone), then rooms placed earlier without time', () => {
    const places = [
      place({ room: 'Kitchen', floor: 0, seconds: 90 }),
      place({ sweep: 'b2' }),
      place({ room: 'Kitchen', floor: 1 }),
      place({ room: 'Garden' }),
    ];
    expect(placeableRooms(places, [pin({ room: 'Kitchen' }), pin({ room: 'Cellar', floor: null })])).toEqual([
      { room: 'Kitchen', floor: 0 },
      { room: 'Kitchen', floor: 1 },
      { room: 'Garden', floor: null },
      { room: 'Cellar', floor: null },
    ]);
  });
});

describe('heatPins', () => {
  it('colours by the share against the top place and sizes by area against the top time', () => {
    const places = [
      place({ room: 'Kitchen', floor: 0, seconds: 120, share: 0.4 }),
      place({ room: 'Study', floor: 0, seconds: 30, share: 0.1 }),
      place({ sweep: 'c3', seconds: 150, share: 0.5 }),
    ];
    const [kitchen, study, cellar] = heatPins(
      [pin({ room: 'Kitchen' }), pin({ room: 'Study' }), pin({ room: 'Cellar' })],
      places,
    );
    expect(kitchen).toMatchObject({ seconds: 120, heat: 0.8, visited: true });
    expect(kitchen!.size).toBeCloseTo(Math.sqrt(0.8));
    expect(study).toMatchObject({ seconds: 30, heat: 0.2, size: Math.sqrt(0.2), visited: true });
    expect(cellar).toMatchObject({ seconds: 0, heat: 0, size: 0, visited: false });
    expect(heatLabel(kitchen!)).toBe('Kitchen: 2 min, 40% of the time');
    expect(heatLabel(cellar!)).toBe('Cellar: no time in this range');
  });

  it('tells a room from its namesake on another floor', () => {
    const [upstairs] = heatPins(
      [pin({ floor: 1 })],
      [place({ room: 'Kitchen', floor: 0, seconds: 9, share: 1 })],
    );
    expect(upstairs!.visited).toBe(false);
  });
});

describe('onImage', () => {
  it.each([
    [-0.2, 0],
    [0.123456, 0.1235],
    [1.5, 1],
  ])('keeps %s on the image as %s', (value, kept) => {
    expect(onImage(value)).toBe(kept);
  });
});

describe('floorplanFor', () => {
  const plans = ['ground', 'upstairs'];
  it.each<[string, { room: string; floor: number | null }, RoomPin[], string]>([
    ['where the room is', { room: 'Kitchen', floor: 0 }, [pin({ floorplanId: 'upstairs' })], 'upstairs'],
    [
      'where its floor’s rooms are',
      { room: 'Study', floor: 0 },
      [pin({ floorplanId: 'upstairs' })],
      'upstairs',
    ],
    ['the plan in its floor’s place', { room: 'Attic', floor: 1 }, [pin({})], 'upstairs'],
    ['the plan shown past the last', { room: 'Roof', floor: 5 }, [], 'shown'],
    ['the plan shown without a floor', { room: 'Garden', floor: null }, [], 'shown'],
  ])('chooses %s', (_case, room, draft, chosen) => {
    expect(floorplanFor(room, draft, plans, 'shown')).toBe(chosen);
  });
});
