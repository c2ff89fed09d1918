import { startBilling, type Billing, type Person } from './support';

const billingForm = (name: string) => ({
  name,
  email: 'billing@tenant.test',
  address: '1 Main St',
  country: 'NZ',
  currency: 'usd',
});

/**
 * Ids in a request name only the caller's own things: another provider's card (a payment method id) is
 * refused in the plan-change preview as in the change itself, as an unknown one is.
 */
describe('another provider’s ids in billing', () => {
  let it_: Billing;
  let ours: Person;
  let theirs: Person;
  let ourCard: string;
  let theirCard: string;

  beforeAll(async () => {
    it_ = await startBilling();
    ours = await it_.signUp('Our Tenant');
    theirs = await it_.signUp('Their Tenant');
    for (const [person, name] of [
      [ours, 'Our Tenant'],
      [theirs, 'Their Tenant'],
    ] as const) {
      expect((await person.send('put', '/provider/billing/account', billingForm(name))).status).toBe(200);
    }
    ourCard = await it_.saveCard(ours, 'pm_card_visa');
    theirCard = await it_.saveCard(theirs, 'pm_card_visa');
  });
  afterAll(() => it_.stop());

  const selection = (paymentMethodId: string) => ({
    service_plan_subscription: {
      product_code: 'starter_plan',
      interval: 'month',
      payment_method_id: paymentMethodId,
    },
  });

  it('refuses another provider’s card in the plan-change preview, as an unknown one, and takes its own', async () => {
    const preview = (paymentMethodId: string) =>
      ours.send(
        'post',
        '/provider/billing/service_plan_subscription/preview_change',
        selection(paymentMethodId),
      );

    const foreign = await preview(theirCard);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ errors: { base: ['Card not found'] } });
    const unknown = await preview('pm_not_a_card_of_anyone');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: { base: ['Card not found'] } });

    const own = await preview(ourCard);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ currency: 'usd' });
  });

  it('refuses another provider’s card for the change itself, changing nothing', async () => {
    const change = await ours.send(
      'put',
      '/provider/billing/service_plan_subscription',
      selection(theirCard),
    );
    expect(change.status).toBe(404);
    expect(change.body).toEqual({ errors: { base: ['Card not found'] } });
    const plan = await ours.get('/provider/billing/service_plan_subscription');
    expect(plan.body.data).toMatchObject({ product_code: 'free_tier_plan' });
    // Their card is untouched: still theirs, still there.
    const cards = (await theirs.get('/provider/billing/account/credit_cards')).body.data as Array<{
      id: string;
    }>;
    expect(cards.map((card) => card.id)).toEqual([theirCard]);
  });
});
