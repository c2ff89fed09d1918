import type { Logger } from 'pino';

/**
 * Work a service does every so often (sweeping what is past use), the same way everywhere: started with the
 * service, never overlapping itself within a process, a failed run logged and left to the next one, a run in
 * progress awaited when the service stops. Replicas each run it; the work itself makes that safe (idempotent
 * deletes, rows claimed with SKIP LOCKED).
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private queued?: Promise<number>;

  /** `work` resolves with how many things it handled. */
  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly work: () => Promise<number>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.runNow(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await (this.queued ?? this.running);
  }

  /**
   * A run that starts after this call (the periodic one, or a caller's who just made work for it): calls while
   * one is running share the next one.
   */
  runNow(): Promise<number> {
    if (this.queued) return this.queued;
    const start = (): Promise<number> => {
      this.queued = undefined;
      const current: Promise<number> = this.work()
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, `${this.name} failed; the next run tries again`);
          return 0;
        })
        .finally(() => {
          if (this.running === current) this.running = undefined;
        });
      this.running = current;
      return current;
    };
    if (!this.running) return start();
    this.queued = this.running.then(start);
    return this.queued;
  }
}
