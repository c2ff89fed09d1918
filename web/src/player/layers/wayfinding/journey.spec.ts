import { describe, expect, it } from '@jest/globals';
import { walkJourney, type JourneyProgress } from './journey';
import { spaceOver, sweepsOf } from './spaceDouble';

const HOUSE = sweepsOf({ hall: ['corridor'], corridor: ['hall', 'kitchen'], kitchen: ['corridor'] });

describe('walkJourney', () => {
  it('moves one sweep at a time, says each step, turns on arrival and says so', async () => {
    const space = spaceOver(HOUSE);
    const told: JourneyProgress[] = [];
    const ended = await walkJourney(space.session, ['hall', 'corridor', 'kitchen'], {
      onProgress: (progress) => told.push(progress),
      arrivalRotation: { x: -5, y: 90 },
    });
    expect(space.moves).toEqual(['hall', 'corridor', 'kitchen']);
    expect(told).toEqual([
      { state: 'walking', step: 1, steps: 3 },
      { state: 'walking', step: 2, steps: 3 },
      { state: 'walking', step: 3, steps: 3 },
      { state: 'arrived', steps: 3 },
    ]);
    expect(ended).toEqual({ state: 'arrived', steps: 3 });
    expect(space.pose()).toEqual({ sweep: 'kitchen', rotation: { x: -5, y: 90 }, mode: 'inside' });
  });

  it('stops between moves when asked', async () => {
    const space = spaceOver(HOUSE);
    const stop = new AbortController();
    const ended = await walkJourney(space.session, ['hall', 'corridor', 'kitchen'], {
      onProgress: (progress) => {
        if (progress.state === 'walking' && progress.step === 2) stop.abort();
      },
      signal: stop.signal,
    });
    expect(space.moves).toEqual(['hall', 'corridor']);
    expect(ended).toEqual({ state: 'stopped', step: 2, steps: 3 });
  });

  it('says where it failed when the space refuses a move', async () => {
    const space = spaceOver(HOUSE, { refuse: ['corridor'] });
    const ended = await walkJourney(space.session, ['hall', 'corridor', 'kitchen'], {
      onProgress: () => undefined,
    });
    expect(space.moves).toEqual(['hall']);
    expect(ended).toEqual({ state: 'failed', step: 2, steps: 3 });
  });
});
