/** Billing's suites run on the whole platform with the emulators: the shared support, under billing's names. */
import { jest } from '@jest/globals';
import { Database } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import type { PlatformWithEmulators } from '../../../test/support/platform';

export {
  startPlatformWithEmulators as startBillingPlatform,
  sessionCookieOf,
  type PlatformWithEmulators as BillingPlatform,
  type Person,
} from '../../../test/support/platform';

/**
 * Runs `work` with this process's clock `aheadMs` ahead, as on a billing replica whose clock runs ahead: only `Date`
 * is faked (timers stay real), so everything still runs while `new Date()` says a later time.
 */
export async function withClockAhead<T>(aheadMs: number, work: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now: Date.now() + aheadMs,
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  try {
    return await work();
  } finally {
    jest.useRealTimers();
  }
}

/** Waits until each event id is in the service's inbox: the service has handled it. */
export async function handledBy(
  it_: PlatformWithEmulators,
  service: 'properties' | 'identity',
  ids: string[],
): Promise<void> {
  const db = it_.platform.services[service].app.get(Database);
  await eventually(
    async () => {
      const [{ waiting }] = (await db.dataSource.query(
        `SELECT count(*)::int AS waiting FROM unnest($1::uuid[]) AS event(id)
          WHERE NOT EXISTS (SELECT 1 FROM inbox WHERE inbox.event_id = event.id)`,
        [ids],
      )) as Array<{ waiting: number }>;
      return waiting;
    },
    (waiting) => waiting === 0,
    `${service} handling ${ids.join(', ')}`,
  );
}
