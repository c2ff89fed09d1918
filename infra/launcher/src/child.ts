import { spawn, type ChildProcess } from 'node:child_process';

const STOP_GRACE_MS = 15_000;
const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];
/** Up this long, a process's next crash is restarted after the first delay again. */
const STABLE_AFTER_MS = 30_000;

const live = new Set<Child>();
// However the launcher ends, no process of its outlives it.
process.once('exit', () => {
  for (const child of live) child.kill9().catch(() => undefined);
});

/** Stops every child still running (SIGTERM, then SIGKILL after the grace): the launcher's last closer. */
export async function stopChildren(): Promise<void> {
  await Promise.all([...live].map((child) => child.stop()));
}

/**
 * A program the launcher runs as a process of its own, its output lines prefixed with its name. With `restart`, a
 * process that exits without being asked is started again after a growing delay, as an orchestrator restarts a
 * container: the cluster keeps two of everything even after a crash or a kill -9.
 */
export class Child {
  private process?: ChildProcess;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  private crashes = 0;
  private restartTimer?: NodeJS.Timeout;
  /** How many times it was started, the first included. */
  starts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: { restart: boolean; output?: (line: string) => void } = { restart: false },
  ) {}

  get pid(): number | undefined {
    return this.running ? this.process?.pid : undefined;
  }

  get running(): boolean {
    return !!this.process && this.process.exitCode === null && this.process.signalCode === null;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.starts += 1;
    const startedAt = Date.now();
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    live.add(this);
    const write = this.options.output ?? ((line: string) => process.stdout.write(`${line}\n`));
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) write(`[${this.name}] ${line}`);
      });
    }
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve();
        if (this.stopping || !this.options.restart) {
          live.delete(this);
          return;
        }
        if (Date.now() - startedAt > STABLE_AFTER_MS) this.crashes = 0;
        const delay = RESTART_DELAYS_MS[Math.min(this.crashes, RESTART_DELAYS_MS.length - 1)]!;
        this.crashes += 1;
        write(`[${this.name}] exited (code ${code}, signal ${signal}); starting it again in ${delay} ms`);
        this.restartTimer = setTimeout(() => this.start(), delay);
      });
    });
  }

  /** kill -9, as a machine or a container dies; restarted like any crash when `restart` is on. */
  kill9(): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.process!.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM (the process drains), SIGKILL after the grace; never restarted. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (!this.running) return;
    this.process!.kill('SIGTERM');
    const timer = setTimeout(() => this.process?.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
