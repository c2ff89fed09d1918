/**
 * `npm start` gives the demo provider hosting fees to look at (issue 32): an active merchant account, a tax rate, the
 * demo client as a customer and a monthly subscription for two of its properties whose invoice is open in the
 * client's portal; once, and only against the emulator.
 */
import { DEMO_CLIENT_USER, seedDemoClientPortal } from '@tourly/identity';
import { demoClientOf, demoClientPropertiesOf, seedDemoData as seedDemoProperties } from '@tourly/properties';
import { seedDemoHosting } from '@tourly/billing';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

jest.setTimeout(120_000);

describe('demo hosting fees', () => {
  let it_: BillingPlatform;
  let demo: Person;
  let clientId: string;
  let propertyIds: string[];

  const seed = (emulatorsUrl: string | undefined) =>
    seedDemoHosting(it_.platform.services.billing, demo.providerId, clientId, propertyIds, {
      email: DEMO_CLIENT_USER.email,
      emulatorsUrl,
    });

  /** What the demo provider's pages show of its hosting fees. */
  async function shown() {
    const [account, taxRates, customers, subscriptions, invoices] = await Promise.all(
      [
        '/provider/billing/merchant_account',
        '/provider/billing/merchant_account/tax_rates?limit=100',
        '/provider/hosting_fees/customers',
        '/provider/hosting_fees/subscriptions',
        '/provider/hosting_fees/invoices.json',
      ].map(async (path) => (await demo.get(path).expect(200)).body.data),
    );
    return { account, taxRates, customers, subscriptions, invoices };
  }

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    demo = await it_.signIn('provider@demo.test');
    const { properties, identity } = it_.platform.services;
    expect(await seedDemoProperties(properties, demo.providerId)).toBeGreaterThan(1);
    clientId = (await demoClientOf(properties, demo.providerId))!;
    expect(await seedDemoClientPortal(identity, demo.providerId, clientId)).toBe(true);
    propertyIds = await demoClientPropertiesOf(properties, demo.providerId, clientId);
    const clientProperties = await demo
      .get(`/provider/properties?filters[provider_client_id]=${clientId}&page_size=100`)
      .expect(200);
    expect(clientProperties.body.data.items.map((property: { id: string }) => property.id).reverse()).toEqual(
      propertyIds,
    );
    expect(propertyIds).toHaveLength(2);
  });
  afterAll(() => it_?.stop());

  it('makes nothing when billing’s Stripe is not the emulators', async () => {
    expect(await seed(undefined)).toEqual([]);
    expect(await seed('http://127.0.0.1:1')).toEqual([]);
    const account = await demo.get('/provider/billing/merchant_account').expect(200);
    expect(account.body.data.status).toBe('not_connected');
  });

  it('gives the demo provider an active merchant account, a tax rate, a customer and a subscription, once', async () => {
    expect(await seed(it_.emulators.url)).toEqual([
      'an active merchant account',
      'the tax rate Sales tax 8.875%',
      'Harbour Realty as a hosting customer',
      'a monthly hosting subscription for 2 properties, its invoice open',
    ]);
    await it_.settled();
    const first = await shown();
    expect(first.account).toMatchObject({
      status: 'active',
      account_id: expect.stringMatching(/^acct_/),
      charges_enabled: true,
      details_submitted: true,
      requirements_due: [],
      // No billing details: Stripe's default country, and its currency.
      country: 'US',
      default_currency: 'usd',
    });
    expect(first.taxRates.items).toEqual([
      expect.objectContaining({
        display_name: 'Sales tax',
        percentage: 8.875,
        inclusive: false,
        country: 'US',
        jurisdiction: 'NY',
        active: true,
      }),
    ]);
    const taxRateId = first.taxRates.items[0].id as string;
    expect(first.customers.items).toEqual([
      expect.objectContaining({
        name: 'Harbour Realty',
        email: DEMO_CLIENT_USER.email,
        client_id: clientId,
        subscriptions_count: 1,
      }),
    ]);
    expect(first.subscriptions.items).toEqual([
      expect.objectContaining({
        customer_id: first.customers.items[0].id,
        customer_name: 'Harbour Realty',
        status: 'active',
        interval: 'month',
        amount: 4900,
        currency: 'usd',
        property_ids: expect.arrayContaining(propertyIds),
        tax_rate_ids: [taxRateId],
      }),
    ]);
    expect(first.subscriptions.items[0].property_ids).toHaveLength(2);
    expect(first.invoices.items).toEqual([
      expect.objectContaining({
        status: 'open',
        subscription_id: first.subscriptions.items[0].id,
        // $49.00 and 8.875% on it ($4.35).
        amount_due: 5335,
      }),
    ]);

    // The demo client's agent sees the invoice in the portal, with its page to pay it on.
    const ana = await it_.signIn(DEMO_CLIENT_USER.email);
    const portal = await ana.get('/portal/hosting_fees/invoices').expect(200);
    expect(portal.body.data.items).toEqual([
      expect.objectContaining({
        status: 'open',
        amount_due: 5335,
        hosted_invoice_url: expect.stringMatching(/^http/),
      }),
    ]);

    // The next `npm start`: nothing more, nothing changed.
    expect(await seed(it_.emulators.url)).toEqual([]);
    await it_.settled();
    expect(await shown()).toEqual(first);
  });
});
