import { ACCOUNT_WAITS, accountSlowedMessage, accountWaitSeconds, waitInWords } from './sign-in.rules';

describe('the per-account sign-in slow-down', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 30],
    [11, 60],
    [12, 120],
    [13, 240],
    [14, 480],
    [15, 900],
    [16, 900],
    [500, 900],
  ])('after %i wrong passwords the next attempt waits %i s', (failures, wait) => {
    expect(accountWaitSeconds(failures)).toBe(wait);
  });

  it('lists the waits up to the longest, which the database keeps for every count after it', () => {
    expect(ACCOUNT_WAITS).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900]);
  });

  it('lets at most 100 wrong passwords an hour reach one account (ASVS 2.2.1)', () => {
    let failures = 0;
    let at = 0;
    while (at + accountWaitSeconds(failures) < 3600) {
      at += accountWaitSeconds(failures);
      failures++;
    }
    expect(failures).toBeLessThanOrEqual(100);
    expect(failures).toBe(17);
  });

  it.each([
    [1, '10 seconds'],
    [10, '10 seconds'],
    [11, '20 seconds'],
    [29, '30 seconds'],
    [30, '30 seconds'],
    [50, '50 seconds'],
    [51, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });

  it('says why, how long, and the way out', () => {
    expect(accountSlowedMessage(28)).toBe(
      'Too many failed sign-ins to this account. Please wait 30 seconds and try again, or reset your password.',
    );
  });
});
