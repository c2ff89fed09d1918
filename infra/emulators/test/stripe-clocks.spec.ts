import Stripe from 'stripe';
import {
  aClock,
  aCustomerWithCard,
  advanceClock,
  aPrice,
  DAY,
  startStripe,
  type StripeHarness,
} from './stripe-support';

const JAN_1 = Date.UTC(2026, 0, 1) / 1000;
const MAR_1 = Date.UTC(2026, 2, 1) / 1000;

/** Test clocks as Stripe limits them: advances of two intervals at most, deleted 30 days after creation. */
describe('Stripe emulator: test clock limits', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('refuses an advance beyond two intervals of the clock’s shortest subscription, or two years without one', async () => {
    const clock = await aClock(stripe, JAN_1);
    const tooFar = await stripe.testHelpers.testClocks
      .advance(clock.id, { frozen_time: Date.UTC(2028, 0, 1) / 1000 + 1 })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(tooFar).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooFar).toMatchObject({ statusCode: 400, param: 'frozen_time' });

    const monthly = await aPrice(stripe, 1000, 'month');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    const refused = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: MAR_1 + 1 }).then(
      () => undefined,
      (error: unknown) => error as Stripe.errors.StripeError,
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid',
      param: 'frozen_time',
      message: expect.stringContaining(`to ${MAR_1} at the latest`),
    });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(JAN_1);

    await advanceClock(stripe, clock.id, MAR_1);
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(MAR_1);
  });

  it('deletes a clock with its customers once its deletes_after has passed', async () => {
    const clock = await aClock(stripe, JAN_1);
    expect(clock.deletes_after).toBe(clock.created + 30 * DAY);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const later = jest.spyOn(Date, 'now').mockReturnValue((clock.deletes_after + 1) * 1000);
    try {
      const gone = await stripe.testHelpers.testClocks.retrieve(clock.id).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(gone).toMatchObject({ statusCode: 404, code: 'resource_missing' });
      expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });
      const types = (await stripe.events.list({ type: 'test_helpers.test_clock.deleted' })).data;
      expect(types.map((event) => (event.data.object as { id: string }).id)).toContain(clock.id);
    } finally {
      later.mockRestore();
    }
  });
});
