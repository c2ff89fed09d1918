import { describe, expect, it } from '@jest/globals';
import { formatStay, roomPath, roomsViewed } from './format';

describe('formatStay', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [59.6, '1 min'],
    [60, '1 min'],
    [130, '2 min'],
    [3_599, '1 h'],
    [3_900, '1 h 5 min'],
    [86_400, '24 h'],
  ])('%p seconds: %s', (seconds, words) => {
    expect(formatStay(seconds)).toBe(words);
  });
});

describe('roomsViewed', () => {
  it('lists the rooms with their time, longest first as the lead has them', () => {
    expect(
      roomsViewed([
        { room: 'Kitchen', floor: 0, seconds: 120 },
        { room: 'Living room', floor: null, seconds: 45 },
      ]),
    ).toBe('Kitchen (2 min), Living room (45 s)');
  });

  it('names the floor of a room whose name is on two floors', () => {
    expect(
      roomsViewed([
        { room: 'Bedroom', floor: 1, seconds: 70 },
        { room: 'Bedroom', floor: 0, seconds: 30 },
        { room: 'Hall', floor: 0, seconds: 5 },
      ]),
    ).toBe('Bedroom (floor 2, 1 min), Bedroom (floor 1, 30 s), Hall (5 s)');
  });
});

describe('roomPath', () => {
  it('joins the rooms in the order walked', () => {
    expect(roomPath(['Hall', 'Kitchen', 'Living room', 'Kitchen'])).toBe(
      'Hall → Kitchen → Living room → Kitchen',
    );
  });
});
