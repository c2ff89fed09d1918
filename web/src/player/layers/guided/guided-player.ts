import type { SpaceRotation, SpaceSession } from '../../../tour/space';

/** A stop as the visitor's player plays it (guided_tour.json's item). */
export interface PlayerStop {
  id: string;
  sweepId: string;
  rotation: SpaceRotation;
  title: string;
  text: string;
  /** Its narration; null: the stop shows for STOP_SECONDS. */
  audioUrl: string | null;
}

/** Plays a narration: resolves at its end, rejects when it cannot play (blocked, broken); `stop` ends it now. */
export interface Narrator {
  play(url: string): Promise<void>;
  stop(): void;
}

/** Runs `run` after `ms` (the page's timers, which a test's clock runs forward); returns the cancel. */
export type After = (ms: number, run: () => void) => () => void;

export interface GuidedState {
  /** The stop shown. */
  index: number;
  playing: boolean;
  /** The space refused the stop's sweep (a scan changed since): its words show, the camera stays. */
  unreachable: boolean;
}

/** How long a stop without narration (or whose narration cannot play) shows before the next. */
export const STOP_SECONDS = 8;

/**
 * The guided tour's play: each stop moves the camera to its sweep and turns it (`moveTo`), shows its title and text,
 * plays its narration and goes on at its end (or after STOP_SECONDS), to the last stop (then again from the first when
 * the layer loops). Pause stops the narration and the wait; back and forward step at any time (a step playing starts
 * the stop's narration again). Without the space (no SDK) the stops still show one after another.
 */
export class GuidedPlayer {
  private state: GuidedState = { index: 0, playing: false, unreachable: false };
  private cancelWait: (() => void) | undefined;
  /** Each step's number: a move that resolves after a later step has begun is ignored. */
  private step = 0;

  constructor(
    private readonly space: SpaceSession | null,
    private readonly stops: PlayerStop[],
    private readonly options: { loop: boolean },
    private readonly narrator: Narrator,
    private readonly after: After,
    private readonly onChange: (state: GuidedState) => void,
  ) {}

  get current(): GuidedState {
    return this.state;
  }

  /** Plays from stop `index` (the one shown by default). */
  play(index = this.state.index): void {
    if (this.stops.length === 0) return;
    this.set({ playing: true });
    void this.show(index);
  }

  pause(): void {
    this.step++;
    this.quiet();
    this.set({ playing: false });
  }

  next(): void {
    const last = this.stops.length - 1;
    if (this.state.index < last) void this.show(this.state.index + 1);
    else if (this.options.loop) void this.show(0);
  }

  previous(): void {
    void this.show(Math.max(0, this.state.index - 1));
  }

  /** Stops everything (the layer goes away). */
  close(): void {
    this.step++;
    this.quiet();
  }

  private async show(index: number): Promise<void> {
    const step = ++this.step;
    this.quiet();
    const stop = this.stops[index];
    if (!stop) return;
    this.set({ index, unreachable: false });
    let unreachable = false;
    try {
      await this.space?.moveTo(stop.sweepId, stop.rotation);
    } catch {
      unreachable = true;
    }
    if (step !== this.step) return;
    if (unreachable) this.set({ unreachable });
    if (!this.state.playing) return;
    const wait = () => {
      if (step === this.step) this.cancelWait = this.after(STOP_SECONDS * 1000, () => this.onward(step));
    };
    if (stop.audioUrl) this.narrator.play(stop.audioUrl).then(() => this.onward(step), wait);
    else wait();
  }

  /** The stop's time is up: the next stop, the first again when looping, else the end (the last stop stays shown). */
  private onward(step: number): void {
    if (step !== this.step || !this.state.playing) return;
    if (this.state.index < this.stops.length - 1) void this.show(this.state.index + 1);
    else if (this.options.loop) void this.show(0);
    else this.set({ playing: false });
  }

  private quiet(): void {
    this.cancelWait?.();
    this.cancelWait = undefined;
    this.narrator.stop();
  }

  private set(change: Partial<GuidedState>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}
