/** Properties' suites run on the whole platform with the emulators (maps, Matterport, Stripe...). */
import type { PlatformWithEmulators } from '../../../test/support/platform';

export {
  startPlatformWithEmulators as startPropertiesPlatform,
  type PlatformWithEmulators as PropertiesPlatform,
  type Person,
} from '../../../test/support/platform';

const CAUGHT_UP_TIMEOUT_MS = 15_000;

/**
 * Once billing has settled (every webhook acted on, every event sent), waits until properties has handled each
 * event billing published on `subject` about the provider: the moment its effect on the tours is visible.
 */
export async function propertiesCaughtUp(
  it_: PlatformWithEmulators,
  subject: string,
  providerId: string,
): Promise<void> {
  await it_.settled();
  const deadline = Date.now() + CAUGHT_UP_TIMEOUT_MS;
  for (;;) {
    const [{ waiting }] = (await it_.propertiesDb.dataSource.query(
      `SELECT count(*)::int AS waiting FROM unnest($1::uuid[]) AS event(id)
        WHERE NOT EXISTS (SELECT 1 FROM inbox WHERE inbox.event_id = event.id)`,
      [await billingEventIds(it_, subject, providerId)],
    )) as Array<{ waiting: number }>;
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`properties did not handle billing's ${subject} in time`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function billingEventIds(it_: PlatformWithEmulators, subject: string, providerId: string) {
  const rows = (await it_.billingDb.dataSource.query(
    `SELECT id FROM outbox WHERE subject = $1 AND envelope ->> 'provider_id' = $2`,
    [subject, providerId],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}
