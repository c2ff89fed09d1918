/**
 * What hosting-fee suites do as the provider and its clients would at Stripe's pages: the merchant account's
 * onboarding on the emulator's page, an invoice paid on its hosted page.
 */
import type { BillingPlatform, Person } from './support';

/**
 * The provider follows its account link and completes onboarding on the emulator's page; once billing has heard
 * Stripe's account.updated, the merchant account reads active. Answers the connected account's id.
 */
export async function onboardMerchantAccount(it_: BillingPlatform, person: Person): Promise<string> {
  const link = await person
    .send('post', '/provider/billing/merchant_account/account_link', { came_from: 'hosting_fees' })
    .expect(200);
  const page = await fetch(link.body.data.url as string);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Complete onboarding');
  const submitted = await fetch(new URL(formAction(html), link.body.data.url as string), {
    method: 'POST',
    redirect: 'manual',
  });
  expect(submitted.status).toBe(303);
  // Back to the app's hosting fees page (at APP_URL, whichever the platform under test has).
  expect(new URL(submitted.headers.get('location')!).pathname).toBe('/provider/hosting_fees');
  await it_.settled();
  const account = await person.get('/provider/billing/merchant_account').expect(200);
  expect(account.body.data.status).toBe('active');
  return account.body.data.account_id as string;
}

/** The client pays (or tries to) on the invoice's hosted page with a test card number: Stripe's answer. */
export async function payOnHostedPage(url: string, card: string): Promise<Response> {
  const html = await (await fetch(url)).text();
  return fetch(new URL(formAction(html), url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }).toString(),
    redirect: 'manual',
  });
}

function formAction(html: string): string {
  const found = /<form method="post" action="([^"]+)"/.exec(html);
  if (!found) throw new Error(`no form on the page: ${html.slice(0, 200)}`);
  return found[1]!;
}

/** A hosting-fee invoice as the provider's list shows it. */
export interface ListedInvoice {
  id: string;
  status: string;
  due_date: string;
  created_at: string;
  hosted_invoice_url: string;
}

/**
 * A monthly hosting subscription of `person` for `propertyIds`, to a new customer, made through the API as the
 * provider's pages make it; once billing has settled, its first invoice (open, due `daysUntilDue` days later).
 */
export async function aHostingSubscription(
  it_: BillingPlatform,
  person: Person,
  form: {
    customer: { name: string; email: string; client_id?: string };
    propertyIds: string[];
    amount: number;
    daysUntilDue: number;
  },
): Promise<{ customerId: string; subscriptionId: string; invoice: ListedInvoice }> {
  const customer = await person.send('post', '/provider/hosting_fees/customers', form.customer).expect(201);
  const customerId = customer.body.data.id as string;
  const subscription = await person
    .send('post', '/provider/hosting_fees/subscriptions', {
      customer_id: customerId,
      property_ids: form.propertyIds,
      interval: 'month',
      amount: form.amount,
      days_until_due: form.daysUntilDue,
    })
    .expect(201);
  const subscriptionId = subscription.body.data.id as string;
  await it_.settled();
  const [invoice] = (
    await person.get(`/provider/hosting_fees/invoices.json?subscription_id=${subscriptionId}`).expect(200)
  ).body.data.items as ListedInvoice[];
  expect(invoice).toMatchObject({ status: 'open' });
  return { customerId, subscriptionId, invoice: invoice! };
}
