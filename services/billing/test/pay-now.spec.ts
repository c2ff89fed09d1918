import { startBilling, type Billing, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAY_NOW = '/provider/billing/service_plan_subscription/pay_now';

/**
 * Paying a failed renewal now (the payment-failed banner's "Pay now"): the subscription's open invoice, with the
 * default card or a chosen one, 3-D Secure as plan changes run it, on a test clock that renews the plan with a
 * card that attaches but fails every charge (4000 0000 0000 0341).
 */
describe('paying a failed renewal now', () => {
  let it_: Billing;
  let provider: Person;
  let visa: string;
  let failing: string;

  beforeAll(async () => {
    it_ = await startBilling();
    provider = await it_.signUp('Overdue Media');
    await provider
      .send('put', '/provider/billing/account', {
        name: 'Overdue Media',
        email: 'billing@overdue.test',
        address: '1 Main St',
        country: 'AU',
        currency: 'aud',
      })
      .expect(200);
    visa = await it_.saveCard(provider, 'pm_card_visa');
    const started = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'month', payment_method_id: visa },
    });
    expect(started.body.data.result).toBe('success');
    failing = await it_.saveCard(provider, 'pm_card_chargeCustomerFail');
    await provider
      .send('post', '/provider/billing/set_default_payment_method', { payment_method_id: failing })
      .expect(200);
    await it_.settled();
  });
  afterAll(() => it_.stop());

  const subscription = async () =>
    (await provider.get('/provider/billing/service_plan_subscription').set('cache-control', 'no-cache')).body
      .data;
  async function clockTo(time: number) {
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    await provider
      .send('post', '/provider/billing/advance_test_clock', {
        test_clock_id: clock.id,
        time: new Date(time).toISOString(),
      })
      .expect(200);
    await it_.settled();
  }
  const clockNow = async () =>
    Date.parse((await provider.get('/provider/billing/test_clock')).body.data.test_clock.frozen_time);
  const openInvoices = async () => {
    const [{ id: customer }] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_customer_id AS id FROM billing_accounts WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ id: string }>;
    return (await it_.stripe.invoices.list({ customer, status: 'open' })).data;
  };

  it('has nothing to pay while the subscription is paid up', async () => {
    const answer = await provider.send('post', PAY_NOW, {});
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ base: ['There is no unpaid invoice to pay.'] });
  });

  it('refuses in the issuer’s words with the failing default card, then pays with a chosen card, which becomes the default', async () => {
    await clockTo(Date.parse((await subscription()).current_period_end) + 60 * 60 * 1000);
    expect(await subscription()).toMatchObject({ product_code: 'starter_plan', status: 'past_due' });
    const [renewal] = await openInvoices();
    expect(renewal).toMatchObject({ amount_due: 2995, currency: 'aud' });

    const declined = await provider.send('post', PAY_NOW, {});
    expect(declined.status).toBe(402);
    expect(declined.body.errors.base).toEqual(['Your card was declined.']);
    expect((await openInvoices()).map((invoice) => invoice.id)).toEqual([renewal!.id]);

    const unknown = await provider.send('post', PAY_NOW, { payment_method_id: 'pm_not_ours' });
    expect(unknown.status).toBe(404);

    const paid = await provider.send('post', PAY_NOW, { payment_method_id: visa });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'starter_plan', status: 'active' },
    });
    expect(await openInvoices()).toEqual([]);
    expect((await it_.stripe.invoices.retrieve(renewal!.id)).status).toBe('paid');
    const cards = (await provider.get('/provider/billing/account/credit_cards')).body.data as Array<{
      id: string;
      is_default: boolean;
    }>;
    expect(cards.find((card) => card.is_default)?.id).toBe(visa);

    const again = await provider.send('post', PAY_NOW, {});
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ base: ['There is no unpaid invoice to pay.'] });
  });

  it('pays an unpaid subscription with a card that asks for 3-D Secure, and the plan comes back', async () => {
    await provider
      .send('post', '/provider/billing/set_default_payment_method', { payment_method_id: failing })
      .expect(200);
    await clockTo(Date.parse((await subscription()).current_period_end) + 60 * 60 * 1000);
    expect(await subscription()).toMatchObject({ status: 'past_due' });
    await clockTo((await clockNow()) + 15 * DAY_MS);
    expect(await subscription()).toMatchObject({ status: 'unpaid', premium_tour_limit: 0 });

    const secure = await it_.saveCard(provider, 'pm_card_authenticationRequired');
    const answer = await provider.send('post', PAY_NOW, { payment_method_id: secure });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ result: 'requires_action', subscription: { status: 'unpaid' } });
    const clientSecret = answer.body.data.client_secret as string;
    expect(clientSecret).toMatch(/_secret_/);

    await it_.authenticate(clientSecret, 'complete');
    await it_.settled();
    expect(await subscription()).toMatchObject({
      product_code: 'starter_plan',
      status: 'active',
      premium_tour_limit: 20,
    });
    expect(await openInvoices()).toEqual([]);
  });
});
