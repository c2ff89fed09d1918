import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { AnalyticsBatchV1, AnalyticsDevice, AnalyticsEventType } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { AnalyticsJobs } from '../analytics/analytics-jobs';
import { AnalyticsService } from '../analytics/analytics.service';
import { addDays, dayBounds, utcDay } from '../analytics/analytics.rules';

const DAYS = 14;
const ROOMS = ['Living room', 'Kitchen', 'Master bedroom', 'Bathroom', 'Balcony', 'Study'];
const REFERRERS = [
  null,
  null,
  'www.realestate.com.au',
  'www.domain.com.au',
  'www.google.com',
  'www.facebook.com',
];
const COUNTRIES = ['AU', 'AU', 'AU', 'AU', 'NZ', 'GB', 'US', null];
const DEVICES: AnalyticsDevice[] = ['phone', 'phone', 'phone', 'desktop', 'desktop', 'tablet'];
const LANGUAGES = ['en', 'en', 'en', 'en', 'de', 'cn'] as const;
const OPENED: AnalyticsEventType[] = [
  'menu_opened',
  'tag_opened',
  'map_opened',
  'guided_tour_played',
  'website_opened',
];

/** A small deterministic generator (mulberry32), so a fresh start always shows the same two weeks. */
function generator(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Two weeks of plausible visits to the demo provider's tours (the all-in-one launcher's demo, never production),
 * through analytics' own path: each view a batch stored by the consumer's call, then the rollup run once. Busier
 * for the first properties, a few returning visitors (with consent), a kitchen that holds people longest. How many
 * views it made.
 */
export async function seedDemoAnalytics(
  app: INestApplicationContext,
  providerId: string,
  propertyIds: string[],
): Promise<number> {
  const analytics = app.get(AnalyticsService);
  const db = app.get(Database);
  const now = Date.now();
  let views = 0;
  for (const [index, propertyId] of propertyIds.entries()) {
    const random = generator(propertyId);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const regulars = Array.from({ length: 3 }, (_, n) => `v:demo-regular-${index}-${n}`);
    const busiest = Math.max(2, 9 - index);
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = addDays(utcDay(now), -back);
      const { from } = dayBounds(day);
      const dayViews = Math.round(random() * busiest) + (back < 3 ? 1 : 0);
      for (let view = 0; view < dayViews; view++) {
        let at = from.getTime() + Math.floor(random() * 20 * 3600_000);
        if (at > now - 600_000) continue;
        const returning = random() < 0.2;
        const events: AnalyticsBatchV1['events'] = [];
        const add = (event: Partial<AnalyticsBatchV1['events'][number]> & { type: AnalyticsEventType }) => {
          events.push({
            seq: events.length,
            at: new Date(at).toISOString(),
            sweep: null,
            room: null,
            floor: null,
            ms: null,
            target: null,
            ...event,
          });
          at += 1000;
        };
        add({ type: 'view_started' });
        const places = 1 + Math.floor(random() * 5);
        for (let place = 0; place < places; place++) {
          const room = pick(ROOMS);
          const sweep = `demo${ROOMS.indexOf(room)}${Math.floor(random() * 3)}`;
          const floor = room === 'Balcony' || room === 'Master bedroom' ? 1 : 0;
          add({ type: 'sweep_entered', sweep, room, floor });
          const ms = Math.floor((room === 'Kitchen' ? 25_000 : 8_000) + random() * 40_000);
          at += ms;
          add({ type: 'dwell', sweep, room, floor, ms });
        }
        if (random() < 0.4) add({ type: pick(OPENED), target: 'photos' });
        if (random() < 0.12) add({ type: random() < 0.5 ? 'phone_revealed' : 'contact_opened' });
        if (random() < 0.05) add({ type: 'lead_sent' });
        const batch: AnalyticsBatchV1 = {
          providerId,
          propertyId,
          batchId: uuidv7(),
          viewId: uuidv7(),
          visitorKey: returning ? pick(regulars) : `d:demo-${propertyId}-${day}-${view}`,
          consent: returning ? 'granted' : pick(['denied', 'unknown'] as const),
          device: pick(DEVICES),
          language: pick(LANGUAGES),
          referrerHost: pick(REFERRERS),
          country: pick(COUNTRIES),
          receivedAt: new Date(at).toISOString(),
          events,
        };
        await db.transaction((tx) => analytics.storeBatch(batch, tx));
        views++;
      }
    }
  }
  await app.get(AnalyticsJobs).rollUpNow();
  return views;
}
