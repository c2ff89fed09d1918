import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startEmulators, type RunningEmulators, type StripeVendorOptions } from '@tourly/emulators';

export const DAY = 86_400;

export interface StripeHarness {
  emulators: RunningEmulators;
  stripe: Stripe;
  close(): Promise<void>;
}

/** The emulators on a free port and the real SDK pointed at them. */
export async function startStripe(options: StripeVendorOptions = {}): Promise<StripeHarness> {
  const emulators = await startEmulators({ port: 0, stripe: options });
  return { emulators, stripe: stripeClient(emulators.url), close: () => emulators.close() };
}

export function stripeClient(url: string, key = 'sk_test_emulator'): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}

/** Advances a test clock and waits until it is ready again, as a Stripe integration does. */
export async function advanceClock(stripe: Stripe, clockId: string, frozenTime: number): Promise<void> {
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: frozenTime });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (clock.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`test clock ${clockId} did not get ready`);
}

/** What the 3-D Secure page posts: `complete` or `fail`, with the intent's client secret. */
export async function authenticate(
  emulators: RunningEmulators,
  clientSecret: string,
  outcome: 'complete' | 'fail',
  key = 'pk_test_emulator',
): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulators.url}/v1/_authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, client_secret: clientSecret, outcome }).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** A monthly (or yearly) recurring price of a fresh product. */
export async function aPrice(
  stripe: Stripe,
  unitAmount: number,
  interval: 'month' | 'year' = 'month',
  name = `Plan ${unitAmount}`,
): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name });
  return stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval },
  });
}

/** A customer (on a test clock if given) with a card attached and set as the invoice default. */
export async function aCustomerWithCard(
  stripe: Stripe,
  token = 'pm_card_visa',
  testClock?: string,
): Promise<{ customer: Stripe.Customer; paymentMethod: Stripe.PaymentMethod }> {
  const customer = await stripe.customers.create({
    email: 'ada@example.com',
    name: 'Ada',
    ...(testClock ? { test_clock: testClock } : {}),
  });
  const paymentMethod = await stripe.paymentMethods.attach(token, { customer: customer.id });
  const updated = await stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: paymentMethod.id },
  });
  return { customer: updated, paymentMethod };
}

/** A test clock frozen at a fixed instant (1 Jan 2026, 00:00 UTC) unless told otherwise. */
export async function aClock(
  stripe: Stripe,
  frozenTime = Date.UTC(2026, 0, 1) / 1000,
): Promise<Stripe.TestHelpers.TestClock> {
  return stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: 'test' });
}

export interface Received {
  body: string;
  signature: string;
}

/** A webhook receiver that answers 500 to the first `failFirst` requests, then 200. */
export async function aReceiver(
  failFirst = 0,
): Promise<{ url: string; received: Received[]; attempts: number; close(): Promise<void> }> {
  const state = { received: [] as Received[], attempts: 0 };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.attempts += 1;
      if (state.attempts <= failFirst) {
        response.writeHead(500).end('not yet');
        return;
      }
      state.received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    get received() {
      return state.received;
    },
    get attempts() {
      return state.attempts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
