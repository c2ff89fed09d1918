import {
  DEFAULT_WEBHOOK_BACKOFF_MS,
  disabledReason,
  failingForTooLong,
  retryDelayMs,
} from './webhook-retries';

describe('webhook retries', () => {
  it('waits the schedule, spread ±20%, and gives up after the last wait', () => {
    expect(retryDelayMs(1, DEFAULT_WEBHOOK_BACKOFF_MS, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(1, DEFAULT_WEBHOOK_BACKOFF_MS, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, DEFAULT_WEBHOOK_BACKOFF_MS, () => 1)).toBe(6_000);
    expect(retryDelayMs(7, DEFAULT_WEBHOOK_BACKOFF_MS, () => 0.5)).toBe(36_000_000);
    expect(retryDelayMs(8, DEFAULT_WEBHOOK_BACKOFF_MS)).toBeNull();
  });

  it('spans about a day over eight attempts', () => {
    const hours = DEFAULT_WEBHOOK_BACKOFF_MS.reduce((sum, wait) => sum + wait, 0) / 3_600_000;
    expect(DEFAULT_WEBHOOK_BACKOFF_MS.length + 1).toBe(8);
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
  });

  it('disables an endpoint only once it has failed for the configured time', () => {
    const since = new Date('2026-11-20T00:00:00Z');
    const days = (n: number) => new Date(since.getTime() + n * 86_400_000);
    expect(failingForTooLong(since, days(4.9), 5 * 86_400_000)).toBe(false);
    expect(failingForTooLong(since, days(5), 5 * 86_400_000)).toBe(true);
    expect(disabledReason(5.4, 'HTTP 500')).toBe(
      'Deliveries failed for 5 days (HTTP 500). Fix the receiver, enable the endpoint again, then replay the failed deliveries.',
    );
    expect(disabledReason(0, 'Connection refused.')).toContain(
      'Deliveries failed every time (Connection refused.)',
    );
  });
});
