import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startEmulators, type RunningEmulators } from '@tourly/emulators';
import { ApiError } from '@tourly/platform';
import { BillingConfig } from '../src/config';
import { freePort } from '@tourly/platform/testing';
import {
  asApiError,
  isMissing,
  isNothingToInvoice,
  isSignatureInvalid,
  isUnreachable,
  PAYMENTS_UNAVAILABLE,
} from '../src/payments/stripe-errors';
import { StripePaymentsAdapter } from '../src/payments/stripe-payments.adapter';

const configFor = (url: string): BillingConfig =>
  Object.assign(new BillingConfig(), { STRIPE_API_URL: url, STRIPE_SECRET_KEY: 'sk_test_adapter' });

/**
 * The payments port's Stripe adapter against the Stripe emulator, on what billing relies on beyond a single
 * answer: a write under one idempotency key happens once, lists are read past Stripe's page, and a failure is one
 * billing can tell apart (missing, nothing to invoice, a bad signature, Stripe out of reach).
 */
describe('the Stripe payments adapter', () => {
  let emulators: RunningEmulators;
  let payments: StripePaymentsAdapter;
  let stripe: Stripe;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0, stripe: {} });
    payments = new StripePaymentsAdapter(configFor(emulators.url));
    const { hostname, port } = new URL(emulators.url);
    stripe = new Stripe('sk_test_adapter', { host: hostname, port: Number(port), protocol: 'http' });
  }, 60_000);
  afterAll(() => emulators.close());

  it('makes one customer of two creations under the same idempotency key, and another under a new key', async () => {
    const key = `customer:${randomUUID()}`;
    const details = { name: 'Ada', email: 'ada@adapter.test' };
    const [first, second] = await Promise.all([
      payments.createCustomer(details, key),
      payments.createCustomer(details, key),
    ]);
    expect(second.id).toBe(first.id);
    const other = await payments.createCustomer(details, `customer:${randomUUID()}`);
    expect(other.id).not.toBe(first.id);
  });

  it("reads the account's events past one page", async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const created = [];
    for (let index = 0; index < 5; index += 1) {
      created.push((await payments.createCustomer({ name: `Page ${index}` }, `page:${randomUUID()}`)).id);
    }
    const seen: string[] = [];
    for await (const event of payments.eventsSince(since, 2)) {
      if (event.type === 'customer.created') seen.push((event.data.object as { id: string }).id);
    }
    expect(seen).toEqual(expect.arrayContaining(created));
  });

  it('fails in ways billing tells apart: a missing object, nothing to invoice', async () => {
    const missing = await payments.subscription('sub_missing').catch((error: unknown) => error);
    expect(isMissing(missing)).toBe(true);

    const product = await payments.createProduct({ name: 'Adapter plan' }, `product:${randomUUID()}`);
    const price = await payments.createPrice(
      { product: product.id, currency: 'usd', unit_amount: 1000, recurring: { interval: 'month' } },
      `price:${randomUUID()}`,
    );
    const customer = await payments.createCustomer({ name: 'Bo' }, `customer:${randomUUID()}`);
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await payments.setDefaultCard(customer.id, card.id);
    const subscription = await payments.createSubscription({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
    });
    expect(subscription.status).toBe('active');
    const next = await payments.previewInvoice({ customer: customer.id, subscription: subscription.id });
    expect(next.total).toBe(1000);
    await payments.cancelSubscription(subscription.id);
    const none = await payments
      .previewInvoice({ customer: customer.id, subscription: subscription.id })
      .catch((error: unknown) => error);
    expect(isNothingToInvoice(none)).toBe(true);
    expect(isMissing(none)).toBe(false);
  });

  it('gives the event a delivery carries only when its signature checks out, and tells a bad signature from a bad body', () => {
    const secret = 'whsec_adapter';
    const payload = JSON.stringify({
      id: 'evt_adapter',
      object: 'event',
      type: 'coupon.created',
      created: 1,
    });
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(payments.constructEvent(payload, signed, secret)).toMatchObject({ id: 'evt_adapter' });

    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const badSignature = catching(() => payments.constructEvent(payload, forged, secret));
    expect(isSignatureInvalid(badSignature)).toBe(true);

    const notJson = 'not json';
    const signedNonsense = stripe.webhooks.generateTestHeaderString({ payload: notJson, secret });
    const badBody = catching(() => payments.constructEvent(notJson, signedNonsense, secret));
    expect(badBody).toBeInstanceOf(Error);
    expect(isSignatureInvalid(badBody)).toBe(false);
  });

  it('answers 503 in billing’s words when Stripe is out of reach', async () => {
    const nowhere = new StripePaymentsAdapter(configFor(`http://127.0.0.1:${await freePort()}`));
    const failure = await nowhere.customer('cus_any').catch((error: unknown) => error);
    expect(isUnreachable(failure)).toBe(true);
    const answer = asApiError(failure) as ApiError;
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer.getStatus()).toBe(503);
    expect(answer.errors).toEqual({ base: [PAYMENTS_UNAVAILABLE] });
  }, 30_000);
});

function catching(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}
