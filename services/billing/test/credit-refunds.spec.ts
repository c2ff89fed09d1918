import { CREDITS_RESERVE, type CreditReservation } from '@tourly/contracts';
import { RpcClient, rows } from '@tourly/platform';
import { StripeWebhooksService } from '../src/webhooks/stripe-webhooks.service';
import { ledgerInvariantBreaches } from './credits-support';
import { startBilling, type Billing, type Person } from './support';

const INTENT = '/provider/billing/purchase_credits_payment_intent';
const BALANCE = '/provider/billing/account/credit_balance';
const HISTORY = '/provider/billing/credit_bundles.json';

/**
 * A credits purchase refunded at Stripe (the Dashboard, or the API): the credits the refunded money bought are
 * taken back once per refund, in proportion for a partial refund, and never below zero: credits already spent
 * stay spent.
 */
describe('refunds of credits purchases', () => {
  let it_: Billing;

  beforeAll(async () => {
    it_ = await startBilling();
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  async function aBuyer(name: string): Promise<{ buyer: Person; card: string }> {
    const buyer = await it_.signUp(name);
    await buyer
      .send('put', '/provider/billing/account', {
        name,
        email: 'billing@refunds.test',
        address: '1 Main St',
        country: 'US',
      })
      .expect(200);
    return { buyer, card: await it_.saveCard(buyer, 'pm_card_visa') };
  }
  async function buy(buyer: Person, card: string, creditsQty: number): Promise<string> {
    const answer = await buyer.send('post', INTENT, { credits_qty: creditsQty, payment_method_id: card });
    expect(answer.body.data.result).toBe('success');
    return answer.body.data.id as string;
  }
  const availableOf = async (buyer: Person) =>
    (await buyer.get(BALANCE).expect(200)).body.data.available_balance;
  const refundRows = (buyer: Person) =>
    rows<{ amount: number; category: string; reference: string; note: string | null }>(
      it_.billingDb.dataSource,
      `SELECT amount, category, reference, note FROM credit_ledger
        WHERE provider_id = $1 AND kind = 'refund' ORDER BY id`,
      [buyer.providerId],
    );

  it('takes back the credits of a refunded purchase once, in proportion for a partial refund', async () => {
    const { buyer, card } = await aBuyer('Refunded Media');
    const intentId = await buy(buyer, card, 50); // medium bundle: 50 x $1.00 less 20% = $40.00
    expect(await availableOf(buyer)).toBe(50);

    const half = await it_.stripe.refunds.create({ payment_intent: intentId, amount: 2000 });
    await it_.settled();
    expect(await availableOf(buyer)).toBe(25);
    const rest = await it_.stripe.refunds.create({ payment_intent: intentId });
    await it_.settled();
    expect(await availableOf(buyer)).toBe(0);

    expect(await refundRows(buyer)).toEqual([
      { amount: -25, category: 'customer_purchase', reference: half.id, note: null },
      { amount: -25, category: 'customer_purchase', reference: rest.id, note: null },
    ]);
    const [newest] = (await buyer.get(HISTORY).expect(200)).body.data.items;
    expect(newest).toMatchObject({
      kind: 'refund',
      category: 'customer_purchase',
      amount: -25,
      actor: 'system',
    });

    // Processing a refund's event again (Stripe sends one more than once) takes nothing more.
    const before = await refundRows(buyer);
    const event = (await it_.stripe.events.list({ type: 'refund.created' })).data.find(
      (candidate) => (candidate.data.object as { id: string }).id === half.id,
    )!;
    await it_.billingDb.dataSource.query('UPDATE stripe_events SET processed_at = NULL WHERE id = $1', [
      event.id,
    ]);
    await it_.service.app.get(StripeWebhooksService).process(event.id);
    expect(await availableOf(buyer)).toBe(0);
    expect(await refundRows(buyer)).toEqual(before);
  });

  it('never takes back credits already spent, and says how many stay spent', async () => {
    const { buyer, card } = await aBuyer('Spent Media');
    const intentId = await buy(buyer, card, 10); // small bundle: $9.00
    const held = await it_.service.app.get(RpcClient).ask<CreditReservation>(CREDITS_RESERVE, {
      providerId: buyer.providerId,
      amount: 7,
      reference: 'order:1',
    });
    expect(held.status).toBe('held');

    const refund = await it_.stripe.refunds.create({ payment_intent: intentId });
    await it_.settled();
    expect(await availableOf(buyer)).toBe(0);
    expect(await refundRows(buyer)).toEqual([
      {
        amount: -3,
        category: 'customer_purchase',
        reference: refund.id,
        note: '7 of the refunded credits were already spent',
      },
    ]);
  });

  it('leaves refunds of anything but credits alone', async () => {
    const { buyer, card } = await aBuyer('Plan Media');
    await buy(buyer, card, 10);
    const [customerId] = (
      await rows<{ id: string }>(
        it_.billingDb.dataSource,
        'SELECT stripe_customer_id AS id FROM billing_accounts WHERE provider_id = $1',
        [buyer.providerId],
      )
    ).map((row) => row.id);
    const other = await it_.stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customerId,
      payment_method: card,
      confirm: true,
    });
    await it_.stripe.refunds.create({ payment_intent: other.id });
    await it_.settled();
    expect(await availableOf(buyer)).toBe(10);
    expect(await refundRows(buyer)).toEqual([]);
  });
});
