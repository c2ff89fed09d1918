/**
 * Billing's suites: billing alone with the emulators (`startBilling`) for billing's own behaviour, or the whole
 * platform (`startBillingPlatform`: the shared support, under billing's names) for what crosses services.
 */
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import Stripe from 'stripe';
import type { MembershipRole, StaffRole } from '@tourly/contracts';
import { Database, one, rows, toCamelKeys, uuidv7, type CallerIdentity } from '@tourly/platform';
import { eventually, freePort, internalHeaders, startTestService } from '@tourly/platform/testing';
import { startEmulators } from '@tourly/emulators';
import { billing } from '@tourly/billing';
import { gatewayClient, type Person, type PlatformWithEmulators } from '../../../test/support/platform';

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

const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Billing alone on a fresh database, with the vendor emulators: Stripe's webhooks come straight to billing's
 * route, signed with the endpoint's secret, and people are callers as the gateway would forward them (the internal
 * token of an admin of a new provider, or of back-office staff), so no other service runs.
 */
export async function startBilling(options: { env?: (emulatorsUrl: string) => Record<string, string> } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const connectWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const emulators = await startEmulators({
    port: 0,
    stripe: {
      webhookEndpoints: [
        { url: `${base}/api/webhooks/stripe`, secret: webhookSecret },
        { url: `${base}/api/webhooks/stripe_connect`, secret: connectWebhookSecret, connect: true },
      ],
    },
  });
  const service = await startTestService(billing, {
    extra: {
      PORT: String(port),
      STRIPE_API_URL: emulators.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
      STRIPE_TEST_CLOCKS: 'true',
      ...options.env?.(emulators.url),
    },
  });
  const billingDb = service.app.get(Database);
  const http = request(base);
  const emulatorUrl = new URL(emulators.url);
  const stripe = new Stripe('sk_test_billing_suite', {
    host: emulatorUrl.hostname,
    port: Number(emulatorUrl.port),
    protocol: 'http',
  });
  const people = gatewayClient(base, emulators.url);

  function personAs(caller: Partial<CallerIdentity>): Person & { userId: string } {
    const userId = caller.userId ?? uuidv7();
    const headers = internalHeaders({ ...caller, userId });
    return {
      userId,
      cookie: '',
      csrfToken: '',
      providerId: caller.providerId ?? '',
      get: (path) => http.get(path).set(headers),
      send: (method, path, body) => {
        const call = http[method](path).set(headers);
        return body ? call.send(body) : call;
      },
    };
  }

  return {
    service,
    http,
    stripe,
    emulators,
    webhookSecret,
    connectWebhookSecret,
    billingDb,
    base,

    /** The admin of a new provider (`role`: another membership role of it). */
    async signUp(_name: string, role: MembershipRole = 'admin'): Promise<Person> {
      return personAs({ role, providerId: uuidv7() });
    },

    /** Someone of the back office, with the user id its requests carry. */
    staff(staffRole: StaffRole = 'platform_admin'): Person & { userId: string } {
      return personAs({ staffRole });
    },

    saveCard: people.saveCard,
    authenticate: people.authenticate,

    /** Waits until every webhook the emulator sent has been delivered and billing has acted on each. */
    async settled(): Promise<void> {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      for (;;) {
        await emulators.stripe?.webhooksSettled();
        const waiting = await one<{ pending: string }>(
          billingDb.dataSource,
          `SELECT (SELECT count(*) FROM stripe_events WHERE processed_at IS NULL)
                + (SELECT count(*) FROM outbox WHERE published_at IS NULL) AS pending`,
        );
        if (Number(waiting?.pending) === 0) return;
        if (Date.now() > deadline) throw new Error('billing did not settle in time');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    /** Events billing published on a subject, oldest first. */
    async published(subject: string, providerId: string): Promise<Array<Record<string, unknown>>> {
      const events = await rows<{ data: Record<string, unknown> }>(
        billingDb.dataSource,
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = $1 AND envelope -> 'data' ->> 'provider_id' = $2 ORDER BY created_at, id`,
        [subject, providerId],
      );
      return events.map((event) => toCamelKeys(event.data) as Record<string, unknown>);
    },

    /**
     * What billing recorded of administrators' changes to a provider's records (`billing.admin_change.recorded.v1`,
     * issue 18): each outbox row's data as it travels (snake_case), oldest first.
     */
    async adminChanges(providerId: string): Promise<Array<Record<string, unknown>>> {
      const events = await rows<{ data: Record<string, unknown> }>(
        billingDb.dataSource,
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = 'billing.admin_change.recorded.v1' AND envelope -> 'data' ->> 'provider_id' = $1
          ORDER BY created_at, id`,
        [providerId],
      );
      return events.map((event) => event.data);
    },

    async stop() {
      await service.stop();
      await emulators.close();
    },
  };
}

export type Billing = Awaited<ReturnType<typeof startBilling>>;
