import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { eventually } from '@tourly/platform/testing';
import { built } from './build';

const ROOT = path.resolve(__dirname, '..', '..');
/** Every workspace a service process loads, in build order (the web app is not one: the gateway runs without it). */
const WORKSPACES = [
  'libs/contracts',
  'libs/platform',
  'services/gateway',
  'services/identity',
  'services/billing',
  'services/properties',
  'services/orders',
  'infra/emulators',
  'infra/launcher',
];
const KEPT_LINES = 400;
const STOP_GRACE_MS = 10_000;
const NATS_SERVER = '/usr/sbin/nats-server';

/**
 * The services compiled to each workspace's dist/ (what `npm run build` makes, without the web app), for tests that
 * run them as processes of their own.
 */
export async function builtServices(): Promise<void> {
  await built(WORKSPACES);
}

const live = new Set<ChildProcess>();
// Whatever way the test process ends, no child outlives it (a failed test's afterAll may not get to stop them).
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface Exit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A program run as a process of its own, which a test can kill -9 and start again with the same command and
 * environment: its output kept (the last lines) for a failure's report, its exits recorded, those the test did not
 * cause apart (a crash).
 */
export class Program {
  private child?: ChildProcess;
  private exited: Promise<void> = Promise.resolve();
  private lines: string[] = [];
  private killing = false;
  readonly crashes: Exit[] = [];
  starts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
  ) {}

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.starts += 1;
    this.killing = false;
    const child = spawn(this.command, this.args, {
      cwd: ROOT,
      // Only what is given: nothing of the test process's own environment (its NATS_URL, say) leaks in.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    live.add(child);
    const start = this.starts;
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        this.keep(lines.map((line) => `#${start} ${line}`));
      });
    }
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        live.delete(child);
        this.keep([`#${start} exited (code ${code}, signal ${signal})`]);
        if (!this.killing) this.crashes.push({ name: this.name, code, signal });
        resolve();
      });
    });
  }

  /** kill -9, and back once the process is gone (its ports free again). */
  async kill9(): Promise<void> {
    if (!this.running) return;
    this.killing = true;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, and SIGKILL if it has not gone after the grace a stop is given. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.killing = true;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** The last lines it wrote, every start's. */
  output(): string {
    return this.lines.join('\n');
  }

  private keep(lines: string[]): void {
    this.lines.push(...lines);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}

/** A Node program of this repository, compiled (`builtServices`), e.g. `services/billing/dist/main.js`. */
export function nodeProgram(name: string, entry: string, env: Record<string, string>): Program {
  return new Program(name, process.execPath, [path.join(ROOT, entry)], env);
}

/**
 * A service of an in-process platform moved to a process of its own: the in-process one closes and gives the
 * process its configuration (port, database, stream), `overrides` on top; not started yet. `env` is that
 * configuration, e.g. its `DATABASE_URL` for reading its tables while it runs.
 */
export async function ownProcess(
  service: { name: string; url: string; config: object; close(): Promise<void> },
  overrides: Record<string, string> = {},
): Promise<{ program: Program; url: string; env: Record<string, string> }> {
  const env = Object.fromEntries(
    Object.entries(service.config)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, String(value)]),
  );
  await service.close();
  const program = nodeProgram(service.name, `services/${service.name}/dist/main.js`, {
    ...env,
    PORT: new URL(service.url).port,
    LOG_LEVEL: 'warn',
    ...overrides,
  });
  return { program, url: service.url, env };
}

/** Waits until `GET <url>/readyz` answers 200: the process has its database, its events transport, its consumers. */
export async function ready(url: string, timeoutMs = 45_000): Promise<void> {
  await eventually(
    async () => {
      try {
        return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status;
      } catch (error) {
        return (error as Error).message;
      }
    },
    (status) => status === 200,
    `ready answer from ${url}`,
    timeoutMs,
  );
}

/**
 * A NATS server with JetStream of the test's own (never the machine's shared one), on `port` with its store in
 * `storeDir`: killed, it starts again on both, as a server restarted on its volume.
 */
export class PrivateNats extends Program {
  constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {
    super('nats-server', NATS_SERVER, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {});
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until JetStream answers. */
  async startAndWait(timeoutMs = 15_000): Promise<void> {
    this.start();
    await eventually(
      async () => {
        try {
          const nc = await connect({ servers: this.url, reconnect: false, timeout: 1_000 });
          try {
            await (await nc.jetstreamManager()).getAccountInfo();
            return 'up';
          } finally {
            await nc.close();
          }
        } catch (error) {
          return (error as Error).message;
        }
      },
      (state) => state === 'up',
      `JetStream on ${this.url}`,
      timeoutMs,
    );
  }

  /** Messages the stream holds now. */
  async streamMessages(stream: string): Promise<number> {
    const nc = await connect({ servers: this.url, reconnect: false, timeout: 2_000 });
    try {
      return (await (await nc.jetstreamManager()).streams.info(stream)).state.messages;
    } finally {
      await nc.close();
    }
  }
}

/**
 * A lock of this machine's, for what runs side by side cannot share (fixed ports): held by a process while it lives,
 * waited for by the others, taken over from a process that died holding it. Resolves with its release.
 */
export async function machineLock(name: string, timeoutMs = 120_000): Promise<() => void> {
  const lock = path.join(tmpdir(), `tourly-${name}.lock`);
  const owner = path.join(lock, 'pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!holderAlive(lock, owner)) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline)
      throw new Error(`${lock} is held by process ${readFileSync(owner, 'utf8')}`);
    else await pause(250);
  }
}

function holderAlive(lock: string, owner: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(owner, 'utf8'));
  } catch {
    // Being written by the process that just made the lock, unless that was a while ago.
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A seeded pseudo-random source (mulberry32): the same seed gives the same delays, to replay a failure. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
