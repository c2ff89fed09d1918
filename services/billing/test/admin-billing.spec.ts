import { startBilling, type Billing, type Person } from './support';

/**
 * 000 §7 "Admin billing": a provider's account, plan and negotiated pricing, from the back office; each change
 * recorded for the audit trail (issue 18), and nothing recorded for a refused change or one that changes nothing.
 */
describe('admin billing', () => {
  let it_: Billing;
  let admin: Person & { userId: string };
  let provider: Person;

  /** An audit record as it leaves billing's outbox. */
  const recorded = (action: string, before: unknown, after: unknown) => ({
    provider_id: provider.providerId,
    admin_id: admin.userId,
    action,
    before,
    after,
    changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });

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
    // Refused changes and the provider's own save record nothing.
    expect(await it_.adminChanges(provider.providerId)).toEqual([]);
  });

  it('takes a negotiated discount off the plan: in the preview, on the invoice, in the admin view', async () => {
    expect((await pricing(provider.providerId, 20)).status).toBe(200);
    expect(await it_.adminChanges(provider.providerId)).toEqual([
      recorded('pricing.set', { discount_percent: 0 }, { discount_percent: 20 }),
    ]);
    // The same discount again changes nothing: nothing more recorded.
    expect((await pricing(provider.providerId, 20)).status).toBe(200);
    expect(await it_.adminChanges(provider.providerId)).toHaveLength(1);
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
    // From the free plan (no subscription: as its page shows it, yearly and active) to Starter monthly.
    expect((await it_.adminChanges(provider.providerId)).slice(1)).toEqual([
      recorded(
        'service_plan_subscription.changed',
        { product_code: 'free_tier_plan', interval: 'year' },
        { product_code: 'starter_plan', interval: 'month' },
      ),
    ]);

    // The same plan again is refused (422) and records nothing.
    const again = await admin.send(
      'put',
      `/admin/providers/${provider.providerId}/service_plan_subscription`,
      { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    );
    expect(again.status).toBe(422);
    expect(await it_.adminChanges(provider.providerId)).toHaveLength(2);
  });

  it('records the back office taking the provider to the free plan at the end of the period', async () => {
    const toFree = await admin
      .send('put', `/admin/providers/${provider.providerId}/service_plan_subscription`, {
        service_plan_subscription: { product_code: 'free_tier_plan', interval: 'month' },
      })
      .expect(200);
    const periodEnd = toFree.body.data.subscription.current_period_end as string;
    expect((await it_.adminChanges(provider.providerId)).slice(2)).toEqual([
      recorded(
        'service_plan_subscription.changed',
        { cancel_at_period_end: false, next_product: null },
        {
          cancel_at_period_end: true,
          next_product: { product_code: 'free_tier_plan', interval: 'month', starts_at: periodEnd },
        },
      ),
    ]);
  });

  it('records the billing account fields the back office changed, and nothing for a refused or empty change', async () => {
    const path = `/admin/providers/${provider.providerId}/billing_account`;
    const form = {
      name: 'Negotiated Media',
      email: 'accounts@negotiated.test',
      address: '2 Harbour Road',
      country: 'us',
    };
    const saved = await admin.send('patch', path, form).expect(200);
    expect(saved.body.data).toMatchObject({ email: 'accounts@negotiated.test', country: 'US' });
    const audit = () =>
      it_
        .adminChanges(provider.providerId)
        .then((changes) => changes.filter((change) => change.action === 'billing_account.updated'));
    expect(await audit()).toEqual([
      recorded(
        'billing_account.updated',
        { email: 'billing@negotiated.test', address: '1 Main St' },
        { email: 'accounts@negotiated.test', address: '2 Harbour Road' },
      ),
    ]);

    await admin.send('patch', path, form).expect(200);
    const refused = await admin.send('patch', path, { ...form, email: 'not an email' });
    expect(refused.status).toBe(422);
    // A paid plan runs: the currency is locked.
    const locked = await admin.send('patch', path, { ...form, currency: 'eur' });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({ currency: [expect.stringContaining('cannot change')] });
    expect(await audit()).toHaveLength(1);
  });

  it('records the billing account an administrator opens for a provider as all its fields', async () => {
    const fresh = await it_.signUp('Opened By The Office');
    await admin
      .send('patch', `/admin/providers/${fresh.providerId}/billing_account`, {
        name: 'Opened By The Office',
        email: 'billing@opened.test',
        address: '3 Quay Street',
        country: 'NZ',
        currency: 'nzd',
      })
      .expect(200);
    expect(await it_.adminChanges(fresh.providerId)).toEqual([
      {
        ...recorded('billing_account.updated', null, {
          name: 'Opened By The Office',
          email: 'billing@opened.test',
          address: '3 Quay Street',
          country: 'NZ',
          currency: 'nzd',
        }),
        provider_id: fresh.providerId,
      },
    ]);
  });
});
