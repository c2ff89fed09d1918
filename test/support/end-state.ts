import type { RunningEmulators } from '@tourly/emulators';
import { BACKEND_SERVICES } from '@tourly/contracts';
import type { Client } from 'pg';
import Stripe from 'stripe';
import { gatewayClient, type Person } from './platform';
import { pause } from './processes';

/**
 * What the fault and chaos suites check once the faults are over, and the Stripe traffic they make meanwhile: every
 * provider's plan the same in Stripe, billing, properties and identity; every outbox row published and none parked,
 * no dead letter, every Stripe event stored and processed once, every event handled by its consumers once, nothing
 * announced twice. Reads every service's schema in the one database the platform under test uses.
 */
const PLAN_CODES = ['starter_plan', 'vt_creator_plan', 'experience_creator_plan'] as const;
const SCHEMAS = BACKEND_SERVICES;
/** Plan changes go on this long after the last fault, so that changes also flow through what has just come back. */
const BURST_TAIL_MS = 500;
/**
 * How long the catching up may stand still before the suite calls it stuck: longer than any wait the platform has by
 * design (a delivery left unacked by a killed consumer comes again after the ack wait, 5 s here; Stripe's retries of a
 * webhook are at most 10 s apart here). As long as anything moves, the suite waits: a busy CI machine
 * took more than 90 s to work through 144 Stripe events after two kills of the all-in-one.
 */
const STALLED_AFTER_MS = 45_000;

/** The Stripe SDK on the emulators' Stripe, as the Dashboard (or a renewal) would change things there. */
export function stripeAt(emulatorsUrl: string): Stripe {
  const url = new URL(emulatorsUrl);
  return new Stripe('sk_test_end_state', { host: url.hostname, port: Number(url.port), protocol: 'http' });
}

/** `count` providers signed up through the gateway, each on Starter monthly paid by card. */
export async function subscribedProviders(
  gatewayUrl: string,
  emulatorsUrl: string,
  count: number,
  label = 'Fault',
): Promise<Array<Person & { email: string; password: string }>> {
  const people = gatewayClient(gatewayUrl, emulatorsUrl);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const name = `${label} Media ${index + 1}`;
      const provider = await people.signUp(name);
      const account = await provider.send('put', '/provider/billing/account', {
        name,
        email: `billing@${label.toLowerCase()}${index + 1}.test`,
        address: '1 Main St',
        country: 'US',
      });
      if (account.status !== 200) throw new Error(`billing account refused: ${account.status}`);
      const card = await people.saveCard(provider, 'pm_card_visa');
      const subscribed = await provider.send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: card,
        },
      });
      if (subscribed.body.data?.result !== 'success')
        throw new Error(`subscription refused: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
      return provider;
    }),
  );
}

export interface Plan {
  productCode: string;
  interval: string;
  status: string;
}

/**
 * Plan changes made in Stripe (as the Dashboard or a renewal would), one provider after another in a random order
 * with random pauses, until a little after `until` settles: the number of changes made per Stripe subscription.
 */
export async function planChangeBurst(
  stripe: Stripe,
  subscriptionIds: string[],
  random: () => number,
  until: Promise<unknown>,
): Promise<Map<string, number>> {
  const prices = new Map<string, string>();
  for (const price of (
    await stripe.prices.list({ lookup_keys: PLAN_CODES.map((code) => `${code}_month_usd`), limit: 10 })
  ).data) {
    prices.set(price.product as string, price.id);
  }
  const made = new Map(subscriptionIds.map((id) => [id, 0]));
  let done = false;
  // A little more after the last fault, so that changes also flow through what has just come back.
  void until
    .then(
      () => pause(BURST_TAIL_MS),
      () => undefined,
    )
    .then(() => (done = true));
  while (!done) {
    for (const id of [...subscriptionIds].sort(() => random() - 0.5)) {
      const running = await stripe.subscriptions.retrieve(id);
      const item = running.items.data[0]!;
      const others = PLAN_CODES.filter((code) => code !== item.price.product);
      const next = others[Math.floor(random() * others.length)]!;
      await stripe.subscriptions.update(id, {
        items: [{ id: item.id, price: prices.get(next)! }],
        proration_behavior: 'none',
      });
      made.set(id, made.get(id)! + 1);
      await pause(20 + random() * 120);
      if (done) break;
    }
  }
  return made;
}

export interface EndState {
  /** What disagrees with the guarantees; empty once the platform has caught up. */
  problems: string[];
  plans: Array<{ providerId: string; stripe: Plan; billing: Plan & { version: number } }>;
}

const SUBJECT_CHANGED = 'billing.subscription.changed.v1';
const SUBJECT_STRIPE_EVENT = 'billing.stripe_event.received.v1';

/** Reads Stripe, and every service's tables in the one database, and lists what breaks the guarantees. */
export async function readEndState(db: Client, stripe: Stripe): Promise<EndState> {
  const problems: string[] = [];
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];

  const subscriptions = await rows<Plan & { providerId: string; subscriptionId: string; version: number }>(
    `SELECT provider_id AS "providerId", stripe_subscription_id AS "subscriptionId", product_code AS "productCode",
            interval, status, version::int AS version
       FROM billing.subscriptions ORDER BY provider_id`,
  );
  const plans: EndState['plans'] = [];
  for (const subscription of subscriptions) {
    const inStripe = await stripe.subscriptions.retrieve(subscription.subscriptionId);
    const price = inStripe.items.data[0]!.price;
    const stripePlan = {
      productCode: price.product as string,
      interval: price.recurring!.interval,
      status: inStripe.status,
    };
    const billingPlan = {
      productCode: subscription.productCode,
      interval: subscription.interval,
      status: subscription.status,
    };
    plans.push({
      providerId: subscription.providerId,
      stripe: stripePlan,
      billing: { ...billingPlan, version: subscription.version },
    });
    if (JSON.stringify(billingPlan) !== JSON.stringify(stripePlan))
      problems.push(
        `billing has ${JSON.stringify(billingPlan)} for ${subscription.providerId}, Stripe ${JSON.stringify(stripePlan)}`,
      );
    for (const schema of ['properties', 'identity'] as const) {
      const [projection] = await rows<{ productCode: string; status: string; version: number | null }>(
        `SELECT product_code AS "productCode", status, plan_version::int AS version
           FROM ${schema}.provider_plans WHERE provider_id = $1`,
        [subscription.providerId],
      );
      const agrees =
        projection?.productCode === stripePlan.productCode &&
        projection.status === stripePlan.status &&
        projection.version === subscription.version;
      if (!agrees)
        problems.push(
          `${schema} has ${JSON.stringify(projection)} for ${subscription.providerId}, Stripe ${JSON.stringify(stripePlan)} (billing version ${subscription.version})`,
        );
    }
  }

  for (const schema of SCHEMAS) {
    const [outbox] = await rows<{ unsent: number; parked: number }>(
      `SELECT count(*) FILTER (WHERE published_at IS NULL)::int AS unsent,
              count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked FROM ${schema}.outbox`,
    );
    if (outbox!.unsent > 0) problems.push(`${schema}: ${outbox!.unsent} outbox rows not published`);
    if (outbox!.parked > 0) problems.push(`${schema}: ${outbox!.parked} outbox rows parked`);
    const [{ parked }] = await rows<{ parked: number }>(
      `SELECT count(*)::int AS parked FROM ${schema}.dead_letters`,
    );
    if (parked > 0) problems.push(`${schema}: ${parked} dead letters`);
  }

  const stored = new Set(
    (await rows<{ id: string }>('SELECT id FROM billing.stripe_events')).map((row) => row.id),
  );
  const lost: string[] = [];
  for await (const event of stripe.events.list({ limit: 100 })) {
    if (!stored.has(event.id)) lost.push(`${event.id} (${event.type})`);
  }
  if (lost.length > 0) problems.push(`Stripe events never stored by billing: ${lost.join(', ')}`);
  const [{ unprocessed }] = await rows<{ unprocessed: number }>(
    'SELECT count(*)::int AS unprocessed FROM billing.stripe_events WHERE processed_at IS NULL',
  );
  if (unprocessed > 0) problems.push(`${unprocessed} stored Stripe events never processed`);

  for (const [subject, consumers] of [
    [SUBJECT_STRIPE_EVENT, ['billing']],
    [SUBJECT_CHANGED, ['properties', 'identity']],
  ] as const) {
    for (const consumer of consumers) {
      const [{ waiting }] = await rows<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM billing.outbox o
          WHERE o.subject = $1 AND NOT EXISTS (SELECT 1 FROM ${consumer}.inbox i WHERE i.event_id = o.id)`,
        [subject],
      );
      if (waiting > 0) problems.push(`${waiting} ${subject} events not handled by ${consumer}`);
    }
  }
  return { problems, plans };
}

/**
 * Waits for the end state without problems for as long as anything moves (a problem's count, a plan, the deliveries
 * the event storage still owes where `backlog` reads them); fails naming what is still wrong once nothing has moved
 * for STALLED_AFTER_MS. Moving, not shrinking: webhooks Stripe retries after a kill bring new events while older
 * ones are handled, and a consumer working through events it handled before the kill shrinks no problem.
 */
export async function caughtUp(
  db: Client,
  stripe: Stripe,
  backlog?: () => Promise<number>,
): Promise<EndState> {
  let last = '';
  let movedAt = Date.now();
  for (;;) {
    const state = { ...(await readEndState(db, stripe)), backlog: (await backlog?.()) ?? 0 };
    if (state.problems.length === 0) return state;
    const seen = JSON.stringify(state);
    if (seen !== last) [last, movedAt] = [seen, Date.now()];
    else if (Date.now() - movedAt > STALLED_AFTER_MS)
      throw new Error(`nothing moved for ${STALLED_AFTER_MS} ms short of the end state; last: ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What was applied twice: a subscription version announced twice (or skipped), the same plan announced twice in a
 * row, more announcements than changes made in Stripe, a Stripe event queued more than once.
 */
export async function doubled(db: Client, changesMade: Map<string, number>): Promise<string[]> {
  const found: string[] = [];
  const announced = (
    await db.query(
      `SELECT o.envelope ->> 'provider_id' AS "providerId", s.stripe_subscription_id AS "subscriptionId",
              s.version::int AS "lastVersion",
              json_agg(json_build_object('version', (o.envelope -> 'data' ->> 'version')::int,
                'plan', concat_ws('/', o.envelope -> 'data' ->> 'product_code', o.envelope -> 'data' ->> 'interval',
                                  o.envelope -> 'data' ->> 'status'))
                ORDER BY (o.envelope -> 'data' ->> 'version')::int) AS changes
         FROM billing.outbox o JOIN billing.subscriptions s ON s.provider_id::text = o.envelope ->> 'provider_id'
        WHERE o.subject = $1 GROUP BY 1, 2, 3`,
      [SUBJECT_CHANGED],
    )
  ).rows as Array<{
    providerId: string;
    subscriptionId: string;
    lastVersion: number;
    changes: Array<{ version: number; plan: string }>;
  }>;
  for (const { providerId, subscriptionId, lastVersion, changes } of announced) {
    const versions = changes.map((change) => change.version);
    const expected = Array.from({ length: lastVersion }, (_, index) => index + 1);
    if (JSON.stringify(versions) !== JSON.stringify(expected))
      found.push(`${providerId}: versions announced ${versions.join(',')}, expected 1..${lastVersion}`);
    changes.forEach((change, index) => {
      if (index > 0 && changes[index - 1]!.plan === change.plan)
        found.push(
          `${providerId}: ${change.plan} announced twice in a row (versions ${index}, ${index + 1})`,
        );
    });
    // The subscription itself (1) and each change made in Stripe, at most: a change announced twice is more.
    const most = 1 + (changesMade.get(subscriptionId) ?? 0);
    if (changes.length > most)
      found.push(`${providerId}: ${changes.length} changes announced for ${most} made`);
  }
  const queuedTwice = (
    await db.query(
      `SELECT envelope -> 'data' ->> 'stripe_event_id' AS id, count(*)::int AS times FROM billing.outbox
        WHERE subject = $1 GROUP BY 1 HAVING count(*) > 1`,
      [SUBJECT_STRIPE_EVENT],
    )
  ).rows as Array<{ id: string; times: number }>;
  for (const { id, times } of queuedTwice) found.push(`Stripe event ${id} queued ${times} times`);
  const [{ events, queued }] = (
    await db.query(
      `SELECT (SELECT count(*) FROM billing.stripe_events)::int AS events,
              (SELECT count(*) FROM billing.outbox WHERE subject = $1)::int AS queued`,
      [SUBJECT_STRIPE_EVENT],
    )
  ).rows as Array<{ events: number; queued: number }>;
  if (events !== queued) found.push(`${events} Stripe events stored, ${queued} queued`);
  return found;
}

export async function outboxRows(db: Client): Promise<number> {
  let rows = 0;
  for (const schema of SCHEMAS) {
    rows += (await db.query(`SELECT count(*)::int AS n FROM ${schema}.outbox`)).rows[0].n as number;
  }
  return rows;
}

/** Adds a burst's changes to the suite's count so far. */
export function addUp(total: Map<string, number>, burst: Map<string, number>): Map<string, number> {
  for (const [id, count] of burst) total.set(id, (total.get(id) ?? 0) + count);
  return total;
}

/** What the faults met: how many changes and Stripe events, and the webhook attempts that failed and were retried. */
export async function summary(
  stripe: Stripe,
  emulators: RunningEmulators,
  made: Map<string, number>,
): Promise<string> {
  const events = (await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 })).length;
  const failed = emulators.stripe!.webhookDeliveries().filter((delivery) => delivery.status === 'failed');
  const changes = [...made.values()].reduce((sum, count) => sum + count, 0);
  return `${changes} plan changes, ${events} Stripe events, ${failed.length} webhook attempts failed (${failed.filter((delivery) => !delivery.will_retry).length} given up)`;
}
