import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { AnalyticsBatchV1, AnalyticsDevice, AnalyticsEventType } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import sharp from 'sharp';
import { AnalyticsJobs } from '../analytics/analytics-jobs';
import { AnalyticsRoomPinsRepository } from '../analytics/analytics-room-pins.repository';
import { isFloorplanImage, type RoomPin } from '../analytics/analytics-room-pins.rules';
import { AnalyticsService } from '../analytics/analytics.service';
import { addDays, dayBounds, utcDay } from '../analytics/analytics.rules';
import { MediaService } from '../media/media.service';
import { PropertiesQuery } from '../properties/properties.dto';
import { PropertiesService } from '../properties/properties.service';
import { incomingKey } from '../uploads/files';
import { UploadsService } from '../uploads/uploads.service';

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
  // The latest a seeded view starts, so that its events (a few minutes of them) end before now; the two weeks end on
  // its day, which keeps a full fourteen days even in the first minutes after midnight.
  const latest = Date.now() - 600_000;
  let views = 0;
  for (const [index, propertyId] of propertyIds.entries()) {
    const random = generator(propertyId);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const regulars = Array.from({ length: 3 }, (_, n) => `v:demo-regular-${index}-${n}`);
    const busiest = Math.max(2, 9 - index);
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = addDays(utcDay(latest), -back);
      const { from } = dayBounds(day);
      const window = Math.min(20 * 3600_000, latest - from.getTime());
      const dayViews = Math.round(random() * busiest) + (back < 3 ? 1 : 0);
      for (let view = 0; view < dayViews; view++) {
        let at = from.getTime() + Math.floor(random() * window);
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

/**
 * The demo floor plans, 800 x 500 like an architect's drawing (walls, door gaps, no words: the heat map labels the
 * rooms), and where each seeded room is on them: floor 0's rooms on the ground floor, floor 1's upstairs.
 */
const PLAN_WALLS = `<g fill="none" stroke="#2f3a45" stroke-width="8" stroke-linecap="square">`;
const DEMO_FLOORPLANS = [
  {
    name: 'Ground floor',
    filename: 'ground-floor.png',
    floor: 0,
    svg: `${PLAN_WALLS}
      <rect x="20" y="20" width="760" height="460"/>
      <path d="M420 20 V120 M420 180 V300 M20 300 H120 M180 300 H300 V480 M420 300 V480 M420 260 H560 M620 260 H780"/>
    </g>`,
    rooms: { 'Living room': [0.26, 0.32], Kitchen: [0.76, 0.28], Study: [0.2, 0.8], Bathroom: [0.45, 0.8] },
  },
  {
    name: 'First floor',
    filename: 'first-floor.png',
    floor: 1,
    svg: `${PLAN_WALLS}
      <rect x="20" y="20" width="520" height="460"/>
      <path d="M540 120 V200 M540 280 V380"/>
    </g>
    <rect x="540" y="120" width="240" height="260" fill="none" stroke="#2f3a45" stroke-width="4"
      stroke-dasharray="12 10"/>`,
    rooms: { 'Master bedroom': [0.35, 0.5], Balcony: [0.82, 0.5] },
  },
] as const;

/**
 * The heat map over a demo property's floor plan (issue 33), for `npm start`: two floor plans drawn and added the way
 * the Floorplans section adds images (a presigned upload, checked, described, attached) when the property has none,
 * then the seeded rooms placed on them when none are. Needs storage (the launcher's local S3). How many rooms it placed.
 */
export async function seedDemoHeatMap(
  app: INestApplicationContext,
  providerId: string,
  propertyId: string,
): Promise<number> {
  const media = app.get(MediaService);
  if ((await media.list(providerId, propertyId, 'floorplan')).length === 0) {
    for (const plan of DEMO_FLOORPLANS) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
        <rect width="800" height="500" fill="#ffffff"/>${plan.svg}</svg>`;
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const upload = await app
        .get(UploadsService)
        .presign(providerId, plan.filename, 'image/png', png.length);
      await app.get(Storage).put(incomingKey(providerId, upload.id, plan.filename), png, 'image/png');
      await media.addUploads(
        providerId,
        propertyId,
        'floorplan',
        { uploadIds: [upload.id], names: [plan.name] },
        'floorplan.temporaryUploadIds',
      );
    }
  }
  const pinsRepository = app.get(AnalyticsRoomPinsRepository);
  const db = app.get(Database);
  if ((await pinsRepository.list(db.dataSource, providerId, propertyId)).length > 0) return 0;
  // The property's own images in their order: the first is the ground floor, the second upstairs.
  const images = (await media.list(providerId, propertyId, 'floorplan')).filter(isFloorplanImage);
  const pins: RoomPin[] = DEMO_FLOORPLANS.flatMap((plan, index) => {
    const image = images[index];
    if (!image) return [];
    return Object.entries(plan.rooms).map(([room, [x, y]]) => ({
      room,
      floor: plan.floor,
      floorplanId: image.id,
      x,
      y,
    }));
  });
  await db.transaction((tx) => pinsRepository.replace(tx, providerId, propertyId, pins));
  return pins.length;
}

/** The provider's oldest live property: the demo seed's first, to which it gives the most visits. */
export async function firstPropertyId(
  app: INestApplicationContext,
  providerId: string,
): Promise<string | null> {
  const found = await app
    .get(PropertiesService)
    .list(providerId, Object.assign(new PropertiesQuery(), { pageSize: 100 }));
  // Newest first, as the provider's list shows them.
  return found.items.at(-1)?.id ?? null;
}
