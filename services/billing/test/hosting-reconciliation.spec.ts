/**
 * Issue 32's fault case, on the whole platform: Stripe's API out of reach from billing while hosting-fee invoices
 * fall due and are paid. One client's payment reaches billing as a webhook it cannot process (parked: the refresh
 * from Stripe fails); the other's webhooks Stripe gives up on. Once Stripe is back, the retry of stored events and
 * the reconciliation (which covers the connected accounts: their subscriptions, open invoices and events) bring
 * every tour's state in line with its invoice, each announced once.
 */
import { Schedules, type SettledDelivery } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { HostingOverdueService } from '../src/hosting/hosting-overdue.service';
import { StripeEventRetry } from '../src/reconciliation/stripe-event-retry.service';
import { StripeReconciliation } from '../src/reconciliation/reconciliation.service';
import { aSharedTour, onStarter } from '../../../test/support/provider';
import { aHostingSubscription, onboardMerchantAccount, payOnHostedPage } from './hosting-support';
import { StripeRoad } from './stripe-road';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

jest.setTimeout(180_000);

interface HostedTour {
  propertyId: string;
  /** The tour's base layer for visitors: 200 online, 423 paused. */
  base: string;
  invoiceId: string;
  hostedInvoiceUrl: string;
  stripeInvoiceId: string;
}

describe('hosting fees while Stripe is out of reach', () => {
  const road = new StripeRoad();
  const settled: SettledDelivery[] = [];
  let it_: BillingPlatform;
  let harbour: Person;
  let account: string;
  let reconciliation: StripeReconciliation;
  let retry: StripeEventRetry;
  let overdue: HostingOverdueService;

  beforeAll(async () => {
    it_ = await startBillingPlatform({
      // Stripe gives Bayside's webhooks up within a fraction of a second, not 7.5 s an event, one after another.
      stripeWebhookRetryDelaysMs: [50, 100],
      env: await road.billingBehind(),
    });
    const billing = it_.platform.services.billing;
    billing.deliveries.on('settled', (delivery: SettledDelivery) => settled.push(delivery));
    reconciliation = billing.app.get(StripeReconciliation);
    retry = billing.app.get(StripeEventRetry);
    overdue = billing.app.get(HostingOverdueService);
    // Only the test's own runs: billing's timers stopped (their runs are the same as runNow's).
    await billing.app.get(Schedules).beforeApplicationShutdown();
    harbour = await it_.signUp('Outage Harbour');
    await onStarter(it_, harbour);
    account = await onboardMerchantAccount(it_, harbour);
  }, 180_000);
  afterAll(async () => {
    it_?.emulators.stripe!.setWebhooksReachable(true);
    await it_?.stop();
    await road.close();
  });

  /** A published tour of a client billed monthly for it, its first invoice open and due in three days. */
  async function aHostedTour(client: string): Promise<HostedTour> {
    const { propertyId, basePath } = await aSharedTour(harbour, `${client} Villa`);
    const { invoice } = await aHostingSubscription(it_, harbour, {
      customer: { name: client, email: `accounts@${client.toLowerCase().replace(/\W+/g, '-')}.test` },
      propertyIds: [propertyId],
      amount: 3900,
      daysUntilDue: 3,
    });
    const [{ stripeInvoiceId }] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_invoice_id AS "stripeInvoiceId" FROM hosting_invoices WHERE id = $1',
      [invoice.id],
    )) as Array<{ stripeInvoiceId: string }>;
    await it_.http.get(basePath).expect(200);
    return {
      propertyId,
      base: basePath,
      invoiceId: invoice.id,
      hostedInvoiceUrl: invoice.hosted_invoice_url,
      stripeInvoiceId,
    };
  }

  /** The client's browser reaches Stripe's hosted page, whatever the road from billing to Stripe. */
  const payDirect = (tour: HostedTour) => {
    const url = new URL(tour.hostedInvoiceUrl);
    const stripe = new URL(it_.emulators.url);
    url.host = stripe.host;
    return payOnHostedPage(url.toString(), '4242 4242 4242 4242');
  };
  const tourStatus = async (tour: HostedTour) => (await it_.http.get(tour.base)).status;
  const billingStatus = async (tour: HostedTour) =>
    (
      (await it_.billingDb.dataSource.query('SELECT status FROM hosting_invoices WHERE id = $1', [
        tour.invoiceId,
      ])) as Array<{ status: string }>
    )[0]!.status;
  const tourEvents = async (tour: HostedTour) =>
    (
      (await it_.propertiesDb.dataSource.query(
        `SELECT subject FROM outbox WHERE subject LIKE 'properties.hosting.tour.%'
            AND envelope -> 'data' ->> 'property_id' = $1 ORDER BY id`,
        [tour.propertyId],
      )) as Array<{ subject: string }>
    ).map((row) => row.subject);

  it('brings every tour in line with its invoice once Stripe is back, each change announced once', async () => {
    const realty = await aHostedTour('Outage Realty');
    const bayside = await aHostedTour('Outage Bayside');
    // What the set-up left undelivered is recovered now, not in the runs the test counts.
    await reconciliation.runNow();
    await it_.settled();

    road.cut();
    // Both invoices fall due (billing's copies of the due dates moved back, as three days would): billing's own
    // clock pauses both tours without a word from Stripe.
    await it_.billingDb.dataSource.query(
      `UPDATE hosting_invoices SET due_date = now() - interval '1 minute' WHERE id = ANY($1)`,
      [[realty.invoiceId, bayside.invoiceId]],
    );
    expect(await overdue.runNow()).toBe(2);
    await it_.settled();
    await eventually(
      async () => [await tourStatus(realty), await tourStatus(bayside)],
      (statuses) => statuses.every((status) => status === 423),
    );

    // Realty pays: the webhook arrives, but reading the invoice from Stripe fails try after try until the queue
    // parks the event.
    expect((await payDirect(realty)).status).toBe(303);
    await eventually(
      async () =>
        settled.filter(
          (delivery) =>
            delivery.subject === 'billing.stripe_event.received.v1' && delivery.outcome === 'parked',
        ),
      (parked) => parked.length > 0,
    );
    // Bayside pays while Stripe cannot reach billing either: Stripe gives its webhooks up.
    const stripeVendor = it_.emulators.stripe!;
    const earlier = new Set(stripeVendor.webhookDeliveries().map((delivery) => delivery.id));
    stripeVendor.setWebhooksReachable(false);
    try {
      expect((await payDirect(bayside)).status).toBe(303);
      await stripeVendor.webhooksSettled();
    } finally {
      stripeVendor.setWebhooksReachable(true);
    }
    const givenUp = [
      ...new Set(
        stripeVendor
          .webhookDeliveries()
          .filter(
            (delivery) => !earlier.has(delivery.id) && delivery.status === 'failed' && !delivery.will_retry,
          )
          .map((delivery) => delivery.event),
      ),
    ];
    expect(givenUp.length).toBeGreaterThan(0);

    // Nothing can be done while Stripe is away; both tours stay paused, both invoices open in billing.
    expect(await reconciliation.runNow()).toBeUndefined();
    expect(await retry.runNow()).toBe(0);
    expect([await billingStatus(realty), await billingStatus(bayside)]).toEqual(['open', 'open']);
    expect([await tourStatus(realty), await tourStatus(bayside)]).toEqual([423, 423]);

    // Stripe is back: the parked event is processed on retry; reconciliation finds Bayside's invoice paid and
    // recovers the events Stripe gave up, from Bayside's connected account.
    road.restore();
    expect(await retry.runNow()).toBeGreaterThan(0);
    const caughtUp = await reconciliation.runNow();
    expect(caughtUp).toMatchObject({ repaired: 1, failed: 0 });
    // Every event Stripe gave up is billing's now, stored with its account (one an attempt did bring in before
    // Stripe gave up is not recovered twice).
    expect(caughtUp!.recovered).toBeGreaterThan(0);
    expect(caughtUp!.recovered).toBeLessThanOrEqual(givenUp.length);
    const recovered = (await it_.billingDb.dataSource.query(
      `SELECT payload ->> 'account' AS account FROM stripe_events WHERE id = ANY($1)`,
      [givenUp],
    )) as Array<{ account: string }>;
    expect(recovered).toHaveLength(givenUp.length);
    expect(recovered.every((event) => event.account === account)).toBe(true);
    await it_.settled();

    // Every tour matches its invoice, in billing as in Stripe; each pause and resume announced once.
    for (const tour of [realty, bayside]) {
      const atStripe = await it_.stripe.invoices.retrieve(
        tour.stripeInvoiceId,
        {},
        { stripeAccount: account },
      );
      expect(atStripe.status).toBe('paid');
      expect(await billingStatus(tour)).toBe('paid');
      await eventually(
        () => tourStatus(tour),
        (status) => status === 200,
      );
      expect(await tourEvents(tour)).toEqual([
        'properties.hosting.tour.paused.v1',
        'properties.hosting.tour.resumed.v1',
      ]);
    }
    expect(
      (await it_.published('billing.hosting.invoice.paid.v1', harbour.providerId)).map(
        (event) => (event as { invoiceId: string }).invoiceId,
      ),
    ).toEqual(expect.arrayContaining([realty.invoiceId, bayside.invoiceId]));
    expect(await it_.published('billing.hosting.invoice.paid.v1', harbour.providerId)).toHaveLength(2);

    // Again: nothing left to repair or recover.
    expect(await reconciliation.runNow()).toEqual({ repaired: 0, recovered: 0, failed: 0 });
  });
});
