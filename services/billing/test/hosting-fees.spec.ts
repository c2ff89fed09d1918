/**
 * Hosting fees through the gateway, on the whole platform (properties answers whose properties and clients they are):
 * the merchant account's onboarding on the emulator's page, tax rates, customers, subscriptions and their invoices
 * kept from the Connect webhooks, and one provider never reaching another's.
 */
import type Stripe from 'stripe';
import { onboardMerchantAccount, payOnHostedPage } from './hosting-support';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

jest.setTimeout(120_000);

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

describe('hosting fees', () => {
  let it_: BillingPlatform;
  let harbour: Person;
  let quay: Person;
  /** Quay Media's merchant account, onboarded too (another connected account). */
  let quayAccount: string;
  let harbourAccount: string;

  const onboard = (person: Person) => onboardMerchantAccount(it_, person);

  async function aProperty(person: Person, title: string): Promise<string> {
    const created = await person
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: `${title}, Sydney, Australia`, matterport_key: 'SxQL3iGyoDo' },
      })
      .expect(201);
    return created.body.data.id as string;
  }

  async function aCustomer(person: Person, name: string, extra: Record<string, unknown> = {}) {
    const created = await person
      .send('post', '/provider/hosting_fees/customers', {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        ...extra,
      })
      .expect(201);
    return created.body.data as { id: string; name: string };
  }

  const invoicesOf = async (person: Person, subscriptionId: string) =>
    (await person.get(`/provider/hosting_fees/invoices.json?subscription_id=${subscriptionId}`).expect(200))
      .body.data.items as Array<Record<string, unknown>>;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    harbour = await it_.signUp('Harbour Media');
    quay = await it_.signUp('Quay Media');
  });
  afterAll(() => it_?.stop());

  describe('the merchant account', () => {
    it('is not connected at first, then onboarding, then active once Stripe says so', async () => {
      const before = await harbour.get('/provider/billing/merchant_account').expect(200);
      expect(before.body.data).toEqual({
        status: 'not_connected',
        account_id: null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements_due: [],
        country: null,
        default_currency: null,
        application_fee_percent: null,
      });
      await harbour
        .send('post', '/provider/billing/merchant_account/account_link', {
          return_url: 'https://evil.example.com:8443/x',
        })
        .expect(422, { errors: { return_url: ['must be a page of this site'] } });
      expect((await harbour.get('/provider/billing/merchant_account')).body.data.status).toBe(
        'not_connected',
      );

      const link = await harbour
        .send('post', '/provider/billing/merchant_account/account_link', { came_from: 'billing' })
        .expect(200);
      expect(link.body.data.url).toMatch(/^http/);
      const onboarding = await harbour.get('/provider/billing/merchant_account').expect(200);
      expect(onboarding.body.data).toMatchObject({
        status: 'onboarding',
        account_id: expect.stringMatching(/^acct_/),
        charges_enabled: false,
        details_submitted: false,
      });
      expect(onboarding.body.data.requirements_due.length).toBeGreaterThan(0);
      const account = await it_.stripe.accounts.retrieve(onboarding.body.data.account_id as string);
      expect(account.metadata).toEqual({ provider_id: harbour.providerId });

      harbourAccount = await onboard(harbour);
      expect(harbourAccount).toBe(onboarding.body.data.account_id);
      expect((await harbour.get('/provider/billing/merchant_account')).body.data).toMatchObject({
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements_due: [],
      });
      quayAccount = await onboard(quay);
      expect(quayAccount).not.toBe(harbourAccount);
    });
  });

  describe('tax rates', () => {
    it('answers 409 without an active merchant account', async () => {
      const fresh = await it_.signUp('Fresh Media');
      await fresh.get('/provider/billing/merchant_account/tax_rates').expect(409, {
        errors: {
          base: [
            'Connect your Stripe account first: finish its setup from the billing page, then try again.',
          ],
        },
      });
      await fresh.get('/provider/hosting_fees/customers').expect(200);
    });

    it('creates rates on the connected account and pages them by cursor', async () => {
      await harbour
        .send('post', '/provider/billing/merchant_account/tax_rates', { percentage: 101, inclusive: 'yes' })
        .expect(422)
        .expect((response) =>
          expect(response.body.errors).toEqual({
            display_name: ['Required'],
            percentage: ['must be between 0 and 100'],
            inclusive: ['must be true or false'],
          }),
        );
      // A number JavaScript prints with an exponent: refused in words (class-validator's own check threw: a 500).
      await harbour
        .send('post', '/provider/billing/merchant_account/tax_rates', {
          displayName: 'GST',
          percentage: 7e-323,
          inclusive: false,
        })
        .expect(422)
        .expect((response) =>
          expect(response.body.errors).toEqual({ percentage: ['must be a number with at most 4 decimals'] }),
        );
      const gst = await harbour
        .send('post', '/provider/billing/merchant_account/tax_rates', {
          display_name: 'GST',
          percentage: 10,
          inclusive: false,
          country: 'au',
          description: 'Goods and services tax',
        })
        .expect(201);
      expect(gst.body.data).toMatchObject({
        id: expect.stringMatching(/^txr_/),
        display_name: 'GST',
        percentage: 10,
        inclusive: false,
        country: 'AU',
        jurisdiction: null,
        description: 'Goods and services tax',
        active: true,
      });
      await harbour
        .send('post', '/provider/billing/merchant_account/tax_rates', {
          display_name: 'VAT',
          percentage: 12.5,
          inclusive: true,
        })
        .expect(201);
      const first = await harbour.get('/provider/billing/merchant_account/tax_rates?limit=1').expect(200);
      expect(first.body.data.items).toHaveLength(1);
      expect(first.body.data.has_more).toBe(true);
      const next = await harbour
        .get(
          `/provider/billing/merchant_account/tax_rates?limit=1&starting_after=${first.body.data.items[0].id}`,
        )
        .expect(200);
      expect(next.body.data.items).toHaveLength(1);
      expect(next.body.data.items[0].id).not.toBe(first.body.data.items[0].id);
      await harbour.get('/provider/billing/merchant_account/tax_rates?limit=0').expect(422);
      // The rates live on Harbour's account only.
      const quays = await quay.get('/provider/billing/merchant_account/tax_rates').expect(200);
      expect(quays.body.data.items).toEqual([]);
    });
  });

  describe('customers', () => {
    it("makes customers on the provider's own account, refuses bad input and another's client", async () => {
      await harbour
        .send('post', '/provider/hosting_fees/customers', { name: '', email: 'nope' })
        .expect(422, { errors: { name: ['Required'], email: ['is not a valid email address'] } });
      const quayClient = await quay
        .send('post', '/provider/clients/create_from_dashboard', { client_form: { name: 'Quay Realty' } })
        .expect(201);
      await harbour
        .send('post', '/provider/hosting_fees/customers', {
          name: 'Sneaky',
          email: 'sneaky@example.com',
          client_id: quayClient.body.data.id,
        })
        .expect(422, { errors: { client_id: ['is not one of your clients'] } });
      expect((await harbour.get('/provider/hosting_fees/customers').expect(200)).body.data.total_count).toBe(
        0,
      );

      const client = await harbour
        .send('post', '/provider/clients/create_from_dashboard', { client_form: { name: 'Harbour Realty' } })
        .expect(201);
      const created = await aCustomer(harbour, 'Harbour Realty', { client_id: client.body.data.id });
      expect(created).toMatchObject({
        name: 'Harbour Realty',
        email: 'harbour.realty@example.com',
        client_id: client.body.data.id,
        subscriptions_count: 0,
      });
      await aCustomer(harbour, 'Hill Homes');
      const searched = await harbour.get('/provider/hosting_fees/customers?search=hill').expect(200);
      expect(searched.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Hill Homes']);

      // The Stripe customer is on Harbour's account, out of Quay's sight.
      const onHarbour = await it_.stripe.customers.list({ limit: 100 }, { stripeAccount: harbourAccount });
      expect(onHarbour.data.map((c) => c.name).sort()).toEqual(['Harbour Realty', 'Hill Homes']);
      const onQuay = await it_.stripe.customers.list({ limit: 100 }, { stripeAccount: quayAccount });
      expect(onQuay.data).toEqual([]);
      await expect(
        it_.stripe.customers.retrieve(onHarbour.data[0]!.id, {}, { stripeAccount: quayAccount }),
      ).rejects.toMatchObject({ code: 'resource_missing' });
      expect((await quay.get('/provider/hosting_fees/customers').expect(200)).body.data.items).toEqual([]);
      await quay.send('delete', `/provider/hosting_fees/customers/${created.id}`).expect(404);
      await harbour.send('delete', `/provider/hosting_fees/customers/${UNKNOWN}`).expect(404);
    });
  });

  describe('subscriptions and invoices', () => {
    let customer: { id: string; name: string };
    let tours: string[];
    let gst: string;

    beforeAll(async () => {
      customer = await aCustomer(harbour, 'Bay Agents');
      tours = [await aProperty(harbour, 'Bay View'), await aProperty(harbour, 'Bay Loft')];
      gst = (
        await harbour
          .send('post', '/provider/billing/merchant_account/tax_rates', {
            display_name: 'GST',
            percentage: 10,
            inclusive: false,
          })
          .expect(201)
      ).body.data.id;
    });

    it("refuses another provider's properties, another account's tax rates and bad input, making nothing", async () => {
      const quaysTour = await aProperty(quay, 'Quay Loft');
      const quaysRate = (
        await quay
          .send('post', '/provider/billing/merchant_account/tax_rates', {
            display_name: 'VAT',
            percentage: 20,
            inclusive: false,
          })
          .expect(201)
      ).body.data.id as string;
      const valid = { customer_id: customer.id, property_ids: tours, interval: 'month', amount: 4900 };
      await harbour
        .send('post', '/provider/hosting_fees/subscriptions', {
          ...valid,
          property_ids: [tours[0], quaysTour],
        })
        .expect(422, { errors: { property_ids: ['must list only your own properties'] } });
      await harbour
        .send('post', '/provider/hosting_fees/subscriptions', { ...valid, tax_rate_ids: [quaysRate] })
        .expect(422, {
          errors: { tax_rate_ids: ["must list only your merchant account's active tax rates"] },
        });
      await harbour
        .send('post', '/provider/hosting_fees/subscriptions', {
          ...valid,
          property_ids: [],
          interval: 'week',
          amount: 10,
        })
        .expect(422)
        .expect((response) =>
          expect(response.body.errors).toEqual({
            property_ids: ['Required'],
            interval: ['must be one of: month, year'],
            amount: ['must be at least 50'],
          }),
        );
      const quaysCustomer = await aCustomer(quay, 'Quay Client');
      await harbour
        .send('post', '/provider/hosting_fees/subscriptions', { ...valid, customer_id: quaysCustomer.id })
        .expect(422, { errors: { customer_id: ['is not one of your hosting customers'] } });
      expect(
        (await harbour.get('/provider/hosting_fees/subscriptions').expect(200)).body.data.total_count,
      ).toBe(0);
      const onStripe = await it_.stripe.subscriptions.list({}, { stripeAccount: harbourAccount });
      expect(onStripe.data).toEqual([]);
    });

    it('bills the client by invoice with 14 days to pay; paying on the hosted page marks it paid', async () => {
      const created = await harbour
        .send('post', '/provider/hosting_fees/subscriptions', {
          customer_id: customer.id,
          property_ids: tours,
          interval: 'month',
          amount: 4900,
          currency: 'aud',
          description: 'Hosting of the Bay tours',
          tax_rate_ids: [gst],
        })
        .expect(201);
      const subscription = created.body.data;
      expect(subscription).toMatchObject({
        customer_id: customer.id,
        customer_name: 'Bay Agents',
        status: 'active',
        interval: 'month',
        amount: 4900,
        currency: 'aud',
        description: 'Hosting of the Bay tours',
        property_ids: tours,
        tax_rate_ids: [gst],
        application_fee_percent: null,
        cancel_at_period_end: false,
        canceled_at: null,
      });
      await harbour
        .get(`/provider/hosting_fees/subscriptions/${subscription.id}`)
        .expect(200, { data: subscription });
      await quay.get(`/provider/hosting_fees/subscriptions/${subscription.id}`).expect(404);
      const listed = await harbour
        .get(`/provider/hosting_fees/subscriptions?customer_id=${customer.id}&status=active&search=bay`)
        .expect(200);
      expect(listed.body.data.items.map((s: { id: string }) => s.id)).toEqual([subscription.id]);
      const none = await harbour.get('/provider/hosting_fees/subscriptions?status=canceled').expect(200);
      expect(none.body.data.items).toEqual([]);

      const [onStripe] = (await it_.stripe.subscriptions.list({}, { stripeAccount: harbourAccount })).data;
      expect(onStripe).toMatchObject({ collection_method: 'send_invoice', days_until_due: 14 });
      expect(onStripe!.default_tax_rates?.map((rate) => rate.id)).toEqual([gst]);

      await it_.settled();
      const [invoice] = await invoicesOf(harbour, subscription.id);
      expect(invoice).toMatchObject({
        subscription_id: subscription.id,
        customer_id: customer.id,
        customer_name: 'Bay Agents',
        status: 'open',
        amount_due: 5390,
        amount_paid: 0,
        currency: 'aud',
      });
      expect(Date.parse(invoice!.due_date as string) - Date.parse(invoice!.created_at as string)).toBe(
        14 * 86_400_000,
      );
      await quay.get(`/provider/hosting_fees/invoices/${invoice!.id}/payment_link`).expect(404);
      const link = await harbour
        .get(`/provider/hosting_fees/invoices/${invoice!.id}/payment_link`)
        .expect(200);
      expect(link.body.data.url).toBe(invoice!.hosted_invoice_url);
      const download = await harbour
        .get(`/provider/hosting_fees/invoices/${invoice!.id}/download`)
        .expect(302);
      const pdf = await fetch(download.headers.location as string);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      await harbour.send('delete', `/provider/hosting_fees/customers/${customer.id}`).expect(409, {
        errors: { base: ['This customer has a running hosting subscription. Cancel it first.'] },
      });

      // The client's card is declined first: the invoice stays open.
      expect((await payOnHostedPage(link.body.data.url as string, '4000 0000 0000 0002')).status).toBe(402);
      await it_.settled();
      expect((await invoicesOf(harbour, subscription.id))[0]).toMatchObject({ status: 'open' });
      expect((await payOnHostedPage(link.body.data.url as string, '4242 4242 4242 4242')).status).toBe(303);
      await it_.settled();
      expect((await invoicesOf(harbour, subscription.id))[0]).toMatchObject({
        status: 'paid',
        amount_paid: 5390,
      });
      const paid = await it_.published('billing.hosting.invoice.paid.v1', harbour.providerId);
      expect(paid).toEqual([
        expect.objectContaining({
          invoiceId: invoice!.id,
          subscriptionId: subscription.id,
          status: 'paid',
          previousStatus: 'open',
          propertyIds: tours,
        }),
      ]);
      const paidOnly = await harbour.get('/provider/hosting_fees/invoices.json?status=paid').expect(200);
      expect(paidOnly.body.data.items.map((i: { id: string }) => i.id)).toEqual([invoice!.id]);
      await harbour.send('post', `/provider/hosting_fees/invoices/${invoice!.id}/void.json`).expect(409, {
        errors: { base: ['Only an open invoice can be voided.'] },
      });

      // Cancelled at the period end, then now.
      const atEnd = await harbour
        .send('post', `/provider/hosting_fees/subscriptions/${subscription.id}/cancel`, {
          at_period_end: true,
        })
        .expect(200);
      expect(atEnd.body.data).toMatchObject({ status: 'active', cancel_at_period_end: true });
      await quay.send('post', `/provider/hosting_fees/subscriptions/${subscription.id}/cancel`).expect(404);
      const now = await harbour
        .send('post', `/provider/hosting_fees/subscriptions/${subscription.id}/cancel`, {})
        .expect(200);
      expect(now.body.data.status).toBe('canceled');
      await harbour
        .send('post', `/provider/hosting_fees/subscriptions/${subscription.id}/cancel`, {})
        .expect(409, { errors: { base: ['This subscription is already canceled.'] } });
      await it_.settled();
      const changes = await it_.published('billing.hosting.subscription.changed.v1', harbour.providerId);
      expect(changes.map((change) => change.status)).toEqual(expect.arrayContaining(['active', 'canceled']));
      await harbour.send('delete', `/provider/hosting_fees/customers/${customer.id}`).expect(204);
      const left = await harbour.get('/provider/hosting_fees/customers?search=bay').expect(200);
      expect(left.body.data.items).toEqual([]);
    });

    it("voids an open invoice, and takes the platform's fee the admin set", async () => {
      const staff = await it_.signIn('admin@demo.test');
      await harbour
        .send('put', '/provider/billing/account', {
          name: 'Harbour Media',
          email: 'billing@harbour.example',
          address: '1 Quay St',
          country: 'AU',
          currency: 'aud',
        })
        .expect(200);
      const form = {
        name: 'Harbour Media',
        email: 'billing@harbour.example',
        address: '1 Quay St',
        country: 'AU',
      };
      await staff
        .send('patch', `/admin/providers/${harbour.providerId}/billing_account`, {
          ...form,
          hosting_application_fee_percent: 51,
        })
        .expect(422, { errors: { hosting_application_fee_percent: ['must be between 0 and 50'] } });
      const patched = await staff
        .send('patch', `/admin/providers/${harbour.providerId}/billing_account`, {
          ...form,
          hosting_application_fee_percent: 10,
        })
        .expect(200);
      expect(patched.body.data.hosting_application_fee_percent).toBe(10);
      expect(
        (await harbour.get('/provider/billing/merchant_account')).body.data.application_fee_percent,
      ).toBe(10);

      const client = await aCustomer(harbour, 'Cove Estates');
      const created = await harbour
        .send('post', '/provider/hosting_fees/subscriptions', {
          customer_id: client.id,
          property_ids: [tours[0]],
          interval: 'year',
          amount: 12000,
        })
        .expect(201);
      expect(created.body.data).toMatchObject({
        application_fee_percent: 10,
        currency: 'aud',
        interval: 'year',
      });
      const onStripe = (
        await it_.stripe.subscriptions.list({ limit: 100 }, { stripeAccount: harbourAccount })
      ).data;
      expect(
        onStripe.find(
          (s: Stripe.Subscription) => s.metadata.hosting_subscription_id === created.body.data.id,
        ),
      ).toMatchObject({ application_fee_percent: 10 });

      await it_.settled();
      const [invoice] = await invoicesOf(harbour, created.body.data.id as string);
      await quay.send('post', `/provider/hosting_fees/invoices/${invoice!.id}/void.json`).expect(404);
      const voided = await harbour
        .send('post', `/provider/hosting_fees/invoices/${invoice!.id}/void.json`)
        .expect(200);
      expect(voided.body.data).toMatchObject({ id: invoice!.id, status: 'void' });
      await it_.settled();
      const changes = await it_.published('billing.hosting.invoice.changed.v1', harbour.providerId);
      expect(changes.filter((change) => change.invoiceId === invoice!.id).map((c) => c.status)).toEqual([
        'open',
        'void',
      ]);
      await harbour.get(`/provider/hosting_fees/invoices.json?subscription_id=nope`).expect(422);
      await harbour.get(`/provider/hosting_fees/invoices/${UNKNOWN}/download`).expect(404);
    });
  });
});
