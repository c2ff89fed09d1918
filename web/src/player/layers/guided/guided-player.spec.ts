import { describe, expect, it } from '@jest/globals';
import type { SpacePose, SpaceRotation, SpaceSession } from '../../../tour/space';
import { GuidedPlayer, STOP_SECONDS, type GuidedState, type PlayerStop } from './guided-player';

/** The space as a plain object: the sweeps it has, and the moves asked of it. */
function aSpace(sweeps: string[]) {
  const moves: Array<{ sweep: string; rotation?: SpaceRotation }> = [];
  const pose: SpacePose = { sweep: sweeps[0] ?? null, rotation: { x: 0, y: 0 }, mode: 'inside' };
  const space: SpaceSession = {
    sweeps: () => Promise.resolve([]),
    moveTo: (sweep, rotation) => {
      if (!sweeps.includes(sweep)) return Promise.reject(new Error(`no sweep ${sweep}`));
      moves.push({ sweep, rotation });
      return Promise.resolve();
    },
    pose: () => Promise.resolve(pose),
    onPose: () => () => {},
    showTags: () => Promise.resolve(),
    hideTags: () => Promise.resolve(),
    openTag: () => Promise.resolve(),
    onTagOpened: () => () => {},
    onPick: () => () => {},
    showModels: () => Promise.resolve(),
    hideModels: () => Promise.resolve(),
    setLighting: () => Promise.resolve(),
  };
  return { space, moves };
}

/** Narrations that end when the test says, and waits the test runs forward. */
function aPage() {
  const playing: Array<{ url: string; end(): void; fail(): void }> = [];
  let stopped = 0;
  const narrator = {
    play: (url: string) =>
      new Promise<void>((resolve, reject) => {
        playing.push({ url, end: resolve, fail: () => reject(new Error('blocked')) });
      }),
    stop: () => {
      stopped++;
    },
  };
  let waits: Array<{ at: number; run(): void; cancelled: boolean }> = [];
  let now = 0;
  const after = (ms: number, run: () => void) => {
    const wait = { at: now + ms, run, cancelled: false };
    waits.push(wait);
    return () => {
      wait.cancelled = true;
    };
  };
  const runFor = async (ms: number) => {
    now += ms;
    const due = waits.filter((wait) => !wait.cancelled && wait.at <= now);
    waits = waits.filter((wait) => !due.includes(wait));
    for (const wait of due) wait.run();
    await settle();
  };
  return { narrator, after, playing, runFor, stopped: () => stopped };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const stop = (sweepId: string, audioUrl: string | null = null): PlayerStop => ({
  id: sweepId,
  sweepId,
  rotation: { x: -5, y: 90 },
  title: `The ${sweepId}`,
  text: `About the ${sweepId}`,
  audioUrl,
});

function aPlayer(stops: PlayerStop[], options = { loop: false }, sweeps = stops.map((s) => s.sweepId)) {
  const { space, moves } = aSpace(sweeps);
  const page = aPage();
  const states: GuidedState[] = [];
  const player = new GuidedPlayer(space, stops, options, page.narrator, page.after, (state) =>
    states.push(state),
  );
  return { player, moves, page, states };
}

describe('the guided tour’s player', () => {
  it('moves to each stop, plays its narration to its end, waits at a silent one, and ends on the last', async () => {
    const { player, moves, page } = aPlayer([
      stop('hall', 'hall.mp3'),
      stop('kitchen'),
      stop('lounge', 'lounge.mp3'),
    ]);
    player.play();
    await settle();
    expect(moves).toEqual([{ sweep: 'hall', rotation: { x: -5, y: 90 } }]);
    expect(page.playing.map((p) => p.url)).toEqual(['hall.mp3']);

    page.playing[0]!.end();
    await settle();
    expect(player.current).toMatchObject({ index: 1, playing: true });
    expect(moves.map((m) => m.sweep)).toEqual(['hall', 'kitchen']);

    await page.runFor(STOP_SECONDS * 1000 - 1);
    expect(player.current.index).toBe(1);
    await page.runFor(1);
    expect(player.current.index).toBe(2);
    expect(page.playing.map((p) => p.url)).toEqual(['hall.mp3', 'lounge.mp3']);

    page.playing[1]!.end();
    await settle();
    expect(player.current).toMatchObject({ index: 2, playing: false });
  });

  it('loops to the first stop when the layer loops', async () => {
    const { player, moves, page } = aPlayer([stop('hall'), stop('kitchen')], { loop: true });
    player.play();
    await settle();
    await page.runFor(STOP_SECONDS * 1000);
    await page.runFor(STOP_SECONDS * 1000);
    expect(moves.map((m) => m.sweep)).toEqual(['hall', 'kitchen', 'hall']);
    expect(player.current).toMatchObject({ index: 0, playing: true });
  });

  it('pauses (no narration, no wait) and plays again from the stop shown', async () => {
    const { player, page } = aPlayer([stop('hall'), stop('kitchen', 'kitchen.mp3')]);
    player.play();
    await settle();
    player.pause();
    const stoppedAtPause = page.stopped();
    await page.runFor(STOP_SECONDS * 1000 * 3);
    expect(player.current).toMatchObject({ index: 0, playing: false });
    expect(stoppedAtPause).toBeGreaterThan(0);

    player.play();
    await settle();
    await page.runFor(STOP_SECONDS * 1000);
    expect(player.current).toMatchObject({ index: 1, playing: true });
    expect(page.playing.map((p) => p.url)).toEqual(['kitchen.mp3']);
  });

  it('steps back and forward, paused or playing, and a stale move changes nothing', async () => {
    const { player, moves, page } = aPlayer([stop('hall', 'hall.mp3'), stop('kitchen'), stop('lounge')]);
    player.next();
    player.next();
    await settle();
    expect(player.current).toMatchObject({ index: 2, playing: false });
    expect(page.playing).toEqual([]);
    player.next();
    expect(player.current.index).toBe(2);
    player.previous();
    player.previous();
    player.previous();
    await settle();
    expect(player.current.index).toBe(0);
    expect(moves.at(-1)?.sweep).toBe('hall');

    player.play();
    await settle();
    player.next();
    await settle();
    // The first stop's narration ending late does not move the tour on from the second.
    page.playing[0]!.end();
    await settle();
    expect(player.current).toMatchObject({ index: 1, playing: true });
  });

  it('shows a stop whose sweep the space lacks, and one whose narration cannot play, then goes on', async () => {
    const { player, page, states } = aPlayer([stop('gone', 'gone.mp3'), stop('hall')], { loop: false }, [
      'hall',
    ]);
    player.play();
    await settle();
    expect(states.at(-1)).toMatchObject({ index: 0, unreachable: true });
    page.playing[0]!.fail();
    await settle();
    await page.runFor(STOP_SECONDS * 1000);
    expect(player.current).toMatchObject({ index: 1, unreachable: false });
  });

  it('plays without the space: the stops show one after another', async () => {
    const page = aPage();
    const player = new GuidedPlayer(
      null,
      [stop('hall'), stop('kitchen')],
      { loop: false },
      page.narrator,
      page.after,
      () => {},
    );
    player.play();
    await settle();
    await page.runFor(STOP_SECONDS * 1000);
    expect(player.current).toMatchObject({ index: 1, playing: true });
  });
});
