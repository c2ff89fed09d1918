import { endOf, secondsBetween } from './impersonation.rules';

const at = (time: string) => new Date(`2026-01-01T${time}Z`);

describe('the end of an impersonation', () => {
  it.each([
    ['stopped before it expired', at('10:10:00'), at('10:30:00'), at('10:20:00'), at('10:10:00')],
    [
      'stopped, read after it would have expired',
      at('10:10:00'),
      at('10:30:00'),
      at('11:00:00'),
      at('10:10:00'),
    ],
    ['running', null, at('10:30:00'), at('10:20:00'), null],
    ['expired this very moment', null, at('10:30:00'), at('10:30:00'), at('10:30:00')],
    ['expired, never stopped', null, at('10:30:00'), at('12:00:00'), at('10:30:00')],
  ])('%s', (_case, stoppedAt, expiresAt, now, ended) => {
    expect(endOf({ stoppedAt, expiresAt }, now)).toEqual(ended);
  });
});

describe('seconds between two times', () => {
  it.each([
    [at('10:00:00'), at('10:00:00'), 0],
    [at('10:00:00'), at('10:30:00'), 1800],
    [new Date('2026-01-01T10:00:00.000Z'), new Date('2026-01-01T10:00:01.499Z'), 1],
    [new Date('2026-01-01T10:00:00.000Z'), new Date('2026-01-01T10:00:01.500Z'), 2],
  ])('%s to %s: %i', (from, to, seconds) => {
    expect(secondsBetween(from, to)).toBe(seconds);
  });
});
