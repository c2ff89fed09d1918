import { DataSource } from 'typeorm';
import { affected, one, rows } from '@tourly/platform';
import { createTestDatabase, type TestDatabase } from '@tourly/platform/testing';

/** The typed query helpers read both shapes TypeORM's PostgreSQL driver answers with. */
describe('rows, one and affected', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await dataSource.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  beforeEach(() => dataSource.query("TRUNCATE notes; INSERT INTO notes VALUES (1, 'a'), (2, 'b')"));
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it.each([
    [
      'a SELECT',
      'SELECT id, body FROM notes ORDER BY id',
      [],
      [
        { id: 1, body: 'a' },
        { id: 2, body: 'b' },
      ],
    ],
    ['a SELECT of one row', 'SELECT id FROM notes WHERE id = $1', [2], [{ id: 2 }]],
    [
      'an UPDATE with RETURNING',
      "UPDATE notes SET body = 'c' WHERE id = $1 RETURNING id, body",
      [1],
      [{ id: 1, body: 'c' }],
    ],
    ['a DELETE with RETURNING', 'DELETE FROM notes RETURNING id', [], [{ id: 1 }, { id: 2 }]],
    ['an INSERT with RETURNING', "INSERT INTO notes VALUES (3, 'd') RETURNING id", [], [{ id: 3 }]],
    ['a statement returning nothing', 'UPDATE notes SET body = body WHERE id = 99 RETURNING id', [], []],
  ])('rows() of %s are its rows', async (_name, sql, parameters, expected) => {
    expect(await rows(dataSource, sql, parameters)).toEqual(expected);
  });

  it('one() is the first row, or undefined', async () => {
    expect(await one<{ body: string }>(dataSource, 'SELECT body FROM notes WHERE id = $1', [2])).toEqual({
      body: 'b',
    });
    expect(await one(dataSource, 'SELECT body FROM notes WHERE id = $1', [9])).toBeUndefined();
  });

  it('affected() counts the rows an UPDATE or DELETE touched, in or out of a transaction', async () => {
    expect(await affected(dataSource, "UPDATE notes SET body = 'x'")).toBe(2);
    await dataSource.transaction(async (tx) => {
      expect(await affected(tx, 'DELETE FROM notes WHERE id = $1', [1])).toBe(1);
      expect(await affected(tx, 'DELETE FROM notes WHERE id = $1', [1])).toBe(0);
    });
  });
});
