import {
  NOT_A_FLOORPLAN,
  NOT_A_FLOORPLAN_IMAGE,
  PLACED_TWICE,
  roomPinRefusals,
  type FloorplanFacts,
  type RoomPin,
} from './analytics-room-pins.rules';

const GROUND = '0190a3f0-0000-7000-8000-000000000001';
const BROCHURE = '0190a3f0-0000-7000-8000-000000000002';
const FLOORPLANS: FloorplanFacts[] = [
  { id: GROUND, contentType: 'image/png' },
  { id: BROCHURE, contentType: 'application/pdf' },
];
const pin = (fields: Partial<RoomPin> = {}): RoomPin => ({
  room: 'Kitchen',
  floor: 0,
  floorplanId: GROUND,
  x: 0.5,
  y: 0.5,
  ...fields,
});

describe('roomPinRefusals', () => {
  it.each<[string, RoomPin[], Record<string, string>]>([
    ['no pins (clears them)', [], {}],
    ['a room on a floor-plan image', [pin()], {}],
    ['the floor plan’s id in capitals', [pin({ floorplanId: GROUND.toUpperCase() })], {}],
    ['the same room on two floors', [pin({ floor: 0 }), pin({ floor: 1 })], {}],
    ['a room without a floor beside the same name on floor 0', [pin({ floor: null }), pin({ floor: 0 })], {}],
    [
      'a floor plan of another property (or none)',
      [pin(), pin({ room: 'Study', floorplanId: '0190a3f0-0000-7000-8000-0000000000ff' })],
      { 'roomPins.1.floorplanId': NOT_A_FLOORPLAN },
    ],
    [
      'a PDF floor plan',
      [pin({ floorplanId: BROCHURE })],
      { 'roomPins.0.floorplanId': NOT_A_FLOORPLAN_IMAGE },
    ],
    ['a room placed twice on its floor', [pin(), pin({ x: 0.1 })], { 'roomPins.1.room': PLACED_TWICE }],
    [
      'a room without a floor placed twice',
      [pin({ floor: null }), pin({ floor: null, y: 0.9 })],
      { 'roomPins.1.room': PLACED_TWICE },
    ],
    [
      'every fault of every pin',
      [pin(), pin({ floorplanId: BROCHURE }), pin({ room: 'Study', floorplanId: 'x' })],
      {
        'roomPins.1.floorplanId': NOT_A_FLOORPLAN_IMAGE,
        'roomPins.1.room': PLACED_TWICE,
        'roomPins.2.floorplanId': NOT_A_FLOORPLAN,
      },
    ],
  ])('%s', (_case, pins, refusals) => {
    expect(roomPinRefusals(pins, FLOORPLANS)).toEqual(refusals);
  });
});
