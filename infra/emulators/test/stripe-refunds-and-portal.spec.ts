import Stripe from 'stripe';
import { aCustomerWithCard, startStripe, type StripeHarness } from './stripe-support';

describe('Stripe emulator: refunds', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  async function aPayment(amount: number, token = 'pm_card_visa'): Promise<Stripe.PaymentIntent> {
    const { customer, paymentMethod } = await aCustomerWithCard(stripe, token);
    return stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod.id,
      confirm: true,
    });
  }

  it('refunds part of a payment, then the rest by default, each once, and lists them by payment intent', async () => {
    const paid = await aPayment(5000);
    const part = await stripe.refunds.create({
      payment_intent: paid.id,
      amount: 2000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: paid.id,
      charge: paid.latest_charge,
      reason: 'requested_by_customer',
    });
    expect(part.id).toMatch(/^re_/);
    const rest = await stripe.refunds.create({ payment_intent: paid.id });
    expect(rest.amount).toBe(3000);
    expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
    expect((await stripe.refunds.list({ payment_intent: paid.id })).data.map((r) => r.id)).toEqual([
      rest.id,
      part.id,
    ]);

    const events = await stripe.events.list({ type: 'refund.created' });
    expect(events.data.map((event) => (event.data.object as Stripe.Refund).id)).toEqual([rest.id, part.id]);
  });

  it('refuses what Stripe refuses: too much, a refunded payment, an unpaid intent, a charge id', async () => {
    const paid = await aPayment(1000);
    await expect(stripe.refunds.create({ payment_intent: paid.id, amount: 1001 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($10.01) is greater than unrefunded amount on charge ($10.00)',
    });
    await stripe.refunds.create({ payment_intent: paid.id });
    await expect(stripe.refunds.create({ payment_intent: paid.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });

    const { customer } = await aCustomerWithCard(stripe);
    const unpaid = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
    });
    await expect(stripe.refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_not_refundable',
      message: `This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`,
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
    });
  });
});

describe('Stripe emulator: customer portal sessions', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it("links to the customer's portal page: its cards, its invoices and the way back", async () => {
    const { customer } = await aCustomerWithCard(stripe);
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/provider/billing',
    });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://localhost:3000/provider/billing',
      livemode: false,
      flow: null,
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.url).toMatch(new RegExp(`^${h.emulators.url}/v1/billing_portal/p/test_\\w{40}$`));

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Billing portal</h1>');
    expect(html).toContain('visa ending in 4242');
    expect(html).toContain('<a href="http://localhost:3000/provider/billing">Return to the site</a>');

    expect((await fetch(`${h.emulators.url}/v1/billing_portal/p/test_unknown`)).status).toBe(404);
  });

  it('refuses a session for an unknown customer, without one, or with a return URL that is not one', async () => {
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_unknown' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.billingPortal.sessions.create({})).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
    });
    const { customer } = await aCustomerWithCard(stripe);
    await expect(
      stripe.billingPortal.sessions.create({ customer: customer.id, return_url: '/provider/billing' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'return_url' });
  });
});
