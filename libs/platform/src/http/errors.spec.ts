import { BRIEFLY_UNAVAILABLE, databaseUnavailable, toErrorResponse } from './errors';

describe('a database out of reach', () => {
  const pgError = (code: string) => Object.assign(new Error('database error'), { code });

  it.each([
    ['the server shutting down (57P01)', pgError('57P01')],
    ['the server starting (57P03)', pgError('57P03')],
    ['a connection failure (08006)', pgError('08006')],
    [
      'TypeORM wrapping a cut connection',
      Object.assign(new Error('query failed'), { driverError: pgError('08003') }),
    ],
    ['the port refusing', pgError('ECONNREFUSED')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['every connection taken (53300)', pgError('53300')],
    ['the server out of memory (53200)', pgError('53200')],
    ["the pool's wait for a connection over", new Error('timeout exceeded when trying to connect')],
  ])('answers 503 in words for %s', (_, error) => {
    expect(databaseUnavailable(error)).toBe(true);
    expect(toErrorResponse(error, 'req-1')).toEqual({
      status: 503,
      body: { errors: { base: [BRIEFLY_UNAVAILABLE] } },
    });
  });

  it.each([
    ['a unique violation (23505)', pgError('23505')],
    ['a syntax error (42601)', pgError('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('keeps %s a 500 to report', (_, error) => {
    expect(databaseUnavailable(error)).toBe(false);
    expect(toErrorResponse(error, 'req-1').status).toBe(500);
  });
});
