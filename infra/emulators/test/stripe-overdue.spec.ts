import Stripe from 'stripe';
import { aReceiver, DAY, startStripe, type StripeHarness } from './stripe-support';

const CONNECT_SECRET = 'whsec_connect';
const JAN_1 = Date.UTC(2026, 0, 1) / 1000;

/** What a `customer.subscription.updated` says the status was (undefined: unchanged). */
const previousStatus = (event: Stripe.Event) =>
  (event.data.previous_attributes as Partial<Stripe.Subscription> | undefined)?.status;

/** A send_invoice invoice left unpaid past its due date: `invoice.overdue`, and its subscription past_due until paid. */
describe('Stripe emulator: overdue send_invoice invoices', () => {
  let h: StripeHarness;
  let stripe: Stripe;
  let connectReceiver: Awaited<ReturnType<typeof aReceiver>>;

  beforeAll(async () => {
    connectReceiver = await aReceiver();
    h = await startStripe({
      webhookEndpoints: [{ url: connectReceiver.url, secret: CONNECT_SECRET, connect: true }],
    });
    stripe = h.stripe;
  });
  afterAll(async () => {
    await h.close();
    await connectReceiver.close();
  });

  /** The Connect receiver's events about one object, in the order sent. */
  async function connectEventsOf(id: string): Promise<Stripe.Event[]> {
    await h.emulators.stripe!.webhooksSettled();
    return connectReceiver.received
      .map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, CONNECT_SECRET))
      .filter((event) => (event.data.object as { id: string }).id === id)
      .sort((a, b) => a.created - b.created);
  }

  /**
   * A connected account's customer on a test clock (the account's own, 1 Jan 2026) with a monthly send_invoice
   * subscription, its first invoice open and due `daysUntilDue` days later.
   */
  async function aSendInvoiceSubscription(daysUntilDue = 14) {
    const account = await stripe.accounts.create({ type: 'standard', country: 'GB', email: 'o@h.example' });
    const on = { stripeAccount: account.id };
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: JAN_1, name: 'overdue' }, on);
    const product = await stripe.products.create({ name: 'Hosting' }, on);
    const price = await stripe.prices.create(
      { product: product.id, currency: 'gbp', unit_amount: 2_500, recurring: { interval: 'month' } },
      on,
    );
    const customer = await stripe.customers.create(
      { name: 'Client', email: 'client@example.com', test_clock: clock.id },
      on,
    );
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        collection_method: 'send_invoice',
        days_until_due: daysUntilDue,
      },
      on,
    );
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, {}, on);
    const advance = async (frozenTime: number) => {
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozenTime }, on);
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if ((await stripe.testHelpers.testClocks.retrieve(clock.id, {}, on)).status === 'ready') return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`test clock ${clock.id} did not get ready`);
    };
    const status = async () => (await stripe.subscriptions.retrieve(subscription.id, {}, on)).status;
    return { account: account.id, on, subscription, invoice, advance, status };
  }

  /** Pays an open invoice on its hosted page with a test card, as the customer does from the email. */
  async function payOnHostedPage(invoice: Stripe.Invoice, card = '4242 4242 4242 4242'): Promise<number> {
    const html = await (await fetch(invoice.hosted_invoice_url!)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const response = await fetch(new URL(action, invoice.hosted_invoice_url!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: card }).toString(),
      redirect: 'manual',
    });
    return response.status;
  }

  it('sends invoice.overdue once at the due date on a connected account, past_due until paid on the hosted page', async () => {
    const { account, on, subscription, invoice, advance, status } = await aSendInvoiceSubscription(14);
    expect(subscription.status).toBe('active');
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      due_date: JAN_1 + 14 * DAY,
    });

    // Active from the start, as Stripe makes a subscription that sends its invoices: never incomplete first.
    const created = await connectEventsOf(subscription.id);
    expect(created.map((e) => [e.type, (e.data.object as Stripe.Subscription).status])).toEqual([
      ['customer.subscription.created', 'active'],
    ]);

    await advance(JAN_1 + 14 * DAY - 1);
    expect(await status()).toBe('active');
    expect((await connectEventsOf(invoice.id)).map((e) => e.type)).not.toContain('invoice.overdue');

    await advance(JAN_1 + 15 * DAY);
    expect(await status()).toBe('past_due');
    const overdue = (await connectEventsOf(invoice.id)).filter((e) => e.type === 'invoice.overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ account, request: { id: null, idempotency_key: null } });
    expect(overdue[0]!.data.object).toMatchObject({
      id: invoice.id,
      status: 'open',
      due_date: JAN_1 + 14 * DAY,
    });
    const listed = await stripe.events.list({ type: 'invoice.overdue' }, on);
    expect(listed.data.map((e) => e.id)).toEqual([overdue[0]!.id]);
    const fellBehind = (await connectEventsOf(subscription.id)).filter(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.object as Stripe.Subscription).status === 'past_due',
    );
    expect(fellBehind.map((e) => [e.account, previousStatus(e)])).toEqual([[account, 'active']]);

    await advance(JAN_1 + 20 * DAY);
    expect((await connectEventsOf(invoice.id)).filter((e) => e.type === 'invoice.overdue')).toHaveLength(1);
    expect(await status()).toBe('past_due');

    expect(await payOnHostedPage(invoice)).toBe(303);
    expect(await status()).toBe('active');
    expect((await stripe.invoices.retrieve(invoice.id, {}, on)).status).toBe('paid');
    const recovered = (await connectEventsOf(subscription.id)).filter(
      (e) => e.type === 'customer.subscription.updated' && previousStatus(e) === 'past_due',
    );
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ account, data: { object: { status: 'active' } } });

    await advance(JAN_1 + 25 * DAY);
    expect((await connectEventsOf(invoice.id)).filter((e) => e.type === 'invoice.overdue')).toHaveLength(1);
  });

  it('sends no invoice.overdue for an invoice paid before its due date', async () => {
    const { invoice, advance, status } = await aSendInvoiceSubscription(14);
    await advance(JAN_1 + 3 * DAY);
    expect(await payOnHostedPage(invoice)).toBe(303);
    await advance(JAN_1 + 20 * DAY);
    expect(await status()).toBe('active');
    expect((await connectEventsOf(invoice.id)).map((e) => e.type)).not.toContain('invoice.overdue');
  });

  it('is active again once the overdue invoice is paid with invoices.pay, or voided', async () => {
    const paid = await aSendInvoiceSubscription(14);
    await paid.advance(JAN_1 + 15 * DAY);
    expect(await paid.status()).toBe('past_due');
    await stripe.invoices.pay(paid.invoice.id, { paid_out_of_band: true }, paid.on);
    expect(await paid.status()).toBe('active');

    const voided = await aSendInvoiceSubscription(14);
    await voided.advance(JAN_1 + 15 * DAY);
    expect(await voided.status()).toBe('past_due');
    await stripe.invoices.voidInvoice(voided.invoice.id, {}, voided.on);
    expect(await voided.status()).toBe('active');
    const updates = (await connectEventsOf(voided.subscription.id)).filter(
      (e) => e.type === 'customer.subscription.updated',
    );
    expect(updates.map((e) => [previousStatus(e), (e.data.object as Stripe.Subscription).status])).toEqual(
      expect.arrayContaining([
        ['active', 'past_due'],
        ['past_due', 'active'],
      ]),
    );
    expect(previousStatus(updates.at(-1)!)).toBe('past_due');
  });

  it('falls overdue before the renewal at the same instant, and a not-yet-due renewal invoice keeps nothing behind', async () => {
    // Due in 31 days: 1 Feb, the instant the monthly subscription renews.
    const { on, subscription, invoice, advance, status } = await aSendInvoiceSubscription(31);
    const FEB_1 = Date.UTC(2026, 1, 1) / 1000;
    expect(invoice.due_date).toBe(FEB_1);
    await advance(FEB_1);
    expect(await status()).toBe('past_due');
    const renewal = await stripe.invoices.retrieve(
      (await stripe.subscriptions.retrieve(subscription.id, {}, on)).latest_invoice as string,
      {},
      on,
    );
    expect(renewal).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      due_date: FEB_1 + 31 * DAY,
    });
    const overdue = (await connectEventsOf(invoice.id)).find((e) => e.type === 'invoice.overdue')!;
    const renewed = (await connectEventsOf(renewal.id)).find((e) => e.type === 'invoice.created')!;
    const sent = (await stripe.events.list({ limit: 100 }, on)).data.map((e) => e.id).reverse();
    expect(sent.indexOf(overdue.id)).toBeLessThan(sent.indexOf(renewed.id));

    // The first invoice paid, the renewal's (due 4 Mar) is not late yet.
    await stripe.invoices.pay(invoice.id, { paid_out_of_band: true }, on);
    expect(await status()).toBe('active');
  });

  it('falls overdue in real time, for objects without a test clock', async () => {
    const product = await stripe.products.create({ name: 'Hosting' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1_000,
      recurring: { interval: 'month' },
    });
    const customer = await stripe.customers.create({ name: 'Real time' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      collection_method: 'send_invoice',
      days_until_due: 14,
    });
    const invoiceId = subscription.latest_invoice as string;
    const overdueEvents = async () =>
      (await stripe.events.list({ type: 'invoice.overdue' })).data.filter(
        (e) => (e.data.object as Stripe.Invoice).id === invoiceId,
      );
    expect(await overdueEvents()).toEqual([]);

    // Fifteen days on: the next request catches up with the real time first.
    const realDateNow = Date.now.bind(Date);
    const later = jest.spyOn(Date, 'now').mockImplementation(() => realDateNow() + 15 * DAY * 1000);
    let status: Stripe.Subscription.Status;
    try {
      status = (await stripe.subscriptions.retrieve(subscription.id)).status;
    } finally {
      later.mockRestore();
    }
    expect(status).toBe('past_due');
    expect(await overdueEvents()).toHaveLength(1);
    expect((await overdueEvents())[0]!.account).toBeUndefined();
  });
});
