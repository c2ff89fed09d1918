import { CURRENCIES, type Currency } from '@tourly/contracts';
import { one } from '@tourly/platform';
import { ledgerInvariantBreaches, ledgerKinds } from './credits-support';
import { startBilling, type Billing, type Person } from './support';

const INTENT = '/provider/billing/purchase_credits_payment_intent';
const SUCCESS = '/provider/billing/purchase_credits_success';
const PRICE = '/provider/billing/calculate_credits_price';
const BALANCE = '/provider/billing/account/credit_balance';

/**
 * Buying credits through billing's HTTP routes: the price with the bundle saving in each currency, a Stripe payment
 * intent confirmed with a saved card or on the page (3-D Secure included), and the credits granted exactly once
 * whether the page's success call or the `payment_intent.succeeded` webhook comes first. Then the back office's view.
 */
describe('buying credits', () => {
  let it_: Billing;
  let provider: Person;
  let visa: string;

  beforeAll(async () => {
    it_ = await startBilling();
    provider = await accountIn('usd', 'Credit Buyers');
    visa = await it_.saveCard(provider, 'pm_card_visa');
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  async function accountIn(currency: Currency, name = `Buyers ${currency}`): Promise<Person> {
    const person = await it_.signUp(name);
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: 'billing@buyers.test',
        address: '1 Main St',
        country: 'AU',
        currency,
      })
      .expect(200);
    return person;
  }
  const balanceOf = async (person: Person) => (await person.get(BALANCE).expect(200)).body.data;
  const purchasesIn = (person: Person) => ledgerKinds(it_.billingDb, person.providerId);
  async function confirmOnPage(intentId: string, clientSecret: string, card: string) {
    const response = await fetch(`${it_.emulators.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_tourly_local',
        client_secret: clientSecret,
        payment_method: card,
      }).toString(),
    });
    return (await response.json()) as { status: string };
  }
  const processedWebhook = (intentId: string) =>
    one<{ processed: boolean }>(
      it_.billingDb.dataSource,
      `SELECT processed_at IS NOT NULL AS processed FROM stripe_events
        WHERE type = 'payment_intent.succeeded' AND payload -> 'data' -> 'object' ->> 'id' = $1`,
      [intentId],
    );

  describe('the price', () => {
    it.each(
      CURRENCIES.map((currency) => [
        currency,
        {
          aud: [150, 4500],
          cad: [135, 4050],
          eur: [90, 2700],
          gbp: [80, 2400],
          nzd: [155, 4650],
          usd: [100, 3000],
        }[currency],
      ]),
    )('of 30 credits in %s: the small bundle saves 10%%', async (currency, [unit, subtotal]) => {
      const buyer = currency === 'usd' ? provider : await accountIn(currency as Currency);
      const answer = await buyer.get(`${PRICE}?credits_qty=30`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        credits_qty: 30,
        currency,
        unit_price_in_cents: unit,
        bundle: 'small',
        discount_percent: 10,
        subtotal_in_cents: subtotal,
        discount_in_cents: subtotal! / 10,
        voucher: null,
        voucher_discount_in_cents: 0,
        total_in_cents: (subtotal! * 9) / 10,
      });
    });

    it.each([
      [5, null, 0, 500],
      [50, 'medium', 20, 4000],
      [120, 'large', 30, 8400],
    ])('of %i credits in usd: %s bundle, %i%% off, %i cents', async (qty, bundle, percent, total) => {
      const answer = await provider.get(`${PRICE}?credits_qty=${qty}`).expect(200);
      expect(answer.body.data).toMatchObject({
        bundle,
        discount_percent: percent,
        total_in_cents: total,
      });
    });

    it.each([
      ['', { credits_qty: ['Required'] }],
      ['?credits_qty=0', { credits_qty: ['must be at least 1'] }],
      ['?credits_qty=-5', { credits_qty: ['must be at least 1'] }],
      ['?credits_qty=2.5', { credits_qty: ['must be a whole number of credits'] }],
      ['?credits_qty=lots', { credits_qty: ['must be a whole number of credits'] }],
      ['?credits_qty=10001', { credits_qty: ['must be at most 10000'] }],
    ])('refuses %s with 422', async (query, errors) => {
      const answer = await provider.get(`${PRICE}${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    });
  });

  describe('paying', () => {
    it.each([
      [{}, { credits_qty: ['Required'] }],
      [{ credits_qty: 0 }, { credits_qty: ['must be at least 1'] }],
      [{ credits_qty: -3 }, { credits_qty: ['must be at least 1'] }],
      [{ credits_qty: '10' }, { credits_qty: ['must be a whole number of credits'] }],
      [{ credits_qty: 10_001 }, { credits_qty: ['must be at most 10000'] }],
    ])('refuses %j with 422', async (body, errors) => {
      const answer = await provider.send('post', INTENT, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    });

    it('asks for the billing information first', async () => {
      const newcomer = await it_.signUp('No Account Yet');
      const answer = await newcomer.send('post', INTENT, { credits_qty: 10 });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        base: ['Save your billing information first: name, email, address and country.'],
      });
    });

    it('charges a saved card the discounted price and grants the credits once', async () => {
      const answer = await provider.send('post', INTENT, { credits_qty: 10, payment_method_id: visa });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({
        result: 'success',
        credits_qty: 10,
        currency: 'usd',
        bundle: 'small',
        total_in_cents: 900,
        publishable_key: 'pk_test_tourly_local',
      });
      const intentId = answer.body.data.id as string;
      const intent = await it_.stripe.paymentIntents.retrieve(intentId);
      expect(intent).toMatchObject({ amount: 900, currency: 'usd', status: 'succeeded' });
      expect(intent.metadata).toEqual({
        kind: 'credits_purchase',
        provider_id: provider.providerId,
        credits_qty: '10',
      });
      expect(await balanceOf(provider)).toEqual({
        credit_balance: 10,
        available_balance: 10,
        reserved_balance: 0,
      });

      await it_.settled();
      expect((await processedWebhook(intentId))?.processed).toBe(true);
      const again = await provider.send('post', SUCCESS, { payment_intent_id: intentId, extra: 'ignored' });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({
        result: 'success',
        credits_qty: 10,
        client_secret: null,
        balance: { credit_balance: 10, available_balance: 10, reserved_balance: 0 },
      });
      expect(await purchasesIn(provider)).toEqual({ purchase: 1 });
    });

    it('refuses a declined card in the issuer’s words and grants nothing', async () => {
      const buyer = await accountIn('usd', 'Declined Buyers');
      const failing = await it_.saveCard(buyer, 'pm_card_chargeCustomerFail');
      const answer = await buyer.send('post', INTENT, { credits_qty: 10, payment_method_id: failing });
      expect(answer.status).toBe(402);
      expect(answer.body.errors).toEqual({ base: ['Your card was declined.'] });
      const stranger = await buyer.send('post', INTENT, { credits_qty: 10, payment_method_id: visa });
      expect(stranger.status).toBe(404);
      expect(stranger.body.errors).toEqual({ base: ['Card not found'] });
      await it_.settled();
      expect(await balanceOf(buyer)).toEqual({
        credit_balance: 0,
        available_balance: 0,
        reserved_balance: 0,
      });
    });

    it('grants once when the webhook comes before the success call (3-D Secure)', async () => {
      const buyer = await accountIn('eur', 'Webhook First');
      const secure = await it_.saveCard(buyer, 'pm_card_authenticationRequired');
      const started = await buyer.send('post', INTENT, { credits_qty: 50, payment_method_id: secure });
      expect(started.body.data).toMatchObject({
        result: 'requires_action',
        total_in_cents: 3600,
        currency: 'eur',
      });
      const { id, client_secret: clientSecret } = started.body.data as { id: string; client_secret: string };

      const early = await buyer.send('post', SUCCESS, { payment_intent_id: id });
      expect(early.body.data).toMatchObject({ result: 'requires_action', client_secret: clientSecret });
      expect(await balanceOf(buyer)).toMatchObject({ credit_balance: 0 });

      await it_.authenticate(clientSecret, 'complete');
      await it_.settled();
      expect((await processedWebhook(id))?.processed).toBe(true);
      expect(await balanceOf(buyer)).toMatchObject({ credit_balance: 50 });

      const success = await buyer.send('post', SUCCESS, { payment_intent_id: id });
      expect(success.body.data).toMatchObject({ result: 'success', balance: { credit_balance: 50 } });
      expect(await purchasesIn(buyer)).toEqual({ purchase: 1 });
    });

    it('grants once when the success call comes before the webhook (3-D Secure)', async () => {
      const buyer = await accountIn('gbp', 'Call First');
      const secure = await it_.saveCard(buyer, 'pm_card_authenticationRequired');
      const started = await buyer.send('post', INTENT, { credits_qty: 100, payment_method_id: secure });
      expect(started.body.data).toMatchObject({ result: 'requires_action', total_in_cents: 5600 });
      const { id, client_secret: clientSecret } = started.body.data as { id: string; client_secret: string };
      await it_.settled();

      it_.emulators.stripe!.setWebhooksReachable(false);
      try {
        await it_.authenticate(clientSecret, 'complete');
        const success = await buyer.send('post', SUCCESS, { payment_intent_id: id });
        expect(success.body.data).toMatchObject({ result: 'success', balance: { credit_balance: 100 } });
        expect(await processedWebhook(id)).toBeUndefined();
      } finally {
        it_.emulators.stripe!.setWebhooksReachable(true);
      }
      await it_.settled();
      expect((await processedWebhook(id))?.processed).toBe(true);
      expect(await balanceOf(buyer)).toMatchObject({ credit_balance: 100 });
      expect(await purchasesIn(buyer)).toEqual({ purchase: 1 });
    });

    it('grants once when success calls and the webhook race', async () => {
      const buyer = await accountIn('nzd', 'Racing Buyers');
      const started = await buyer.send('post', INTENT, { credits_qty: 12 });
      expect(started.body.data).toMatchObject({ result: 'requires_payment_method', total_in_cents: 1674 });
      const { id, client_secret: clientSecret } = started.body.data as { id: string; client_secret: string };
      // The page confirms with Stripe.js (a new card needing 3-D Secure), then tells billing several times at once.
      expect((await confirmOnPage(id, clientSecret, 'pm_card_authenticationRequired')).status).toBe(
        'requires_action',
      );
      await it_.authenticate(clientSecret, 'complete');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => buyer.send('post', SUCCESS, { payment_intent_id: id })),
      );
      for (const answer of answers) expect(answer.body.data).toMatchObject({ result: 'success' });
      await it_.settled();
      expect(await balanceOf(buyer)).toMatchObject({ credit_balance: 12 });
      expect(await purchasesIn(buyer)).toEqual({ purchase: 1 });
    });

    it('never lets another provider claim a payment', async () => {
      const started = await provider.send('post', INTENT, { credits_qty: 3 });
      const { id, client_secret: clientSecret } = started.body.data as { id: string; client_secret: string };
      await confirmOnPage(id, clientSecret, 'pm_card_visa');
      const thief = await accountIn('usd', 'Other Tenant');
      for (const paymentIntentId of [id, 'pi_does_not_exist']) {
        const answer = await thief.send('post', SUCCESS, { payment_intent_id: paymentIntentId });
        expect(answer.status).toBe(404);
        expect(answer.body.errors).toEqual({ base: ['Payment not found'] });
      }
      await it_.settled();
      expect(await balanceOf(thief)).toEqual({
        credit_balance: 0,
        available_balance: 0,
        reserved_balance: 0,
      });
      expect((await thief.get('/provider/billing/credit_purchases').expect(200)).body.data.total_count).toBe(
        0,
      );
      expect(
        (await thief.get('/provider/billing/credit_bundles.json').expect(200)).body.data.total_count,
      ).toBe(0);
      const missing = await provider.send('post', SUCCESS, {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ payment_intent_id: ['Required'] });
    });

    it('lists the purchases and the bundles received, newest first, a page at a time', async () => {
      const purchases = await provider
        .get('/provider/billing/credit_purchases?page=1&page_size=1')
        .expect(200);
      expect(purchases.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 2 });
      expect(purchases.body.data.items).toEqual([
        expect.objectContaining({
          credits_qty: 3,
          bundle: null,
          unit_price_in_cents: 100,
          discount_percent: 0,
          amount_in_cents: 300,
          currency: 'usd',
          status: 'succeeded',
          granted_at: expect.any(String),
        }),
      ]);
      const bundles = await provider.get('/provider/billing/credit_bundles.json').expect(200);
      expect(bundles.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
      expect(
        bundles.body.data.items.map((item: Record<string, unknown>) => [
          item.kind,
          item.category,
          item.amount,
        ]),
      ).toEqual([
        ['purchase', 'customer_purchase', 3],
        ['purchase', 'customer_purchase', 10],
      ]);
      expect(await balanceOf(provider)).toMatchObject({ credit_balance: 13 });
    });
  });

  describe('the back office', () => {
    const admin = () => it_.staff();

    it('shows the balance and adjusts it with a category, each in the history and the audit trail', async () => {
      const path = `/admin/providers/${provider.providerId}`;
      const office = admin();
      expect((await admin().get(`${path}/available_credit_balance`).expect(200)).body.data).toEqual({
        credit_balance: 13,
        available_balance: 13,
        reserved_balance: 0,
      });
      const given = await office.send('post', `${path}/credit_adjustments`, {
        category: 'floor_plan_issue',
        amount: 5,
        note: 'redo of a floor plan',
      });
      expect(given.status).toBe(201);
      expect(given.body.data).toMatchObject({
        adjustment: {
          kind: 'adjustment',
          category: 'floor_plan_issue',
          amount: 5,
          note: 'redo of a floor plan',
        },
        balance: { credit_balance: 18 },
      });
      const taken = await office.send('post', `${path}/credit_adjustments`, {
        category: 'billing_issue',
        amount: -8,
      });
      expect(taken.body.data).toMatchObject({
        adjustment: { amount: -8, note: null },
        balance: { credit_balance: 10 },
      });

      const tooMuch = await admin().send('post', `${path}/credit_adjustments`, {
        category: 'other',
        amount: -11,
      });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.errors).toEqual({
        amount: ["would take the provider's available credits below zero"],
      });
      // Each adjustment made is recorded with the admin, the balances before and after; the refused one is not.
      const adjusted = (before: number, after: number, change: object) => ({
        provider_id: provider.providerId,
        admin_id: office.userId,
        action: 'credits.adjusted',
        before: { credit_balance: before, available_balance: before },
        after: { credit_balance: after, available_balance: after, ...change },
        changed_at: expect.any(String),
      });
      expect(await it_.adminChanges(provider.providerId)).toEqual([
        adjusted(13, 18, { category: 'floor_plan_issue', amount: 5, note: 'redo of a floor plan' }),
        adjusted(18, 10, { category: 'billing_issue', amount: -8, note: null }),
      ]);

      const history = await admin().get(`${path}/credit_adjustments?page=1`).expect(200);
      expect(history.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
      expect(
        history.body.data.items.map((item: Record<string, unknown>) => [item.category, item.amount]),
      ).toEqual([
        ['billing_issue', -8],
        ['floor_plan_issue', 5],
      ]);
      const bundles = (await provider.get('/provider/billing/credit_bundles.json').expect(200)).body.data;
      expect(bundles.items.map((item: Record<string, unknown>) => item.category)).toEqual([
        'billing_issue',
        'floor_plan_issue',
        'customer_purchase',
        'customer_purchase',
      ]);
    });

    it.each([
      [{ amount: 5 }, { category: ['Required'] }],
      [
        { category: 'gift', amount: 5 },
        { category: [expect.stringMatching(/^must be one of: customer_purchase, /)] },
      ],
      [{ category: 'trial' }, { amount: ['Required'] }],
      [{ category: 'trial', amount: 0 }, { amount: ['must not be 0'] }],
      [{ category: 'trial', amount: 1.5 }, { amount: ['must be a whole number of credits'] }],
    ])('refuses the adjustment %j with 422', async (body, errors) => {
      const answer = await admin().send(
        'post',
        `/admin/providers/${provider.providerId}/credit_adjustments`,
        body,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
      expect(await it_.adminChanges(provider.providerId)).toHaveLength(2);
    });

    it('is the back office’s alone', async () => {
      const answer = await provider.get(`/admin/providers/${provider.providerId}/available_credit_balance`);
      expect(answer.status).toBe(403);
      const unknown = await admin().get('/admin/providers/not-an-id/available_credit_balance');
      expect(unknown.status).toBe(404);
    });
  });
});
