import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { MembershipRole, StaffRole, SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, one, rows, uuidv7 } from '@tourly/platform';
import { internalHeaders, startTestService, untilNothingLeft } from '@tourly/platform/testing';
import { startEmulators } from '@tourly/emulators';
import { properties } from '@tourly/properties';
import type { Person as PlatformPerson, PlatformWithEmulators } from '../../../test/support/platform';
import { startLocalS3 } from '../../../infra/launcher/src/local-s3';
import { sketchfabEmulatorEnv } from '../../../infra/launcher/src/platform';
import { Plans } from '../src/plans/plans';

export {
  startPlatformWithEmulators as startPropertiesPlatform,
  type PlatformWithEmulators as PropertiesPlatform,
} from '../../../test/support/platform';

/**
 * Someone calling properties: through the gateway with a session cookie (the whole platform), or straight to
 * properties with the internal token the gateway would send for them (`headers`, minted at each call: the token
 * lives seconds).
 */
/**
 * An answer without its files' link signatures, to compare two answers: each signs its links anew, and two a second
 * apart differ in the date and signature only.
 */
export function withoutSignatures<T>(answer: T): T {
  return JSON.parse(JSON.stringify(answer).replace(/\?X-Amz-[^"]*/g, '')) as T;
}

export type Person = PlatformPerson & { headers?: () => Record<string, string> };

/** The headers that make a raw request (multipart, binary) the person's. */
export function headersOf(person: Person): Record<string, string> {
  return person.headers?.() ?? { cookie: person.cookie, 'x-csrf-token': person.csrfToken };
}

/** What properties' suites need of a running properties, whichever way they reach it. */
export interface PropertiesHarness {
  /** Where requests go: the gateway, or properties itself. */
  base: string;
  /** Anonymous requests (the public website). */
  http: ReturnType<typeof request>;
  propertiesDb: Database;
  storage?: {
    bucket: string;
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  signUp(name: string): Promise<Person>;
  stop(): Promise<void>;
}

/**
 * Properties alone (a fresh database, NATS, the maps, Matterport and Sketchfab emulators, with `s3` a local S3 server), for
 * the suites of its own behaviour. People are callers as identity would resolve them: `signUp` is a new provider
 * with its admin, `staff` a platform admin; each request carries the internal token the gateway would add. What
 * needs another service (billing's plans and payments, identity's people, the gateway's limits) stays with the
 * whole platform (`startPropertiesPlatform`).
 */
export async function startProperties(options: { s3?: boolean; env?: Record<string, string> } = {}) {
  const emulators = await startEmulators({ port: 0 });
  const dataDir = options.s3 ? await mkdtemp(path.join(tmpdir(), 'tourly-s3-')) : undefined;
  const bucket = 'tourly-test-uploads';
  const s3 = dataDir
    ? await startLocalS3({ dataDir, port: 0, buckets: [bucket], allowedOrigins: [] })
    : undefined;
  const service = await startTestService(properties, {
    extra: {
      MAPS_API_URL: `${emulators.url}/maps`,
      MAPS_API_KEY: 'test-maps-key',
      MAP_TILES_URL: `${emulators.url}/maps/tiles/{z}/{x}/{y}.png`,
      MATTERPORT_API_URL: `${emulators.url}/matterport`,
      SEGMENTATION_ENGINE_URL: `${emulators.url}/segmentation`,
      SEGMENTATION_ENGINE_KEY: 'test-segmentation-key',
      MATTERPORT_TOKEN_ID: 'test-token-id',
      MATTERPORT_TOKEN_SECRET: 'test-token-secret',
      MAIL_API_URL: `${emulators.url}/mail`,
      MAIL_API_TOKEN: 'test-mail-token',
      ...sketchfabEmulatorEnv(emulators.url),
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: bucket,
            S3_REGION: s3.region,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          }
        : {}),
      ...options.env,
    },
  });
  const http = request(service.url);
  const caller = (identity: {
    userId: string;
    providerId?: string;
    role?: MembershipRole;
    staffRole?: StaffRole;
  }): Person => {
    const headers = () => internalHeaders({ scopes: [], ...identity });
    return {
      cookie: '',
      csrfToken: '',
      providerId: identity.providerId ?? '',
      headers,
      get: (url) => http.get(url).set(headers()),
      send: (method, url, body) => {
        const call = http[method](url).set(headers());
        return body === undefined ? call : call.send(body);
      },
    };
  };
  return {
    base: service.url,
    http,
    service,
    emulators,
    propertiesDb: service.app.get(Database),
    storage: s3 ? { ...s3, bucket } : undefined,
    /** A new provider and its admin, as identity signs them up. */
    async signUp(_name: string): Promise<Person> {
      return caller({ userId: uuidv7(), providerId: uuidv7(), role: 'admin' });
    },
    /** One of the provider's people with a role, as identity resolves them. */
    member(providerId: string, role: MembershipRole): Person {
      return caller({ userId: uuidv7(), providerId, role });
    },
    /** Platform staff (the back office). */
    staff(staffRole: StaffRole = 'platform_admin', userId = uuidv7()): Person {
      return caller({ userId, staffRole });
    },
    async stop() {
      await service.stop();
      await emulators.close();
      await s3?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  } satisfies PropertiesHarness & Record<string, unknown>;
}

export type PropertiesAlone = Awaited<ReturnType<typeof startProperties>>;

/**
 * The provider on a plan that publishes (Starter, as billing announces it: properties applies the change, no
 * billing needed), and the property's tour shared (its published feature `tour`).
 */
export async function shareTour(it_: PropertiesAlone, person: Person, propertyId: string): Promise<void> {
  const change: SubscriptionChangedV1 = {
    providerId: person.providerId,
    productCode: 'starter_plan',
    interval: 'month',
    status: 'active',
    premiumTourLimit: 20,
  };
  const app = it_.service.app;
  await app
    .get(Database)
    .transaction((tx) =>
      app.get(Plans).apply(change, { occurredAt: new Date().toISOString(), eventId: uuidv7() }, tx),
    );
  const published = await person.send('put', `/provider/properties/${propertyId}/published_features`, {
    published_features: { tour: true },
  });
  if (published.status !== 200) throw new Error(`tour not shared: ${published.status} ${published.text}`);
}

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
  await untilNothingLeft(
    async () =>
      (await one<{ waiting: number }>(
        it_.propertiesDb.dataSource,
        `SELECT count(*)::int AS waiting FROM unnest($1::uuid[]) AS event(id)
          WHERE NOT EXISTS (SELECT 1 FROM inbox WHERE inbox.event_id = event.id)`,
        [await billingEventIds(it_, subject, providerId)],
      ))!.waiting,
    (waiting) => waiting,
    `properties handling billing's ${subject}`,
  );
}

async function billingEventIds(it_: PlatformWithEmulators, subject: string, providerId: string) {
  const events = await rows<{ id: string }>(
    it_.billingDb.dataSource,
    `SELECT id FROM outbox WHERE subject = $1 AND envelope ->> 'provider_id' = $2`,
    [subject, providerId],
  );
  return events.map((event) => event.id);
}
