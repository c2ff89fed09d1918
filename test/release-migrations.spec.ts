import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { PLATFORM_MIGRATIONS } from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  freePort,
  testEnv,
  type TestDatabase,
} from '@tourly/platform/testing';
import { orders } from '@tourly/orders';
import { builtServices, nodeProgram, ready, type Program } from './support/processes';

const ROOT = path.resolve(__dirname, '..');
const MAIN = 'services/orders/dist/main.js';
const RUN_MIGRATE = 'Run `node services/orders/dist/main.js migrate` for this release, then start it again.';

/** The process's exit code and what it wrote to stderr, once it has exited by itself. */
async function runToExit(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, MAIN), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      // Within a test's 30 s: a build that runs on instead of exiting is killed before the test gives up on it.
      timeout: 25_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stderr };
  } catch (error) {
    const { code, stderr } = error as { code?: number | string; stderr?: string };
    if (typeof code !== 'number') throw error;
    return { code, stderr: stderr ?? '' };
  }
}

/**
 * Kubernetes runs a release's migrations once (a Job: `node services/<name>/dist/main.js migrate`) and starts the
 * replicas with MIGRATIONS_AT_BOOT=false: they check the schema and refuse to run on one the release has not
 * migrated. Orders, as a process of its own from its build, the way the image runs it.
 */
describe('migrations run once per release', () => {
  let database: TestDatabase;
  let namespace: ReturnType<typeof createTestNamespace>;
  let env: Record<string, string>;
  let service: Program | undefined;
  const migrationNames = [...PLATFORM_MIGRATIONS, ...orders.migrations!].map((migration) => migration.name);

  async function appliedMigrations(): Promise<string[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM orders.migrations ORDER BY id');
      return rows.map((row) => row.name);
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return []; // no table: nothing ever migrated
      throw error;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    [database] = await Promise.all([createTestDatabase({ empty: true }), builtServices()]);
    namespace = createTestNamespace();
    // Nothing here stores a file: an endpoint nothing answers keeps the service off any real storage.
    env = testEnv({
      databaseUrl: database.url,
      namespace: namespace.namespace,
      extra: { S3_ENDPOINT: 'http://127.0.0.1:9' },
    });
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await namespace?.drop();
  });

  it('a replica that does not migrate refuses an unmigrated database, naming the migrations it lacks', async () => {
    const refused = await runToExit([], { ...env, MIGRATIONS_AT_BOOT: 'false' });

    expect(refused.code).toBe(1);
    const said =
      /orders will not start: its schema lacks (\d+) migrations (.*) \(MIGRATIONS_AT_BOOT=false\)\. (.*)/.exec(
        refused.stderr,
      );
    expect(said?.slice(1)).toEqual([String(migrationNames.length), expect.any(String), RUN_MIGRATE]);
    expect(said![2]!.split(', ').sort()).toEqual([...migrationNames].sort());
    expect(await appliedMigrations()).toEqual([]);
  });

  it('`migrate` applies them, the platform’s tables first, and exits 0; then the replica starts', async () => {
    const migrated = await runToExit(['migrate'], env);

    expect(migrated).toMatchObject({ code: 0 });
    const applied = await appliedMigrations();
    expect(applied[0]).toBe(PLATFORM_MIGRATIONS[0]!.name);
    expect([...applied].sort()).toEqual([...migrationNames].sort());
    expect((await runToExit(['migrate'], env)).code).toBe(0); // a Job run again changes nothing

    const port = await freePort();
    service = nodeProgram('orders', MAIN, { ...env, MIGRATIONS_AT_BOOT: 'false', PORT: String(port) });
    service.start();
    await ready(`http://127.0.0.1:${port}`);
    await service.stop();
    expect(service.crashes).toEqual([]);
  });

  it('a release with a migration the schema lacks is refused until that one is applied', async () => {
    const latest = orders.migrations!.at(-1)!.name;
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query('DELETE FROM orders.migrations WHERE name = $1', [latest]);
    await client.end();

    const refused = await runToExit([], { ...env, MIGRATIONS_AT_BOOT: 'false' });

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `orders will not start: its schema lacks the migration ${latest} (MIGRATIONS_AT_BOOT=false). ${RUN_MIGRATE}`,
    );
    expect(await runToExit(['migrate'], env)).toMatchObject({ code: 0 });
    expect(await appliedMigrations()).toContain(latest);
  });

  it('`migrate` that cannot reach its database exits 1 and says why', async () => {
    const failed = await runToExit(['migrate'], {
      ...env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/tourly',
    });

    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('orders: migrations not applied: connect ECONNREFUSED 127.0.0.1:9');
  });
});
