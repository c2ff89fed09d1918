import type { Page } from 'playwright-core';
import { launchChromium } from '../../../test/support/chromium';
import type Stripe from 'stripe';
import { aPrice, startStripe, type StripeHarness } from './stripe-support';

/** What a page does with window.Stripe, run in the browser. */
type BrowserWindow = {
  Stripe: (key: string) => unknown;
  stripe: {
    elements(options?: object): { create(type: string): unknown };
    confirmCardSetup(
      secret: string,
      data: object,
    ): Promise<Record<string, { status?: string; code?: string }>>;
    confirmPayment(options: object): Promise<Record<string, { status?: string; code?: string }>>;
    retrieveSetupIntent(secret: string): Promise<Record<string, { status?: string }>>;
  };
  elements: {
    create(type: string): {
      mount(selector: string): void;
      on(event: string, cb: () => void): void;
      clear(): void;
    };
  };
  card: { mount(selector: string): void; on(event: string, cb: () => void): void; clear(): void };
  ready: boolean;
};

describe('Stripe.js stand-in (GET /stripe-js/v3.js)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await startStripe();
  });
  afterAll(() => h.close());

  it('is served as a plain browser script defining window.Stripe', async () => {
    const response = await fetch(`${h.emulators.url}/stripe-js/v3.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const source = await response.text();
    expect(source).toContain('window.Stripe = Stripe;');
    expect(() => new Function(source)).not.toThrow();
  });

  it('confirms card setups and payments from the card fields, with the 3-D Secure page', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent(
        `<main><div id="card"></div><div id="payment"></div></main><script src="${h.emulators.url}/stripe-js/v3.js"></script>`,
      );
      await page.evaluate(() => {
        const w = globalThis as unknown as BrowserWindow;
        w.stripe = w.Stripe('pk_test_browser') as BrowserWindow['stripe'];
        w.elements = w.stripe.elements() as BrowserWindow['elements'];
        w.card = w.elements.create('card');
        w.card.on('ready', () => (w.ready = true));
        w.card.mount('#card');
      });
      await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).ready);

      const setUp = async (number: string, answer?: 'Complete authentication' | 'Fail authentication') => {
        const customer = await h.stripe.customers.create({});
        const intent = await h.stripe.setupIntents.create({ customer: customer.id });
        await typeCard(page, number);
        const result = page.evaluate((secret) => {
          const w = globalThis as unknown as BrowserWindow;
          return w.stripe.confirmCardSetup(secret, {
            payment_method: { card: w.card, billing_details: { name: 'Ada' } },
          });
        }, intent.client_secret!);
        if (answer) await page.getByRole('dialog').getByRole('button', { name: answer }).click();
        return { result: await result, customer };
      };

      const plain = await setUp('4242 4242 4242 4242');
      expect(plain.result.setupIntent).toMatchObject({ status: 'succeeded' });
      const saved = await h.stripe.customers.listPaymentMethods(plain.customer.id);
      expect(saved.data[0]).toMatchObject({
        card: { last4: '4242', exp_month: 12, exp_year: 2034 },
        billing_details: { name: 'Ada' },
      });
      expect((await setUp('4000002760003184', 'Complete authentication')).result.setupIntent).toMatchObject({
        status: 'succeeded',
      });
      expect((await setUp('4000002500003155', 'Fail authentication')).result.error).toMatchObject({
        code: 'setup_intent_authentication_failure',
      });
      expect((await setUp('4000000000009995')).result.error).toMatchObject({
        type: 'card_error',
        code: 'card_declined',
      });

      const price = await aPrice(h.stripe, 1900);
      const customer = await h.stripe.customers.create({});
      const subscription = await h.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        expand: ['latest_invoice.confirmation_secret'],
      });
      const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
      await typeCard(page, '5555555555554444');
      const paid = await page.evaluate(async (clientSecret) => {
        const w = globalThis as unknown as BrowserWindow;
        return w.stripe.confirmPayment({ elements: w.elements, clientSecret, redirect: 'if_required' });
      }, secret);
      expect(paid.paymentIntent).toMatchObject({ status: 'succeeded' });
      expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    } finally {
      await browser.close();
    }
  });
});

async function typeCard(page: Page, number: string): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as BrowserWindow).card.clear());
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration month (MM)').fill('12');
  await page.getByLabel('Expiration year (YY)').fill('34');
  await page.getByLabel('CVC').fill('123');
}
