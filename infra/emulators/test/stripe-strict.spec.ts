import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { STRIPE_API_VERSION as API_VERSION } from '@tourly/emulators';
import { DECLARED_ROUTES } from '../src/vendors/stripe/declared';
import { aCustomerWithCard, aPrice, startStripe, type StripeHarness } from './stripe-support';

// The generator is the repository's plain CommonJS tool (scripts/), read here as the emulator's build would.
const { generate, OUTPUT, ROUTES } = require('../scripts/stripe-params.js') as {
  generate(): unknown;
  OUTPUT: string;
  ROUTES: Record<string, [string, string]>;
};

async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  return error as Stripe.errors.StripeError;
}

/** The emulator refuses what Stripe refuses: parameters the SDK's types do not declare, other API versions. */
describe('Stripe emulator: parameters and versions Stripe would refuse', () => {
  let h: StripeHarness;

  beforeAll(async () => {
    h = await startStripe();
  });
  afterAll(() => h.close());

  it('refuses an unknown parameter at the top level, nested, in a list and in the query, changing nothing', async () => {
    const { stripe } = h;
    const unknown = (param: string) => ({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param,
      message: `Received unknown parameter: ${param}`,
    });
    const top = await refusal(
      stripe.customers.create({ name: 'Ada', favourite_colour: 'blue' } as Stripe.CustomerCreateParams),
    );
    expect(top).toMatchObject(unknown('favourite_colour'));
    expect((await stripe.customers.list({ limit: 100 })).data).toEqual([]);

    const nested = await refusal(
      stripe.customers.create({
        address: { line1: '1 Main St', suburb: 'Newtown' },
      } as Stripe.CustomerCreateParams),
    );
    expect(nested).toMatchObject(unknown('address[suburb]'));

    const price = await aPrice(stripe, 1000);
    const { customer } = await aCustomerWithCard(stripe);
    const inList = await refusal(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, quantity: 1, colour: 'red' }],
      } as unknown as Stripe.SubscriptionCreateParams),
    );
    expect(inList).toMatchObject(unknown('items[0][colour]'));
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);

    const inQuery = await refusal(
      stripe.subscriptions.list({ customer: customer.id, sort: 'newest' } as Stripe.SubscriptionListParams),
    );
    expect(inQuery).toMatchObject(unknown('sort'));

    // Maps take any key; an empty string still unsets.
    const tagged = await stripe.customers.update(customer.id, { metadata: { anything: 'goes' } });
    expect(tagged.metadata).toEqual({ anything: 'goes' });
  });

  it('answers in the pinned API version only', async () => {
    const response = await fetch(`${h.emulators.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_strict', 'stripe-version': '2024-06-20' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: `Invalid Stripe API version: 2024-06-20. This emulator answers in ${API_VERSION} only, the version the pinned stripe SDK sends.`,
      },
    });
    const pinned = await fetch(`${h.emulators.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_strict', 'stripe-version': API_VERSION },
    });
    expect(pinned.status).toBe(200);
  });

  it('declares every route’s parameters from the SDK’s types, as the generator writes them today', () => {
    expect(DECLARED_ROUTES.sort()).toEqual(Object.keys(ROUTES).sort());
    expect(JSON.parse(readFileSync(OUTPUT, 'utf8'))).toEqual(generate());
  }, 120_000);
});
