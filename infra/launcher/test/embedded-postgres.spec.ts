import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '@tourly/platform/testing';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/embedded-postgres';

async function query<Row extends object>(url: string, sql: string): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n', 1)[0]);
}

/** The user the server runs as: the postgres system user when the tests run as root, else the current one. */
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

describe('startEmbeddedPostgres', () => {
  let workDir: string;
  let dataDir: string;
  let port: number;
  const running: RunningPostgres[] = [];

  async function start(): Promise<RunningPostgres> {
    const postgres = await startEmbeddedPostgres({ dataDir, port });
    running.push(postgres);
    return postgres;
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'embedded-postgres-'));
    // As root the server runs as the postgres user, which must be able to reach the data directory.
    await chmod(workDir, 0o755);
    dataDir = path.join(workDir, 'not-yet-created', 'postgres');
    port = await freePort();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((postgres) => postgres.stop()));
  });

  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('initialises a cluster on first start and keeps its data across restarts', async () => {
    const first = await start();
    expect(first.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/tourly`);
    expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await query(first.url, "create table kept (name text); insert into kept values ('across restarts')");
    await first.stop();

    const second = await start();
    expect(await query(second.url, 'select name from kept')).toEqual([{ name: 'across restarts' }]);
    expect(await query(second.url, 'show server_encoding')).toEqual([{ server_encoding: 'UTF8' }]);
  }, 20_000);

  it('starts after a run whose server was killed, leaving postmaster.pid behind', async () => {
    const killed = await start();
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    await killed.stop();

    const restarted = await start();
    expect(await query(restarted.url, 'select name from kept')).toEqual([{ name: 'across restarts' }]);
  });

  it('ignores a postmaster.pid whose pid now belongs to another process of the same user', async () => {
    await (await start()).stop();
    // PostgreSQL itself refuses to start when the pid in the lock file is alive and signalable by it.
    const unrelated = spawn('sleep', ['30'], { ...serverUser(), stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir, 'postmaster.pid'), `${unrelated.pid}\n${dataDir}\n`);
      const restarted = await start();
      expect(await query(restarted.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      unrelated.kill();
      await once(unrelated, 'exit');
    }
  });

  it('shuts down a server left running on the directory by an earlier run, then starts', async () => {
    const leftOver = await start();
    const leftOverPid = await postmasterPid(dataDir);

    const current = await start();
    expect(await postmasterPid(dataDir)).not.toBe(leftOverPid);
    expect(await query(current.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await leftOver.stop();
  });

  it('explains a failed start with the server log', async () => {
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      await expect(start()).rejects.toThrow(/PostgreSQL did not start[\s\S]*could not bind IPv4 address/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
