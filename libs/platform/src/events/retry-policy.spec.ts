import 'reflect-metadata';
import { ConfigError, DatabaseConfig, loadConfig } from '../config/config';
import { DEFAULT_RETRY_POLICY, retryPolicyOf, type RetryPolicy } from './event-consumer';

const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tourly',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};
const MINUTE = 60_000;

/** When each try starts, from the first delivery (handlers taking no time). */
function tryTimes(policy: RetryPolicy): number[] {
  const times = [0];
  for (let attempt = 1; attempt < policy.maxAttempts; attempt++) {
    const wait = policy.backoffMs[Math.min(attempt - 1, policy.backoffMs.length - 1)]!;
    times.push(times[times.length - 1]! + wait);
  }
  return times;
}

describe('the retry schedule of failing event handlers', () => {
  it('by default tries nine times over about an hour before parking', () => {
    const policy = retryPolicyOf(loadConfig(DatabaseConfig, 'billing', env));
    expect(policy).toBe(DEFAULT_RETRY_POLICY);
    expect(policy).toEqual({
      maxAttempts: 9,
      backoffMs: [1_000, 5_000, 30_000, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE],
      ackWaitMs: 30_000,
    });
    const times = tryTimes(policy);
    // The last try comes a little over an hour after the first: an ordinary outage is outlasted.
    expect(times[times.length - 1]).toBe(62 * MINUTE + 36_000);
    // Every wait is used once; none repeats past the list.
    expect(policy.backoffMs).toHaveLength(policy.maxAttempts - 1);
  });

  it('takes its waits from EVENT_RETRY_BACKOFF_MS, one more try than waits', () => {
    const config = loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_RETRY_BACKOFF_MS: ' 20, 40 ,80' });
    expect(retryPolicyOf(config)).toEqual({ maxAttempts: 4, backoffMs: [20, 40, 80], ackWaitMs: 30_000 });
    expect(tryTimes(retryPolicyOf(config))).toEqual([0, 20, 60, 140]);
  });

  it('prefers the variable to a service’s own policy, and that policy to the default', () => {
    const own: RetryPolicy = { maxAttempts: 3, backoffMs: [50], ackWaitMs: 1000 };
    const unset = loadConfig(DatabaseConfig, 'billing', env);
    expect(retryPolicyOf(unset, own)).toBe(own);
    const set = loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_RETRY_BACKOFF_MS: '10' });
    expect(retryPolicyOf(set, own)).toEqual({ maxAttempts: 2, backoffMs: [10], ackWaitMs: 1000 });
  });

  it('takes the ack wait from EVENT_ACK_WAIT_MS, with the waits of either policy', () => {
    const config = loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_ACK_WAIT_MS: '5000' });
    expect(retryPolicyOf(config)).toEqual({ ...DEFAULT_RETRY_POLICY, ackWaitMs: 5_000 });
    const both = loadConfig(DatabaseConfig, 'billing', {
      ...env,
      EVENT_ACK_WAIT_MS: '2000',
      EVENT_RETRY_BACKOFF_MS: '10',
    });
    expect(retryPolicyOf(both)).toEqual({ maxAttempts: 2, backoffMs: [10], ackWaitMs: 2_000 });
  });

  it.each(['999', '1.5', 'soon', '600001'])('refuses EVENT_ACK_WAIT_MS=%j at start, naming it', (value) => {
    const load = () => loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_ACK_WAIT_MS: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/EVENT_ACK_WAIT_MS must be/);
  });

  it('reads an empty value as unset', () => {
    const config = loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_RETRY_BACKOFF_MS: '' });
    expect(retryPolicyOf(config)).toBe(DEFAULT_RETRY_POLICY);
  });

  it.each([' ', '0', '-5', '1.5', '1000,', 'soon', '1000;2000', '1000000000'])(
    'refuses EVENT_RETRY_BACKOFF_MS=%j at start, naming it',
    (value) => {
      const load = () => loadConfig(DatabaseConfig, 'billing', { ...env, EVENT_RETRY_BACKOFF_MS: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/EVENT_RETRY_BACKOFF_MS must be 1 to 50 comma-separated whole numbers/);
    },
  );
});
