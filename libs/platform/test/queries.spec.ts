import { DataSource } from 'typeorm';
import { queryAffected, queryOne, queryRows, queryRowsWith, sql } from '@tourly/platform';
import { createTestDatabase, type TestDatabase } from '@tourly/platform/testing';

// The types a repository's queries get from `npm run sql:types`, written out here: this file is no repository.
const notesByIdsOrBody = sql<{
  params: { ids: number[]; body: string };
  result: { id: number; body: string };
}>`SELECT id, body FROM notes WHERE id = ANY($ids!::int[]) OR body = $body! OR upper(body) = upper($body!) ORDER BY id`;
const noteCount = sql<{
  params: void;
  result: { total: number };
}>`SELECT count(*)::int AS "total!" FROM notes`;
const noteById = sql<{
  params: { id: number };
  result: { body: string };
}>`SELECT body FROM notes WHERE id = $id!`;
const renameNotes = sql<{ params: { body: string; fromId: number }; result: void }>`
  UPDATE notes SET body = $body! WHERE id >= $fromId!`;
const notes = sql<{ params: void; result: { id: number } }>`SELECT id FROM notes`;

/** Generated queries run on the DataSource or a transaction as the plain-SQL helpers do. */
describe('queryRows, queryOne, queryAffected and queryRowsWith', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await dataSource.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  beforeEach(() => dataSource.query("TRUNCATE notes; INSERT INTO notes VALUES (1, 'a'), (2, 'b'), (3, 'c')"));
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('binds named parameters, one used twice and an array, and answers the rows', async () => {
    expect(await queryRows(dataSource, notesByIdsOrBody, { ids: [1], body: 'C' })).toEqual([
      { id: 1, body: 'a' },
      { id: 3, body: 'c' },
    ]);
  });

  it('takes the nullability hint off a column name', async () => {
    expect(await queryRows(dataSource, noteCount, undefined)).toEqual([{ total: 3 }]);
  });

  it('answers the first row, or undefined', async () => {
    expect(await queryOne(dataSource, noteById, { id: 2 })).toEqual({ body: 'b' });
    expect(await queryOne(dataSource, noteById, { id: 9 })).toBeUndefined();
  });

  it('counts the rows an UPDATE touched, in or out of a transaction', async () => {
    expect(await queryAffected(dataSource, renameNotes, { body: 'x', fromId: 2 })).toBe(2);
    await dataSource.transaction(async (tx) => {
      expect(await queryAffected(tx, renameNotes, { body: 'y', fromId: 3 })).toBe(1);
      expect(await queryAffected(tx, renameNotes, { body: 'y', fromId: 9 })).toBe(0);
    });
    expect(await queryRows(dataSource, noteById, { id: 3 })).toEqual([{ body: 'y' }]);
  });

  it('runs a fixed query followed by a clause composed at run time, with its parameters', async () => {
    expect(await queryRowsWith(dataSource, notes, 'WHERE id > $1 ORDER BY id DESC LIMIT $2', [1, 1])).toEqual(
      [{ id: 3 }],
    );
    expect(await queryRowsWith(dataSource, noteCount, 'WHERE id < $1', [3])).toEqual([{ total: 2 }]);
  });
});
