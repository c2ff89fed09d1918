import type { Database } from '../database/database';

/**
 * Runs `work` in one replica at a time: it holds a PostgreSQL session advisory lock, on a connection of its own,
 * for as long as the work takes (the work uses the pool's other connections; a process that dies lets the
 * lock go with its connection). Another replica finding the lock taken skips its run: `undefined`.
 */
export async function exclusiveRun<T>(
  db: Database,
  lock: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const runner = db.dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      lock,
    ])) as [{ locked: boolean }];
    if (!locked) return undefined;
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);
    }
  } finally {
    await runner.release();
  }
}
