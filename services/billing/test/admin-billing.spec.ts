import { startBilling, type Billing, type Person } from './support';

/** 000 §7 "Admin billing": a provider's account, plan and negotiated pricing, from the back office. */
describe('admin billing', () => {
  let it_: Billing;
  let admin: Person;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startBilling();
    admin = await it_.staff();
    provider = await it_.signUp('Negotiated Media');
  });
  afterAll(() => it_.stop());

  const pricing = (providerId: string, discountPercent: unknown) =>
    admin.send('post', `/admin/providers/${providerId}/billing_account/pricing`, {
      pricing: { discount_percent: discountPercent },
    });

  it('asks for the provider’s billing information before pricing, and checks the percentage', async () => {
    const early = await pricing(provider.providerId, 20);
    expect(early.status).toBe(422);
    expect(early.body.errors.base).toEqual([
      'Save your billing information first: name, email, address and country.',
    ]);
    await provider.send('put', '/provider/billing/account', {
      name: 'Negotiated Media',
      email: 'billing@negotiated.test',
      address: '1 Main St',
      country: 'US',
    });
    for (const bad of [101, -1, 12.5, 'ten']) {
      const refused = await pricing(provider.providerId, bad);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['pricing.discount_percent']);
    }
  });

  it('takes a negotiated discount off the plan: in the preview, on the invoice, in the admin view', async () => {
    expect((await pricing(provider.providerId, 20)).status).toBe(200);
    const account = await admin.get(`/admin/providers/${provider.providerId}/billing_account`);
    expect(account.body.data).toMatchObject({
      name: 'Negotiated Media',
      discount_percent: 20,
      stripe_customer_id: expect.stringMatching(/^cus_/),
    });

    const preview = await provider.send(
      'post',
      '/provider/billing/service_plan_subscription/preview_change',
      {
        service_plan_subscription: { product_code: 'starter_plan', interval: 'month' },
      },
    );
    expect(preview.body.data).toMatchObject({
      subtotal_in_cents: 1995,
      discount_in_cents: 399,
      total_in_cents: 1596,
      line_items: [
        expect.objectContaining({ type: 'item', amount_in_cents: 1995 }),
        { type: 'discount', label: 'Negotiated 20% discount', amount_in_cents: -399 },
      ],
    });

    const card = await it_.saveCard(provider, 'pm_card_visa');
    // The admin changes the plan as the provider would, with one of the provider's cards.
    const byAdmin = await admin.send(
      'put',
      `/admin/providers/${provider.providerId}/service_plan_subscription`,
      {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: card,
        },
      },
    );
    expect(byAdmin.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'starter_plan' },
    });
    const [{ id: customer }] = await it_.billingDb.dataSource.query(
      'SELECT stripe_customer_id AS id FROM billing_accounts WHERE provider_id = $1',
      [provider.providerId],
    );
    const invoices = await it_.stripe.invoices.list({ customer, status: 'paid' });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([1596]);
    expect(
      (await admin.get(`/admin/providers/${provider.providerId}/service_plan_subscription`)).body.data,
    ).toMatchObject({
      product_code: 'starter_plan',
      status: 'active',
    });
  });
});
