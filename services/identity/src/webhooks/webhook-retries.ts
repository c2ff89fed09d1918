/**
 * Waits before each retry of a failed delivery: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, eight attempts over about
 * 27.6 hours (Standard Webhooks' suggested schedule). The first waits absorb a blip or a deploy; the long ones
 * outlast a receiver's outage of a night. `WEBHOOK_RETRY_BACKOFF_MS` replaces them (tests use milliseconds).
 */
export const DEFAULT_WEBHOOK_BACKOFF_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/** An endpoint whose every attempt failed for this long (5 days) is disabled when one more delivery gives up. */
export const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

/** Each wait is spread ±20%, so deliveries that failed together (a receiver's outage) do not return together. */
const JITTER = 0.2;

/**
 * The wait before the next attempt after `attempts` failed ones in this round, or null when the round is over and
 * the delivery has failed.
 */
export function retryDelayMs(
  attempts: number,
  backoffMs: readonly number[],
  random = Math.random,
): number | null {
  const wait = backoffMs[attempts - 1];
  if (wait === undefined) return null;
  return Math.round(wait * (1 - JITTER + 2 * JITTER * random()));
}

/** Whether an endpoint failing since `failingSince` is disabled now that one of its deliveries gave up. */
export function failingForTooLong(failingSince: Date, now: Date, disableAfterMs: number): boolean {
  return now.getTime() - failingSince.getTime() >= disableAfterMs;
}

/** The reason a disabled endpoint shows, in the provider's words. */
export function disabledReason(days: number, lastOutcome: string): string {
  const period = days >= 1 ? `for ${Math.floor(days)} day${Math.floor(days) === 1 ? '' : 's'}` : 'every time';
  return `Deliveries failed ${period} (${lastOutcome}). Fix the receiver, enable the endpoint again, then replay the failed deliveries.`;
}
