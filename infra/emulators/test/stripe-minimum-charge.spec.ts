import Stripe from 'stripe';
import { startStripe, type StripeHarness } from './stripe-support';

/**
 * Stripe refuses a payment intent for less than its minimum charge in the intent's currency (50 of the minor unit in
 * usd, aud, cad, eur, nzd; 30 pence in gbp; ¥50 in jpy), before anything is created: 400 `amount_too_small` on
 * `amount`, and the same idempotency key may be used again with a larger amount.
 */
describe('Stripe emulator: the minimum charge of a payment intent', () => {
  let h: StripeHarness;

  beforeAll(async () => {
    h = await startStripe();
  });
  afterAll(() => h.close());

  it.each([
    ['usd', 49, 'Amount must be at least $0.50 usd'],
    ['aud', 49, 'Amount must be at least $0.50 aud'],
    ['cad', 1, 'Amount must be at least $0.50 cad'],
    ['eur', 0, 'Amount must be at least €0.50 eur'],
    ['nzd', 49, 'Amount must be at least $0.50 nzd'],
    ['gbp', 29, 'Amount must be at least £0.30 gbp'],
    ['jpy', 49, 'Amount must be at least ¥50 jpy'],
  ])('refuses %s %i: %s', async (currency, amount, message) => {
    const refused = await h.stripe.paymentIntents
      .create({ amount, currency }, { idempotencyKey: `small-${currency}` })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      param: 'amount',
      message,
    });
    // Nothing was kept under the key: the same key with an amount Stripe takes creates the intent.
    const taken = await h.stripe.paymentIntents.create(
      { amount: amount + 50, currency },
      { idempotencyKey: `small-${currency}` },
    );
    expect(taken).toMatchObject({ amount: amount + 50, currency, status: 'requires_payment_method' });
  });

  it.each([
    ['usd', 50],
    ['gbp', 30],
    ['eur', 50],
  ])('takes %s %i, the minimum itself', async (currency, amount) => {
    expect(await h.stripe.paymentIntents.create({ amount, currency })).toMatchObject({ amount, currency });
  });
});
