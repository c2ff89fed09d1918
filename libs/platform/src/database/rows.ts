import type { DataSource, EntityManager } from 'typeorm';

/** Anything that runs SQL: a transaction's EntityManager, or the DataSource outside one. */
export type Queryable = Pick<EntityManager, 'query'> | Pick<DataSource, 'query'>;

/**
 * TypeORM's PostgreSQL driver answers UPDATE and DELETE with `[rows, affected]` and everything else with the rows;
 * both shapes, as rows and count. Rows are objects, never arrays, so the pair cannot be mistaken for two rows.
 */
export function resultOf(raw: unknown): { rows: unknown[]; affected: number } {
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') {
    return { rows: raw[0], affected: raw[1] };
  }
  const rows = Array.isArray(raw) ? raw : [];
  return { rows, affected: rows.length };
}

/**
 * The rows of a statement (a SELECT, or any statement with RETURNING), typed by the repository's row interface:
 * the one place a query result is given its type, so repositories do not cast.
 */
export async function rows<T>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<T[]> {
  return resultOf(await db.query(sql, parameters)).rows as T[];
}

/** The first row of a statement, or undefined when it returned none. */
export async function one<T>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<T | undefined> {
  const [row] = await rows<T>(db, sql, parameters);
  return row;
}

/** The number of rows an UPDATE or DELETE touched (an INSERT's: add RETURNING and count its rows). */
export async function affected(db: Queryable, sql: string, parameters: unknown[] = []): Promise<number> {
  return resultOf(await db.query(sql, parameters)).affected;
}
