import Stripe from 'stripe';
import { STRIPE_COMPLETE_ONBOARDING_LABEL as COMPLETE_ONBOARDING_LABEL } from '@tourly/emulators';
import { aPrice, aReceiver, startStripe, type StripeHarness } from './stripe-support';

const PLATFORM_SECRET = 'whsec_platform';
const CONNECT_SECRET = 'whsec_connect';

describe('Stripe emulator: Connect', () => {
  let h: StripeHarness;
  let stripe: Stripe;
  let platformReceiver: Awaited<ReturnType<typeof aReceiver>>;
  let connectReceiver: Awaited<ReturnType<typeof aReceiver>>;

  const eventsOf = (receiver: typeof platformReceiver, secret: string) =>
    receiver.received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, secret));

  beforeAll(async () => {
    platformReceiver = await aReceiver();
    connectReceiver = await aReceiver();
    h = await startStripe({
      webhookEndpoints: [
        { url: platformReceiver.url, secret: PLATFORM_SECRET },
        { url: connectReceiver.url, secret: CONNECT_SECRET, connect: true },
      ],
    });
    stripe = h.stripe;
  });
  afterAll(async () => {
    await h.close();
    await platformReceiver.close();
    await connectReceiver.close();
  });

  async function anAccount(country = 'GB'): Promise<Stripe.Account> {
    return stripe.accounts.create({
      type: 'standard',
      country,
      email: 'owner@harbour.example',
      metadata: { provider_id: 'p-1' },
    });
  }

  it('creates an account that cannot charge until its owner completes onboarding on the link', async () => {
    const account = await anAccount();
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      country: 'GB',
      default_currency: 'gbp',
      email: 'owner@harbour.example',
      metadata: { provider_id: 'p-1' },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    expect(account.requirements?.currently_due).toEqual([
      'business_profile.url',
      'external_account',
      'tos_acceptance.date',
    ]);

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.example/billing?refresh=1',
      return_url: 'http://app.example/billing?done=1',
    });
    expect(link.object).toBe('account_link');
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<button type="submit">${COMPLETE_ONBOARDING_LABEL}</button>`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;

    const submitted = await fetch(new URL(action, link.url), { method: 'POST', redirect: 'manual' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://app.example/billing?done=1');

    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    expect(onboarded.requirements?.currently_due).toEqual([]);

    await h.emulators.stripe!.webhooksSettled();
    const updated = eventsOf(connectReceiver, CONNECT_SECRET).find(
      (event) => event.type === 'account.updated' && event.account === account.id,
    );
    expect(updated?.data.object).toMatchObject({ id: account.id, charges_enabled: true });
    expect(eventsOf(platformReceiver, PLATFORM_SECRET).some((e) => e.type === 'account.updated')).toBe(false);

    const used = await fetch(link.url);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain('href="http://app.example/billing?refresh=1"');
  });

  it('refuses an account link without its urls, and an account it does not have', async () => {
    const account = await anAccount();
    await expect(
      stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        return_url: 'http://a.example',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'refresh_url' });
    await expect(stripe.accounts.retrieve('acct_nobody')).rejects.toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
      type: 'StripePermissionError',
    });
    await expect(stripe.accounts.create({ type: 'standard', country: 'ZZ' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'country',
    });
  });

  it("keeps each account's objects to itself", async () => {
    const a = await anAccount();
    const b = await anAccount();
    const customer = await stripe.customers.create({ name: 'Client of A' }, { stripeAccount: a.id });
    expect((await stripe.customers.retrieve(customer.id, {}, { stripeAccount: a.id })).id).toBe(customer.id);
    await expect(stripe.customers.retrieve(customer.id, {}, { stripeAccount: b.id })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(
      stripe.customers.list({}, { stripeAccount: 'acct_unknown0000000000000000' }),
    ).rejects.toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
      message: expect.stringContaining("does not have access to account 'acct_unknown0000000000000000'"),
    });

    await h.emulators.stripe!.webhooksSettled();
    const created = eventsOf(connectReceiver, CONNECT_SECRET).find(
      (event) =>
        event.type === 'customer.created' && (event.data.object as Stripe.Customer).id === customer.id,
    );
    expect(created?.account).toBe(a.id);
    const onPlatform = eventsOf(platformReceiver, PLATFORM_SECRET).map(
      (e) => (e.data.object as { id: string }).id,
    );
    expect(onPlatform).not.toContain(customer.id);
    const accountEvents = await stripe.events.list({ type: 'customer.created' }, { stripeAccount: a.id });
    expect(accountEvents.data.map((e) => e.account)).toEqual([a.id]);
  });

  it("deletes a connected account's customer there only, ending its subscription with Connect events", async () => {
    const a = await anAccount();
    const b = await anAccount();
    const on = { stripeAccount: a.id };
    const product = await stripe.products.create({ name: 'Hosting' }, on);
    const customer = await stripe.customers.create({ name: 'Client of A', email: 'c@a.example' }, on);
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        collection_method: 'send_invoice',
        days_until_due: 14,
        items: [
          {
            price_data: {
              currency: 'gbp',
              product: product.id,
              unit_amount: 2500,
              recurring: { interval: 'month' },
            },
          },
        ],
      },
      on,
    );
    await expect(stripe.customers.del(customer.id, {}, { stripeAccount: b.id })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });

    expect(await stripe.customers.del(customer.id, {}, on)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect(await stripe.customers.retrieve(customer.id, {}, on)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id, {}, on)).status).toBe('canceled');

    await h.emulators.stripe!.webhooksSettled();
    const connectEvents = eventsOf(connectReceiver, CONNECT_SECRET).filter(
      (e) =>
        (e.data.object as { id: string }).id === customer.id ||
        (e.data.object as { id: string }).id === subscription.id,
    );
    expect(connectEvents.filter((e) => e.type.endsWith('.deleted')).map((e) => [e.type, e.account])).toEqual([
      ['customer.subscription.deleted', a.id],
      ['customer.deleted', a.id],
    ]);
  });

  it('creates, lists by pages and updates tax rates on an account', async () => {
    const { id: account } = await anAccount();
    const on = { stripeAccount: account };
    const made: Stripe.TaxRate[] = [];
    for (const [name, percentage] of [
      ['VAT', 20],
      ['Reduced VAT', 5],
      ['City tax', 2.5],
    ] as const) {
      made.push(
        await stripe.taxRates.create({ display_name: name, percentage, inclusive: false, country: 'gb' }, on),
      );
    }
    expect(made[2]).toMatchObject({
      object: 'tax_rate',
      display_name: 'City tax',
      percentage: 2.5,
      inclusive: false,
      country: 'GB',
      active: true,
    });
    const first = await stripe.taxRates.list({ limit: 2 }, on);
    expect(first.data.map((r) => r.display_name)).toEqual(['City tax', 'Reduced VAT']);
    expect(first.has_more).toBe(true);
    const second = await stripe.taxRates.list({ limit: 2, starting_after: first.data[1]!.id }, on);
    expect(second.data.map((r) => r.display_name)).toEqual(['VAT']);
    expect(second.has_more).toBe(false);
    expect((await stripe.taxRates.list({})).data.map((r) => r.id)).not.toContain(made[0]!.id);

    const archived = await stripe.taxRates.update(made[1]!.id, { active: false }, on);
    expect(archived.active).toBe(false);
    expect((await stripe.taxRates.list({ active: true }, on)).data).toHaveLength(2);

    await expect(
      stripe.taxRates.create({ display_name: 'Too much', percentage: 101, inclusive: false }, on),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'percentage',
    });
    await expect(
      stripe.taxRates.create({ display_name: 'No inclusive' } as Stripe.TaxRateCreateParams, on),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'percentage' });
  });

  it('refuses application_fee_percent on the platform itself', async () => {
    const price = await aPrice(stripe, 1000);
    const customer = await stripe.customers.create({ name: 'Platform customer' });
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        application_fee_percent: 10,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'application_fee_percent',
      message: expect.stringContaining('Stripe-Account header'),
    });
  });

  it('bills a send_invoice subscription with tax and a platform fee, paid on the hosted page, and voids', async () => {
    const { id: account } = await anAccount();
    const on = { stripeAccount: account };
    const product = await stripe.products.create({ name: 'Hosting' }, on);
    const price = await stripe.prices.create(
      { product: product.id, currency: 'gbp', unit_amount: 10_000, recurring: { interval: 'month' } },
      on,
    );
    const vat = await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false }, on);
    const customer = await stripe.customers.create({ name: 'Client', email: 'client@example.com' }, on);
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        collection_method: 'send_invoice',
        days_until_due: 14,
        default_tax_rates: [vat.id],
        application_fee_percent: 10,
        expand: ['latest_invoice'],
      },
      on,
    );
    expect(subscription).toMatchObject({ status: 'active', application_fee_percent: 10, days_until_due: 14 });
    expect(subscription.default_tax_rates?.map((r) => r.id)).toEqual([vat.id]);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      subtotal: 10_000,
      total_excluding_tax: 10_000,
      total: 12_000,
      amount_due: 12_000,
    });
    expect(invoice.due_date).toBe(invoice.created + 14 * 86_400);
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({
        amount: 2_000,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: vat.id },
        taxable_amount: 10_000,
      }),
    ]);

    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const page = await fetch(invoice.hosted_invoice_url!);
    const html = await page.text();
    expect(html).toContain('Pay £120.00');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const pay = (card: string) =>
      fetch(new URL(action, invoice.hosted_invoice_url!), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card_number: card }).toString(),
        redirect: 'manual',
      });
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain('Paid');
    expect(await stripe.invoices.retrieve(invoice.id, {}, on)).toMatchObject({
      status: 'paid',
      amount_paid: 12_000,
    });

    await h.emulators.stripe!.webhooksSettled();
    const invoicePaid = eventsOf(connectReceiver, CONNECT_SECRET).find(
      (event) => event.type === 'invoice.paid' && (event.data.object as Stripe.Invoice).id === invoice.id,
    );
    expect(invoicePaid?.account).toBe(account);
    expect(eventsOf(platformReceiver, PLATFORM_SECRET).some((e) => e.type === 'invoice.paid')).toBe(false);

    const fees = await stripe.applicationFees.list();
    expect(fees.data[0]).toMatchObject({ account, amount: 1_200, currency: 'gbp' });

    await expect(stripe.invoices.voidInvoice(invoice.id, {}, on)).rejects.toMatchObject({
      statusCode: 400,
      code: 'invoice_not_open',
    });
    const second = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        collection_method: 'send_invoice',
        days_until_due: 14,
      },
      on,
    );
    const voided = await stripe.invoices.voidInvoice(second.latest_invoice as string, {}, on);
    expect(voided.status).toBe('void');
    expect(await (await fetch(voided.hosted_invoice_url!)).text()).not.toContain('<form');
  });

  it('computes an inclusive tax rate inside the price', async () => {
    const { id: account } = await anAccount('DE');
    const on = { stripeAccount: account };
    const price = await stripe.prices.create(
      {
        product_data: { name: 'Hosting' },
        currency: 'eur',
        unit_amount: 11_900,
        recurring: { interval: 'year' },
      },
      on,
    );
    const mwst = await stripe.taxRates.create({ display_name: 'MwSt', percentage: 19, inclusive: true }, on);
    const customer = await stripe.customers.create({ name: 'Kunde' }, on);
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id, tax_rates: [mwst.id] }],
        collection_method: 'send_invoice',
        days_until_due: 14,
        expand: ['latest_invoice'],
      },
      on,
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ total: 11_900, amount_due: 11_900, total_excluding_tax: 10_000 });
    expect(invoice.total_taxes?.[0]).toMatchObject({ amount: 1_900, tax_behavior: 'inclusive' });
  });
});
