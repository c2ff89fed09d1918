import { Database } from '@tourly/platform';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Pro trial, a first payment never confirmed, and the legacy plan choice (000 §4). */
describe('trials, first payments and legacy setup', () => {
  let it_: BillingPlatform;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
  });
  afterAll(() => it_.stop());

  async function aPayingProvider(name: string, card = 'pm_card_visa') {
    const provider = await it_.signUp(name);
    await provider.send('put', '/provider/billing/account', {
      name,
      email: `billing@${name.toLowerCase().replace(/\W/g, '')}.test`,
      address: '1 Main St',
      country: 'AU',
      currency: 'aud',
    });
    return { provider, card: await it_.saveCard(provider, card) };
  }
  const subscription = async (provider: Person) =>
    (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  async function clockBy(provider: Person, ms: number) {
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    const moved = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(Date.parse(clock.frozen_time) + ms).toISOString(),
    });
    expect(moved.status).toBe(200);
    await it_.settled();
  }

  it('runs the 30-day Pro trial once, with paid features, then charges and stays Pro', async () => {
    const { provider, card } = await aPayingProvider('Trial Media');
    // The order summary says what the trial costs today: nothing, the plan's price covered by the trial.
    const preview = await provider.send(
      'post',
      '/provider/billing/service_plan_subscription/preview_change',
      {
        service_plan_subscription: {
          product_code: 'experience_creator_plan',
          interval: 'month',
          trial: true,
        },
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      currency: 'aud',
      subtotal_in_cents: 14995,
      discount_in_cents: 14995,
      total_in_cents: 0,
      line_items: [
        { type: 'item', label: 'Pro plan (monthly)', amount_in_cents: 14995 },
        { type: 'discount', label: '30-day free trial', amount_in_cents: -14995 },
      ],
      starts_at: null,
      // An upgrade takes nothing offline.
      withdrawals: null,
    });
    const started = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: {
        product_code: 'experience_creator_plan',
        interval: 'month',
        trial: true,
        payment_method_id: card,
      },
    });
    expect(started.status).toBe(200);
    const trialing = started.body.data.subscription;
    expect(trialing).toMatchObject({
      product_code: 'experience_creator_plan',
      status: 'trialing',
      trial_available: false,
    });
    expect(Date.parse(trialing.trial_end) - Date.parse(trialing.period_start)).toBe(30 * DAY_MS);
    await it_.settled();
    expect((await provider.get('/provider/permissions/publishing')).body.data).toMatchObject({
      can_publish: true,
      premium_tour_limit: null,
    });

    await clockBy(provider, 31 * DAY_MS);
    expect(await subscription(provider)).toMatchObject({
      product_code: 'experience_creator_plan',
      status: 'active',
    });
    const invoices = await it_.stripe.invoices.list({ status: 'paid', limit: 10 });
    expect(invoices.data.some((invoice) => invoice.amount_paid === 14995 && invoice.currency === 'aud')).toBe(
      true,
    );
  });

  it('refuses a trial on any plan but Pro', async () => {
    const { provider, card } = await aPayingProvider('Second Trial Media');
    const wrongPlan = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: {
        product_code: 'starter_plan',
        interval: 'month',
        trial: true,
        payment_method_id: card,
      },
    });
    expect(wrongPlan.status).toBe(422);
    expect(wrongPlan.body.errors).toEqual({
      'service_plan_subscription.trial': ['Only the Pro plan comes with a free trial.'],
    });
    const wrongPreview = await provider.send(
      'post',
      '/provider/billing/service_plan_subscription/preview_change',
      { service_plan_subscription: { product_code: 'starter_plan', interval: 'month', trial: true } },
    );
    expect(wrongPreview.status).toBe(422);
    expect(wrongPreview.body.errors).toEqual({
      'service_plan_subscription.trial': ['Only the Pro plan comes with a free trial.'],
    });
  });

  it('leaves a first payment never confirmed incomplete, then incomplete_expired, on the free plan', async () => {
    const { provider, card } = await aPayingProvider('Unconfirmed Media', 'pm_card_authenticationRequired');
    const attempt = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'year', payment_method_id: card },
    });
    expect(attempt.body.data.result).toBe('requires_action');
    await it_.settled();
    expect(await subscription(provider)).toMatchObject({ status: 'incomplete', premium_tour_limit: 0 });
    expect((await provider.get('/provider/permissions/publishing')).body.data.can_publish).toBe(false);

    await clockBy(provider, DAY_MS);
    expect(await subscription(provider)).toMatchObject({
      product_code: 'free_tier_plan',
      status: 'incomplete_expired',
      premium_tour_limit: 0,
    });
  });

  it('reports a provider from before the plans that never chose one as having no subscription (the legacy plan), until it chooses', async () => {
    const { provider } = await aPayingProvider('Heritage Media');
    // A provider opened before the legacy cut-off (15 August 2023), as an account from before the plans is.
    await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query(`UPDATE providers SET created_at = '2021-06-01T00:00:00Z' WHERE id = $1`, [
        provider.providerId,
      ]);
    const legacy = await provider.get('/provider/billing/service_plan_subscription');
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual({ data: null });

    const chosen = await provider.send('post', '/provider/billing/service_plan_subscription/legacy_setup', {
      product_code: 'free_tier_plan',
      interval: 'year',
    });
    expect(chosen.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'free_tier_plan' },
    });
    expect((await subscription(provider)).product_code).toBe('free_tier_plan');

    // A provider opened since starts on the free plan.
    const { provider: newcomer } = await aPayingProvider('Newcomer Media');
    expect(await subscription(newcomer)).toMatchObject({ product_code: 'free_tier_plan', status: 'active' });
  });

  it('lets a provider without a subscription choose its plan once (legacy setup)', async () => {
    const { provider, card } = await aPayingProvider('Legacy Media');
    const free = await provider.send('post', '/provider/billing/service_plan_subscription/legacy_setup', {
      product_code: 'free_tier_plan',
      interval: 'year',
    });
    expect(free.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'free_tier_plan' },
    });
    const paid = await provider.send('post', '/provider/billing/service_plan_subscription/legacy_setup', {
      product_code: 'starter_plan',
      interval: 'month',
      payment_method_id: card,
    });
    expect(paid.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'starter_plan' },
    });
    const again = await provider.send('post', '/provider/billing/service_plan_subscription/legacy_setup', {
      product_code: 'vt_creator_plan',
      interval: 'month',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.base).toEqual([
      'A plan has been chosen already; change it from the subscription page.',
    ]);
  });
});
