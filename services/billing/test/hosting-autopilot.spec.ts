/**
 * The autopilot through the gateway, on the whole platform (issue 32): a hosting-fee invoice unpaid past its due
 * date (the grace the provider gave: `days_until_due`) is announced overdue once, properties pauses the
 * subscription's tour for visitors and mails the client; the client's portal lists the invoice with its "Pay now"
 * page (another client's user sees nothing); paying it brings the tour back.
 */
import { eventually } from '@tourly/platform/testing';
import { HostingOverdueService } from '../src/hosting/hosting-overdue.service';
import { aSharedTour, onStarter } from '../../../test/support/provider';
import {
  aHostingSubscription,
  onboardMerchantAccount,
  payOnHostedPage,
  type ListedInvoice,
} from './hosting-support';
import { sessionCookieOf, startBillingPlatform, type BillingPlatform, type Person } from './support';

jest.setTimeout(180_000);

interface Email {
  subject: string;
  textBody: string;
}

describe('hosting that follows payment', () => {
  let it_: BillingPlatform;
  let harbour: Person;

  const emailsTo = async (address: string, count = 1): Promise<Email[]> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(address)}`);
      const { messages } = (await response.json()) as { messages: Email[] };
      if (messages.length >= count) return messages;
      if (Date.now() > deadline)
        throw new Error(`${count} email(s) to ${address} expected, ${messages.length} came`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what} did not happen`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** A client of the provider with one contact, whom the provider invites into the portal; the client user. */
  async function aClientUser(person: Person, name: string, email: string) {
    const client = await person
      .send('post', '/provider/clients/create_from_dashboard', { client_form: { name } })
      .expect(201);
    const clientId = client.body.data.id as string;
    await person
      .send('post', '/provider/contacts/create_from_dashboard', {
        contact: { full_name: `Agent of ${name}`, email_address: email, provider_client_id: clientId },
      })
      .expect(201);
    await person
      .send('post', `/provider/client_portal/clients/${clientId}/invitations`, { invitation: { email } })
      .expect(201);
    const [mail] = await emailsTo(email);
    const token = /invitation_token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const joined = await it_.http
      .post('/users/invitation/sign_up')
      .send({
        invitation: {
          invitation_token: token,
          first_name: 'Ana',
          last_name: 'Ng',
          password: 'a long portal password',
        },
      })
      .expect(201);
    const cookie = sessionCookieOf(joined);
    const user: Person = {
      cookie,
      csrfToken: joined.body.data.csrf_token as string,
      providerId: person.providerId,
      get: (path) => it_.http.get(path).set('cookie', cookie),
      send: (method, path, body) => {
        const call = it_.http[method](path).set('cookie', cookie).set('x-csrf-token', user.csrfToken);
        return body ? call.send(body) : call;
      },
    };
    return { clientId, user };
  }

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    harbour = await it_.signUp('Autopilot Harbour');
    await onStarter(it_, harbour);
    await onboardMerchantAccount(it_, harbour);
  }, 180_000);
  afterAll(() => it_?.stop());

  it('pauses the tour of an invoice unpaid past its due date, lists it in the client portal, resumes it once paid', async () => {
    const realty = await aClientUser(harbour, 'Autopilot Realty', 'ana@autopilot-realty.test');
    const bayside = await aClientUser(harbour, 'Autopilot Bayside', 'ben@autopilot-bayside.test');
    const { propertyId, basePath: base } = await aSharedTour(harbour, 'Autopilot Villa');
    await it_.http.get(base).expect(200);

    const customer = await harbour
      .send('post', '/provider/hosting_fees/customers', {
        name: 'Autopilot Realty',
        email: 'accounts@autopilot-realty.test',
        client_id: realty.clientId,
      })
      .expect(201);
    const form = {
      customer_id: customer.body.data.id,
      property_ids: [propertyId],
      interval: 'month',
      amount: 4900,
    };
    await harbour
      .send('post', '/provider/hosting_fees/subscriptions', { ...form, days_until_due: 0 })
      .expect(422, { errors: { days_until_due: ['must be at least 1'] } });
    const subscription = await harbour
      .send('post', '/provider/hosting_fees/subscriptions', { ...form, days_until_due: 3 })
      .expect(201);
    await it_.settled();
    const [invoice] = (
      await harbour
        .get(`/provider/hosting_fees/invoices.json?subscription_id=${subscription.body.data.id}`)
        .expect(200)
    ).body.data.items as Array<{
      id: string;
      due_date: string;
      created_at: string;
      hosted_invoice_url: string;
    }>;
    expect(Date.parse(invoice!.due_date) - Date.parse(invoice!.created_at)).toBe(3 * 86_400_000);

    // Not yet due: the sweep announces nothing.
    const overdue = it_.platform.services.billing.app.get(HostingOverdueService);
    expect(await overdue.runNow()).toBe(0);
    // Three days later (billing's copy of the due date moved back, as the clock would).
    await it_.billingDb.dataSource.query(
      `UPDATE hosting_invoices SET due_date = now() - interval '1 minute' WHERE id = $1`,
      [invoice!.id],
    );
    expect(await overdue.runNow()).toBe(1);
    expect(await overdue.runNow()).toBe(0);
    await it_.settled();
    expect(await it_.published('billing.hosting.invoice.overdue.v1', harbour.providerId)).toEqual([
      expect.objectContaining({
        invoiceId: invoice!.id,
        customerEmail: 'accounts@autopilot-realty.test',
        propertyIds: [propertyId],
      }),
    ]);
    await until(async () => (await it_.http.get(base)).status === 423, 'the tour pausing');
    const paused = await it_.http.get(base.replace('layers/base.json', 'paused.json')).expect(200);
    expect(paused.body.data).toMatchObject({ message: 'This tour is paused.', language: 'en' });
    const [mail] = await emailsTo('accounts@autopilot-realty.test');
    expect(mail!.subject).toMatch(/^Your tours are paused: invoice .+ is overdue$/);
    expect(mail!.textBody).toContain('- Autopilot Villa');
    expect(mail!.textBody).toContain(invoice!.hosted_invoice_url);
    expect(
      (await harbour.get(`/provider/properties/${propertyId}`).expect(200)).body.data.hosting,
    ).toMatchObject({
      exempt: false,
      paused: true,
    });

    // The client's portal: its invoice with "Pay now"; another client's user sees nothing; the provider is refused.
    const listed = await realty.user.get('/portal/hosting_fees/invoices').expect(200);
    expect(listed.body.data).toMatchObject({ total_count: 1, current_page: 1 });
    expect(listed.body.data.items).toEqual([
      {
        id: invoice!.id,
        number: expect.any(String),
        status: 'open',
        overdue: true,
        amount_due: 4900,
        amount_paid: 0,
        currency: 'usd',
        due_date: expect.any(String),
        created_at: invoice!.created_at,
        hosted_invoice_url: invoice!.hosted_invoice_url,
      },
    ]);
    const none = await bayside.user.get('/portal/hosting_fees/invoices').expect(200);
    expect(none.body.data).toMatchObject({ items: [], total_count: 0 });
    await harbour.get('/portal/hosting_fees/invoices').expect(403);
    await it_.http.get('/portal/hosting_fees/invoices').expect(401);

    // The client pays: the tour is back within seconds of Stripe's webhook.
    expect((await payOnHostedPage(invoice!.hosted_invoice_url, '4242 4242 4242 4242')).status).toBe(303);
    await it_.settled();
    await until(async () => (await it_.http.get(base)).status === 200, 'the tour resuming');
    const after = await realty.user.get('/portal/hosting_fees/invoices').expect(200);
    expect(after.body.data.items[0]).toMatchObject({ status: 'paid', overdue: false, amount_paid: 4900 });
    const tourEvents = (await it_.propertiesDb.dataSource.query(
      `SELECT subject FROM outbox WHERE subject LIKE 'properties.hosting.tour.%'
          AND envelope -> 'data' ->> 'property_id' = $1 ORDER BY id`,
      [propertyId],
    )) as Array<{ subject: string }>;
    expect(tourEvents.map((row) => row.subject)).toEqual([
      'properties.hosting.tour.paused.v1',
      'properties.hosting.tour.resumed.v1',
    ]);
  });

  it('pauses the tour when the renewal’s invoice falls overdue on the clock, and brings it back once paid', async () => {
    const { propertyId, basePath: base } = await aSharedTour(harbour, 'Clockwork Villa');
    const {
      customerId,
      subscriptionId,
      invoice: first,
    } = await aHostingSubscription(it_, harbour, {
      customer: { name: 'Clockwork Realty', email: 'accounts@clockwork-realty.test' },
      propertyIds: [propertyId],
      amount: 2900,
      daysUntilDue: 3,
    });
    const invoices = async () =>
      (
        await harbour
          .get(`/provider/hosting_fees/invoices.json?subscription_id=${subscriptionId}`)
          .expect(200)
      ).body.data.items as ListedInvoice[];
    expect((await payOnHostedPage(first.hosted_invoice_url, '4242 4242 4242 4242')).status).toBe(303);
    await it_.settled();

    // The customer's own clock, at the present; another provider reaches neither it nor its customer.
    const testClock = (
      await harbour.get(`/provider/hosting_fees/customers/${customerId}/test_clock`).expect(200)
    ).body.data.test_clock as { id: string; frozen_time: string; status: string };
    expect(testClock.status).toBe('ready');
    expect(Math.abs(Date.parse(testClock.frozen_time) - Date.now())).toBeLessThan(120_000);
    const quay = await it_.signUp('Clockwork Quay');
    await quay
      .get(`/provider/hosting_fees/customers/${customerId}/test_clock`)
      .expect(404, { errors: { base: ['Customer not found'] } });
    await quay
      .send('post', `/provider/hosting_fees/customers/${customerId}/advance_test_clock`, {
        test_clock_id: testClock.id,
        time: new Date(Date.parse(testClock.frozen_time) + 86_400_000).toISOString(),
      })
      .expect(404, { errors: { base: ['Customer not found'] } });
    await harbour
      .send('post', `/provider/hosting_fees/customers/${customerId}/advance_test_clock`, {
        test_clock_id: testClock.id,
        time: testClock.frozen_time,
      })
      .expect(422, { errors: { time: ["must be later than the clock's current time"] } });

    // 36 days on: the subscription renewed, its second invoice is three days past due and unpaid.
    const target = new Date(Date.parse(testClock.frozen_time) + 36 * 86_400_000).toISOString();
    const moved = await harbour
      .send('post', `/provider/hosting_fees/customers/${customerId}/advance_test_clock`, {
        test_clock_id: testClock.id,
        time: target,
      })
      .expect(200);
    expect(moved.body.data.test_clock).toMatchObject({
      id: testClock.id,
      status: 'ready',
      frozen_time: target,
    });
    await it_.settled();
    await eventually(
      async () => (await it_.http.get(base)).status,
      (status) => status === 423,
      'the tour pausing',
    );
    const [second, paid] = await invoices();
    expect(paid).toMatchObject({ id: first.id, status: 'paid' });
    expect(second).toMatchObject({ status: 'open' });
    expect(
      (await harbour.get(`/provider/hosting_fees/subscriptions/${subscriptionId}`).expect(200)).body.data,
    ).toMatchObject({ status: 'past_due' });
    const overdue = await it_.published('billing.hosting.invoice.overdue.v1', harbour.providerId);
    expect(overdue.filter((event) => event.subscriptionId === subscriptionId)).toEqual([
      expect.objectContaining({ invoiceId: second!.id, propertyIds: [propertyId] }),
    ]);

    // The client pays the renewal's invoice: the tour is back, the subscription active again.
    expect((await payOnHostedPage(second!.hosted_invoice_url, '4242 4242 4242 4242')).status).toBe(303);
    await it_.settled();
    await eventually(
      async () => (await it_.http.get(base)).status,
      (status) => status === 200,
      'the tour resuming',
    );
    expect(
      (await harbour.get(`/provider/hosting_fees/subscriptions/${subscriptionId}`).expect(200)).body.data,
    ).toMatchObject({ status: 'active' });
  });
});
