import { sql, type TaggedQuery } from '@pgtyped/runtime';
import { resultOf, type Queryable } from './rows';

/**
 * A repository's query, checked against the migrated schema: `sql<IFindOrderQuery>\`SELECT ... WHERE id = $id\``,
 * its parameter and row types generated beside the repository (`x.repository.types.ts`) by `npm run sql:types`.
 */
export { sql };

/** What a generated query takes and returns (pgtyped's `IFindOrderQuery`). */
export interface QueryTypes {
  params: unknown;
  result: unknown;
}

/**
 * A generated query with its parameters, not run yet: a repository's write that another part of the platform runs
 * inside a statement of its own (`EventBus.publishIfWritten`), so the SQL stays in the repository.
 */
export interface Statement<Q extends QueryTypes> {
  query: TaggedQuery<Q>;
  params: Q['params'];
}

export function statement<Q extends QueryTypes>(query: TaggedQuery<Q>, params: Q['params']): Statement<Q> {
  return { query, params };
}

/** A row with some columns narrowed; only narrowing compiles (a column the row lacks, or a wider type, fails). */
export type Narrowed<R, N extends { [K in keyof N]: K extends keyof R ? R[K] : never }> = Omit<R, keyof N> &
  N;

/**
 * A generated query whose row says more than the schema can, for a text column a CHECK keeps to a union:
 * `sql<Narrow<IFindOrderQuery, { status: OrderStatus }>>\`...\``.
 */
export type Narrow<
  Q extends QueryTypes,
  N extends { [K in keyof N]: K extends keyof Q['result'] ? Q['result'][K] : never },
> = { params: Q['params']; result: Narrowed<Q['result'], N> };

/**
 * Runs a generated query on a transaction or the DataSource: its rows (the columns' nullability hints, `AS
 * "total!"`, taken off the names as pgtyped does) and the number of rows it touched.
 */
export async function run<Q extends QueryTypes>(
  db: Queryable,
  query: TaggedQuery<Q>,
  params: Q['params'],
): Promise<{ rows: Array<Q['result']>; affected: number }> {
  let affected = 0;
  const rows = await query.run(params, {
    query: async (text: string, bindings: unknown[]) => {
      const result = resultOf(await db.query(text, bindings));
      affected = result.affected;
      return { rows: result.rows, rowCount: result.affected };
    },
  });
  return { rows, affected };
}

/** The rows of a generated query. */
export async function queryRows<Q extends QueryTypes>(
  db: Queryable,
  query: TaggedQuery<Q>,
  params: Q['params'],
): Promise<Array<Q['result']>> {
  return (await run(db, query, params)).rows;
}

/** The first row of a generated query, or undefined when it returned none. */
export async function queryOne<Q extends QueryTypes>(
  db: Queryable,
  query: TaggedQuery<Q>,
  params: Q['params'],
): Promise<Q['result'] | undefined> {
  const [row] = await queryRows(db, query, params);
  return row;
}

/** The number of rows a generated UPDATE or DELETE touched (an INSERT's: add RETURNING and count its rows). */
export async function queryAffected<Q extends QueryTypes>(
  db: Queryable,
  query: TaggedQuery<Q>,
  params: Q['params'],
): Promise<number> {
  return (await run(db, query, params)).affected;
}

/**
 * The rows of a generated query without parameters of its own (its columns and tables, checked) followed by a clause
 * composed at run time with its parameters (a list's optional filters, its page), which nothing can prepare ahead.
 */
export async function queryRowsWith<Q extends { params: void; result: unknown }>(
  db: Queryable,
  query: TaggedQuery<Q>,
  clause: string,
  parameters: unknown[],
): Promise<Array<Q['result']>> {
  return query.run(undefined, {
    query: async (text: string) => {
      const result = resultOf(await db.query(`${text} ${clause}`, parameters));
      return { rows: result.rows, rowCount: result.affected };
    },
  });
}
