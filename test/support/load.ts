/** One request of a load: what it was, when it was sent, how long its answer took, its status (0: no answer). */
export interface Sample {
  kind: string;
  at: number;
  ms: number;
  status: number;
  /** Why there was no answer: the client's error. */
  error?: string;
  /** No answer within the timeout. */
  timedOut?: boolean;
}

/** A request a virtual user makes: its kind (for the report) and how to send it, answering the status. */
export interface Step {
  kind: string;
  send(signal: AbortSignal): Promise<number>;
}

/** What a stretch of a load met. */
export interface LoadFigures {
  requests: number;
  perSecond: number;
  /** Answers 500 and above. */
  serverErrors: number;
  /** Requests that got nothing within the timeout: silence, what a platform must never give. */
  unanswered: number;
  /**
   * Requests whose connection closed before an answer: what a process killed -9 while it was answering leaves (no
   * one is left to answer), and nothing else should.
   */
  cut: number;
  /** (server errors + unanswered + cut) / requests. */
  errorShare: number;
  p50Ms: number;
  p99Ms: number;
  /** Status of every failed request by kind, e.g. `tour 502: 3`. */
  failures: Record<string, number>;
}

/**
 * A steady load of virtual users, each going round its own steps with a pause between requests (so the load is a
 * rate the machine serves, not a flood that measures only saturation), every answer recorded with its time.
 */
export class SteadyLoad {
  readonly samples: Sample[] = [];
  private running = false;
  private loops: Array<Promise<void>> = [];

  constructor(
    private readonly users: Step[][],
    private readonly pauseMs: number,
    private readonly timeoutMs = 30_000,
  ) {}

  start(): void {
    this.running = true;
    this.loops = this.users.map((steps) => this.user(steps));
  }

  /** Stops sending; resolves once every request in flight has its answer (or its timeout). */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The figures of the requests sent in [from, to). */
  between(from: number, to: number): LoadFigures {
    const samples = this.samples.filter((sample) => sample.at >= from && sample.at < to);
    const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const quantile = (q: number) =>
      times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : 0;
    const failed = samples.filter((sample) => sample.status === 0 || sample.status >= 500);
    const failures: Record<string, number> = {};
    for (const sample of failed) {
      const key = `${sample.kind} ${sample.status || `no answer (${sample.error})`}`;
      failures[key] = (failures[key] ?? 0) + 1;
    }
    return {
      requests: samples.length,
      perSecond: Math.round((samples.length / Math.max(1, to - from)) * 1000 * 10) / 10,
      serverErrors: samples.filter((sample) => sample.status >= 500).length,
      unanswered: samples.filter((sample) => sample.status === 0 && sample.timedOut).length,
      cut: samples.filter((sample) => sample.status === 0 && !sample.timedOut).length,
      errorShare: samples.length ? Math.round((failed.length / samples.length) * 10_000) / 10_000 : 0,
      p50Ms: Math.round(quantile(0.5)),
      p99Ms: Math.round(quantile(0.99)),
      failures,
    };
  }

  private async user(steps: Step[]): Promise<void> {
    for (let turn = 0; this.running; turn++) {
      const step = steps[turn % steps.length]!;
      const at = Date.now();
      let status = 0;
      let error: string | undefined;
      const signal = AbortSignal.timeout(this.timeoutMs);
      try {
        status = await step.send(signal);
      } catch (failure) {
        const cause = (failure as Error & { cause?: Error }).cause;
        error = `${(failure as Error).message}${cause ? `: ${cause.message}` : ''}`;
      }
      const timedOut = status === 0 && signal.aborted;
      this.samples.push({
        kind: step.kind,
        at,
        ms: Date.now() - at,
        status,
        ...(error ? { error, timedOut } : {}),
      });
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }
}
