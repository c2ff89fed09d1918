import {
  CREDIT_UNIT_PRICES,
  CREDITS_CAPTURE,
  CREDITS_RELEASE,
  CREDITS_RESERVE,
  CURRENCIES,
  MESSAGES,
  type CreditReservation,
  type Currency,
} from '@tourly/contracts';
import { ApiError, RpcClient, rows } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { ledgerInvariantBreaches } from '../services/billing/test/credits-support';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';

const INTENT = '/provider/billing/purchase_credits_payment_intent';
const SUCCESS = '/provider/billing/purchase_credits_success';
const BALANCE = '/provider/billing/account/credit_balance';
const HISTORY = '/provider/billing/credit_bundles.json';

/**
 * Credits through the gateway, as the pages and other services use them on the whole platform (events on NATS
 * JetStream, Stripe's emulator and its signed webhooks): buying in each currency at the exact discounted price, the
 * success call racing the webhook, spends by another service over request-reply, and every way credits come in
 * showing in the provider's history with its category. The ledger invariant holds at the end.
 */
describe('credits through the gateway', () => {
  let it_: PlatformWithEmulators;
  let admin: Person;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators();
    admin = await it_.signIn('admin@demo.test');
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  async function aBuyer(name: string, currency: Currency = 'usd'): Promise<Person> {
    const buyer = await it_.signUp(name);
    await buyer
      .send('put', '/provider/billing/account', {
        name,
        email: 'billing@credits.test',
        address: '1 Main St',
        country: 'NZ',
        currency,
      })
      .expect(200);
    return buyer;
  }
  const balanceOf = async (person: Person) => (await person.get(BALANCE).expect(200)).body.data;
  const historyOf = async (person: Person) =>
    (await person.get(`${HISTORY}?page_size=100`).expect(200)).body.data.items as Array<
      Record<string, unknown>
    >;
  /** What orders does: ask billing over NATS from its own process. */
  const spend = (subject: string, request: object) =>
    it_.platform.services.orders.app.get(RpcClient).ask<CreditReservation>(subject, request, 20_000);

  it.each(CURRENCIES)('buys the medium bundle in %s at 20%% off the unit price, once', async (currency) => {
    const buyer = await aBuyer(`Buyers ${currency}`, currency);
    const card = await it_.saveCard(buyer, 'pm_card_visa');
    const expected = Math.round((50 * CREDIT_UNIT_PRICES[currency] * 80) / 100);

    const price = await buyer.get('/provider/billing/calculate_credits_price?credits_qty=50').expect(200);
    expect(price.body.data).toMatchObject({
      currency,
      bundle: 'medium',
      discount_percent: 20,
      total_in_cents: expected,
    });
    const bought = await buyer.send('post', INTENT, { credits_qty: 50, payment_method_id: card }).expect(201);
    expect(bought.body.data).toMatchObject({ result: 'success', currency, total_in_cents: expected });
    const intent = await it_.stripe.paymentIntents.retrieve(bought.body.data.id);
    expect(intent).toMatchObject({ amount: expected, currency, status: 'succeeded' });

    await it_.settled();
    expect(await balanceOf(buyer)).toEqual({
      credit_balance: 50,
      available_balance: 50,
      reserved_balance: 0,
    });
  });

  it('grants a 3-D Secure purchase once while success calls and the webhook race', async () => {
    const buyer = await aBuyer('Racing Media');
    const started = await buyer.send('post', INTENT, { credits_qty: 100 }).expect(201);
    const { id, client_secret: clientSecret } = started.body.data;
    expect(started.body.data).toMatchObject({ result: 'requires_payment_method', total_in_cents: 7000 });

    // The page confirms with a card that asks for 3-D Secure, the person completes it: Stripe's webhook leaves.
    const confirm = await fetch(`${it_.emulators.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_tourly_local',
        client_secret: clientSecret,
        payment_method: 'pm_card_authenticationRequired',
      }).toString(),
    });
    expect(((await confirm.json()) as { status: string }).status).toBe('requires_action');
    expect((await it_.authenticate(clientSecret, 'complete')).status).toBe('succeeded');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => buyer.send('post', SUCCESS, { payment_intent_id: id })),
    );
    await it_.settled();

    for (const answer of answers)
      expect(answer.body.data).toMatchObject({ result: 'success', credits_qty: 100 });
    expect(await balanceOf(buyer)).toMatchObject({ available_balance: 100 });
    expect((await historyOf(buyer)).filter((row) => row.kind === 'purchase')).toHaveLength(1);
  });

  it('lets exactly 10 of 50 concurrent spends through a balance of 10, then releases one and captures another', async () => {
    const provider = await aBuyer('Spending Media');
    await admin
      .send('post', `/admin/providers/${provider.providerId}/credit_adjustments`, {
        category: 'promotional',
        amount: 10,
      })
      .expect(201);

    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        spend(CREDITS_RESERVE, { providerId: provider.providerId, amount: 1, reference: `order:${n}` }),
      ),
    );
    const held = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []));
    expect(held).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors).toEqual({ base: [MESSAGES.notEnoughCredits] });
    }
    expect(await balanceOf(provider)).toEqual({
      credit_balance: 10,
      available_balance: 0,
      reserved_balance: 10,
    });

    // An order cancelled gives its credits back; an order delivered spends them.
    const [cancelled, delivered] = held;
    await spend(CREDITS_RELEASE, { providerId: provider.providerId, reference: cancelled!.reference });
    await spend(CREDITS_CAPTURE, { providerId: provider.providerId, reference: delivered!.reference });
    expect(await balanceOf(provider)).toEqual({
      credit_balance: 9,
      available_balance: 1,
      reserved_balance: 8,
    });
    const history = await historyOf(provider);
    expect(history.find((row) => row.kind === 'release')).toMatchObject({
      amount: 1,
      reference: cancelled!.reference,
    });
    expect(
      history.find((row) => row.reference === delivered!.reference && row.kind === 'spend'),
    ).toMatchObject({
      amount: -1,
      status: 'captured',
    });
  });

  it('shows a voucher, an adjustment, a bundle, an offer and a purchase in the history, each with its category', async () => {
    const offer = await admin
      .send('post', '/admin/offers', {
        name: 'Five on your first purchase',
        redeem_action: 'credits_purchased',
        credits: 5,
        category: 'customer_loyalty',
      })
      .expect(201);
    await admin
      .send('post', '/admin/vouchers', { code: 'WELCOME-E2E', credits: 25, category: 'promotional' })
      .expect(201);
    const provider = await aBuyer('Categorised Media');
    const card = await it_.saveCard(provider, 'pm_card_visa');
    const redeemable = await provider.get(
      '/provider/billing/offers/redeemable?redeem_action=credits_purchased',
    );
    expect(redeemable.body.data.map((row: { id: string }) => row.id)).toContain(offer.body.data.id);

    await provider.send('post', '/provider/billing/vouchers/redeem', { code: 'welcome-e2e' }).expect(201);
    await admin
      .send('post', `/admin/providers/${provider.providerId}/credit_adjustments`, {
        category: 'billing_issue',
        amount: 3,
        note: 'Double charge in May',
      })
      .expect(201);
    await admin
      .send('post', '/admin/credit_bundles.json', {
        provider_id: provider.providerId,
        credits_qty: 40,
        category: 'subscription_top_up',
        note: 'Pro plan top-up',
      })
      .expect(201);
    await provider.send('post', INTENT, { credits_qty: 10, payment_method_id: card }).expect(201);
    await it_.settled();

    // The offer follows the purchase's event, handled by billing's own consumer.
    const history = await eventually(
      () => historyOf(provider),
      (rows) => rows.some((row) => row.kind === 'offer'),
      'the offer given after the purchase',
    );
    expect(history.map((row) => [row.kind, row.category, row.amount, row.note])).toEqual([
      ['offer', 'customer_loyalty', 5, 'Five on your first purchase'],
      ['purchase', 'customer_purchase', 10, null],
      ['grant', 'subscription_top_up', 40, 'Pro plan top-up'],
      ['adjustment', 'billing_issue', 3, 'Double charge in May'],
      ['voucher', 'promotional', 25, 'WELCOME-E2E'],
    ]);
    expect(await balanceOf(provider)).toMatchObject({ available_balance: 83 });
    const again = await provider.get('/provider/billing/offers/redeemable?redeem_action=credits_purchased');
    expect(again.body.data.map((row: { id: string }) => row.id)).not.toContain(offer.body.data.id);

    // Nobody else sees them.
    const stranger = await aBuyer('Stranger Media');
    expect(await historyOf(stranger)).toEqual([]);
    const adminView = await admin
      .get(`/admin/credit_bundles.json?provider_id=${provider.providerId}`)
      .expect(200);
    expect(adminView.body.data.total_count).toBe(5);
    expect(
      await rows(it_.billingDb.dataSource, 'SELECT 1 FROM credit_ledger WHERE provider_id = $1', [
        stranger.providerId,
      ]),
    ).toEqual([]);
  });
});
