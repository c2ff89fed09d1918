import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  aClock,
  aCustomerWithCard,
  advanceClock,
  aPrice,
  authenticate,
  DAY,
  startStripe,
  type StripeHarness,
} from './stripe-support';

/** What scripts/stripe-types.js reads from the SDK's declarations (see there). */
interface Shape {
  s?: 1;
  m?: 1;
  a?: Shape;
  o?: Record<string, Shape>;
  r?: string[];
}
const { loadStripeTypes } = require('../scripts/stripe-types.js') as {
  loadStripeTypes(): { shape(file: string, name: string): Shape };
};

/** Each `object` the emulator answers -> the SDK's declaration of it (`:deleted` for `{deleted: true}`). */
const OBJECTS: Record<string, [string, string]> = {
  customer: ['Customers', 'Customer'],
  'customer:deleted': ['Customers', 'DeletedCustomer'],
  payment_method: ['PaymentMethods', 'PaymentMethod'],
  setup_intent: ['SetupIntents', 'SetupIntent'],
  payment_intent: ['PaymentIntents', 'PaymentIntent'],
  product: ['Products', 'Product'],
  'product:deleted': ['Products', 'DeletedProduct'],
  price: ['Prices', 'Price'],
  coupon: ['Coupons', 'Coupon'],
  'coupon:deleted': ['Coupons', 'DeletedCoupon'],
  promotion_code: ['PromotionCodes', 'PromotionCode'],
  subscription: ['Subscriptions', 'Subscription'],
  subscription_item: ['SubscriptionItems', 'SubscriptionItem'],
  subscription_schedule: ['SubscriptionSchedules', 'SubscriptionSchedule'],
  invoice: ['Invoices', 'Invoice'],
  line_item: ['InvoiceLineItems', 'InvoiceLineItem'],
  plan: ['Plans', 'Plan'],
  invoice_payment: ['InvoicePayments', 'InvoicePayment'],
  discount: ['Discounts', 'Discount'],
  event: ['Events', 'EventBase'],
  webhook_endpoint: ['WebhookEndpoints', 'WebhookEndpoint'],
  'webhook_endpoint:deleted': ['WebhookEndpoints', 'DeletedWebhookEndpoint'],
  'test_helpers.test_clock': ['TestHelpers/TestClocks', 'TestClock'],
  'test_helpers.test_clock:deleted': ['TestHelpers/TestClocks', 'DeletedTestClock'],
  account: ['Accounts', 'Account'],
  account_link: ['AccountLinks', 'AccountLink'],
  tax_rate: ['TaxRates', 'TaxRate'],
  application_fee: ['ApplicationFees', 'ApplicationFee'],
};
const LIST: Shape = {
  o: { object: { s: 1 }, data: { a: {} }, has_more: { s: 1 }, url: { s: 1 } },
  r: ['object', 'data', 'has_more', 'url'],
};

/**
 * Checks a JSON value against the SDK's declarations: every key the emulator sends is declared where it sends
 * it, and every key the SDK declares required is there. An object naming its `object` type is checked against
 * that type's declaration wherever it appears (expanded fields, event payloads).
 */
function contractProblems(value: unknown, shapes: Map<string, Shape>): string[] {
  const problems = new Set<string>();
  const visit = (current: unknown, shape: Shape, path: string, typeName: string) => {
    if (current === null || typeof current !== 'object') return;
    if (Array.isArray(current)) {
      for (const entry of current) visit(entry, shape.a ?? {}, `${path}[]`, typeName);
      return;
    }
    const record = current as Record<string, unknown>;
    const objectName = typeof record.object === 'string' ? record.object : undefined;
    let target = shape;
    let name = typeName;
    if (objectName === 'list') {
      target = shape.o?.data ? shape : LIST;
    } else if (objectName) {
      const key = record.deleted === true ? `${objectName}:deleted` : objectName;
      const known = shapes.get(key);
      if (!known) {
        problems.add(`${path}: object "${key}" has no declaration mapped in this test`);
        return;
      }
      target = known;
      name = key;
      path = key;
    }
    if (target.m) return;
    if (!target.o) {
      problems.add(`${path} (${name}): an object where the SDK declares a value`);
      return;
    }
    for (const [key, child] of Object.entries(record)) {
      if (name === 'event' && key === 'data') {
        visitEventData(child as Record<string, unknown>, `${path}.data`);
        continue;
      }
      const declared = target.o[key];
      if (!declared) problems.add(`${path}.${key}: not declared by the SDK (${name})`);
      else visit(child, declared, `${path}.${key}`, name);
    }
    for (const key of target.r ?? []) {
      if (!(key in record)) problems.add(`${path}.${key}: required by the SDK (${name}), missing`);
    }
  };
  // An event's `data.previous_attributes` is a Partial of its `data.object`'s type (each event type declares so).
  const visitEventData = (data: Record<string, unknown>, path: string) => {
    for (const key of Object.keys(data)) {
      if (key !== 'object' && key !== 'previous_attributes')
        problems.add(`${path}.${key}: not declared by the SDK`);
    }
    visit(data.object, {}, `${path}.object`, 'event');
    const object = data.object as { object?: string; deleted?: boolean } | undefined;
    const objectShape = object?.object
      ? shapes.get(object.deleted ? `${object.object}:deleted` : object.object)
      : undefined;
    const previous = data.previous_attributes as Record<string, unknown> | undefined;
    if (!previous || !objectShape) return;
    visit(
      previous,
      { o: objectShape.o ?? {}, r: [] },
      `${path}.previous_attributes`,
      `Partial<${object!.object}>`,
    );
  };
  visit(value, {}, 'answer', 'answer');
  return [...problems].sort();
}

/** The emulator's answers and webhook payloads have the shapes the pinned SDK's types declare. */
describe('Stripe emulator: the contract of the stripe SDK’s types', () => {
  let h: StripeHarness;
  let stripe: Stripe;
  let receiver: Server;
  const delivered: unknown[] = [];
  const shapes = new Map<string, Shape>();

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        delivered.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    h = await startStripe({
      webhookEndpoints: [
        { url: `http://127.0.0.1:${port}/hooks`, secret: 'whsec_contract' },
        { url: `http://127.0.0.1:${port}/connect-hooks`, secret: 'whsec_contract_connect', connect: true },
      ],
    });
    stripe = h.stripe;
    const types = loadStripeTypes();
    for (const [object, [file, name]] of Object.entries(OBJECTS)) shapes.set(object, types.shape(file, name));
  }, 120_000);
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('answers every call of a billing journey, and sends every event, in the declared shapes', async () => {
    const answers: unknown[] = [];
    const keep = <T>(answer: T): T => {
      answers.push(JSON.parse(JSON.stringify(answer)));
      return answer;
    };
    const clock = keep(await aClock(stripe));
    const basic = keep(await aPrice(stripe, 1000, 'month', 'Basic'));
    const pro = keep(await aPrice(stripe, 3000, 'month', 'Pro'));
    keep(await stripe.products.retrieve(basic.product as string));
    keep(await stripe.prices.list({ limit: 5, expand: ['data.product'] }));
    keep(await stripe.coupons.create({ id: 'CONTRACT10', percent_off: 10, duration: 'forever' }));
    keep(
      await stripe.coupons.create({ id: 'CONTRACT5', amount_off: 500, currency: 'usd', duration: 'once' }),
    );
    const code = keep(
      await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: 'CONTRACT5' },
        code: 'FIVE',
      }),
    );
    keep(await stripe.promotionCodes.list({ code: 'FIVE' }));
    const { customer, paymentMethod } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    keep(customer);
    keep(paymentMethod);
    keep(
      await stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] }),
    );
    keep(await stripe.customers.listPaymentMethods(customer.id, { type: 'card' }));

    const setup = keep(
      await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] }),
    );
    const secure = keep(
      await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_authenticationRequired' }),
    );
    keep(await authenticate(h.emulators, secure.client_secret!, 'complete'));
    const intent = keep(
      await stripe.paymentIntents.create({
        amount: 2000,
        currency: 'usd',
        customer: customer.id,
        payment_method: paymentMethod.id,
        confirm: true,
        off_session: true,
      }),
    );
    keep(await stripe.paymentIntents.retrieve(intent.id));

    const subscription = keep(
      await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: basic.id }],
        discounts: [{ coupon: 'CONTRACT10' }, { promotion_code: code.id }],
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'discounts'],
      }),
    );
    const itemId = subscription.items.data[0]!.id;
    keep(
      await stripe.invoices.createPreview({
        customer: customer.id,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: itemId, price: pro.id }],
          proration_behavior: 'always_invoice',
        },
      }),
    );
    await advanceClock(stripe, clock.id, clock.frozen_time + 10 * DAY);
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    keep(
      await stripe.subscriptions.update(subscription.id, {
        items: [{ id: itemId, price: pro.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        metadata: { plan: 'pro' },
        expand: ['latest_invoice'],
      }),
    );
    await stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethod.id });
    const schedule = keep(await stripe.subscriptionSchedules.create({ from_subscription: subscription.id }));
    keep(
      await stripe.subscriptionSchedules.update(schedule.id, {
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: basic.id, quantity: 1 }],
            discounts: [{ coupon: 'CONTRACT10' }],
            start_date: schedule.phases[0]!.start_date,
            end_date: schedule.phases[0]!.end_date,
          },
          { items: [{ price: pro.id, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
        ],
      }),
    );
    await advanceClock(stripe, clock.id, clock.frozen_time + 40 * DAY);
    keep(await stripe.subscriptions.retrieve(subscription.id, { expand: ['schedule', 'latest_invoice'] }));
    const invoices = keep(await stripe.invoices.list({ customer: customer.id, limit: 100 }));
    keep(await stripe.invoices.retrieve(invoices.data[0]!.id, { expand: ['payments'] }));
    keep(await stripe.subscriptionSchedules.release(schedule.id));
    keep(await stripe.subscriptions.cancel(subscription.id));
    const endpoint = keep(
      await stripe.webhookEndpoints.create({
        url: 'https://example.test/hooks',
        enabled_events: ['coupon.created'],
      }),
    );
    keep(await stripe.webhookEndpoints.list());
    expect(endpoint.enabled_events).toEqual(['coupon.created']);
    keep(await stripe.testHelpers.testClocks.del(clock.id));
    keep(await stripe.events.list({ limit: 100 }));
    await h.emulators.stripe?.webhooksSettled();

    expect(delivered.length).toBeGreaterThan(20);
    expect({
      answers: contractProblems(answers, shapes),
      webhooks: contractProblems(delivered, shapes),
    }).toEqual({
      answers: [],
      webhooks: [],
    });
  }, 120_000);

  it('answers every call of a Connect journey, and sends its events, in the declared shapes', async () => {
    const answers: unknown[] = [];
    const keep = <T>(answer: T): T => {
      answers.push(JSON.parse(JSON.stringify(answer)));
      return answer;
    };
    const sent = delivered.length;
    const account = keep(
      await stripe.accounts.create({
        type: 'standard',
        country: 'GB',
        email: 'o@example.com',
        metadata: { p: '1' },
      }),
    );
    const on = { stripeAccount: account.id };
    const link = keep(
      await stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: 'http://app.example/refresh',
        return_url: 'http://app.example/return',
      }),
    );
    const form = /<form method="post" action="([^"]+)"/.exec(await (await fetch(link.url)).text())![1]!;
    await fetch(new URL(form, link.url), { method: 'POST', redirect: 'manual' });
    keep(await stripe.accounts.retrieve(account.id));
    keep(await stripe.accounts.update(account.id, { metadata: { p: '2' } }));
    const vat = keep(
      await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false }, on),
    );
    keep(await stripe.taxRates.update(vat.id, { description: 'UK VAT' }, on));
    keep(await stripe.taxRates.list({ limit: 5 }, on));
    keep(await stripe.taxRates.retrieve(vat.id, {}, on));
    const price = keep(
      await stripe.prices.create(
        {
          product_data: { name: 'Hosting' },
          currency: 'gbp',
          unit_amount: 5000,
          recurring: { interval: 'month' },
        },
        on,
      ),
    );
    const customer = keep(await stripe.customers.create({ name: 'Client' }, on));
    const subscription = keep(
      await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: price.id, tax_rates: [vat.id] }],
          collection_method: 'send_invoice',
          days_until_due: 14,
          application_fee_percent: 5,
          expand: ['latest_invoice'],
        },
        on,
      ),
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    await fetch(`${invoice.hosted_invoice_url!}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=4242424242424242',
    });
    keep(await stripe.invoices.retrieve(invoice.id, {}, on));
    const fees = keep(await stripe.applicationFees.list({ limit: 5 }));
    keep(await stripe.applicationFees.retrieve(fees.data[0]!.id));
    const second = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        collection_method: 'send_invoice',
        days_until_due: 14,
      },
      on,
    );
    keep(await stripe.invoices.voidInvoice(second.latest_invoice as string, {}, on));
    const inline = keep(
      await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: 'gbp',
                product: price.product as string,
                unit_amount: 1200,
                recurring: { interval: 'year' },
                tax_behavior: 'exclusive',
              },
            },
          ],
          collection_method: 'send_invoice',
          days_until_due: 14,
        },
        on,
      ),
    );
    keep(await stripe.prices.retrieve(inline.items.data[0]!.price.id, {}, on));
    // On the account's own test clock, an invoice left unpaid past its due date: invoice.overdue, past_due.
    const clock = keep(
      await stripe.testHelpers.testClocks.create({ frozen_time: Date.UTC(2026, 0, 1) / 1000 }, on),
    );
    const late = keep(await stripe.customers.create({ name: 'Late', test_clock: clock.id }, on));
    const overdue = keep(
      await stripe.subscriptions.create(
        {
          customer: late.id,
          items: [{ price: price.id }],
          collection_method: 'send_invoice',
          days_until_due: 14,
        },
        on,
      ),
    );
    keep(
      await stripe.testHelpers.testClocks.advance(
        clock.id,
        { frozen_time: clock.frozen_time + 15 * DAY },
        on,
      ),
    );
    expect(keep(await stripe.subscriptions.retrieve(overdue.id, {}, on)).status).toBe('past_due');
    keep(await stripe.events.list({ type: 'invoice.overdue' }, on));
    keep(await stripe.customers.del(customer.id, {}, on));
    keep(await stripe.customers.retrieve(customer.id, {}, on));
    keep(await stripe.events.list({ limit: 100 }, on));
    await h.emulators.stripe?.webhooksSettled();

    const connectEvents = delivered.slice(sent).filter((event) => (event as { account?: string }).account);
    expect(connectEvents.length).toBeGreaterThan(10);
    expect(connectEvents.map((event) => (event as { type: string }).type)).toContain('invoice.overdue');
    expect({
      answers: contractProblems(answers, shapes),
      webhooks: contractProblems(delivered.slice(sent), shapes),
    }).toEqual({ answers: [], webhooks: [] });
  }, 120_000);

  it('would catch a key the SDK does not declare and a required key left out, at any depth', async () => {
    const price = await aPrice(stripe, 1000);
    const { customer } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['latest_invoice'],
    });
    const drifted = JSON.parse(JSON.stringify(subscription)) as Record<string, unknown> & {
      latest_invoice: Record<string, unknown>;
    };
    drifted.colour = 'red';
    delete drifted.status;
    delete drifted.latest_invoice.parent;
    expect(contractProblems(drifted, shapes)).toEqual([
      'invoice.parent: required by the SDK (invoice), missing',
      'subscription.colour: not declared by the SDK (subscription)',
      'subscription.status: required by the SDK (subscription), missing',
    ]);
  });
});
