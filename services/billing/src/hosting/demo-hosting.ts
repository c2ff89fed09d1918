import type { INestApplicationContext } from '@nestjs/common';
import { CLIENT_PORTAL_CONTACT, type ClientPortalContact } from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import {
  AccountLinkRequest,
  HostingCustomersQuery,
  HostingSubscriptionsQuery,
  TaxRatesQuery,
  type HostingCustomerResponse,
  type TaxRateForm,
  type TaxRateResponse,
} from './hosting.dto';
import { HostingFeesService } from './hosting-fees.service';
import { MerchantAccountService } from './merchant-account.service';

/**
 * The demo provider's tax rate, added on top of the fee (exclusive), as fits its merchant account's country: the demo
 * provider has no billing details, so billing makes its account in the United States (Stripe's default) and bills in
 * USD; a sales tax there, GST in Australia and New Zealand, VAT elsewhere.
 */
export function demoTaxRate(country: string | null): TaxRateForm {
  switch (country) {
    case 'US':
      return { displayName: 'Sales tax', percentage: 8.875, inclusive: false, country, jurisdiction: 'NY' };
    case 'AU':
      return { displayName: 'GST', percentage: 10, inclusive: false, country };
    case 'NZ':
      return { displayName: 'GST', percentage: 15, inclusive: false, country };
    default:
      return { displayName: 'VAT', percentage: 20, inclusive: false, ...(country && { country }) };
  }
}

/** The demo client's monthly hosting fee, in minor units of the provider's currency. */
export const DEMO_HOSTING_FEE = { interval: 'month', amount: 4_900, description: 'Tour hosting' } as const;

/** How long the seed waits on the emulator's onboarding page. */
const ONBOARDING_PAGE_TIMEOUT_MS = 10_000;

/**
 * Gives the demo provider of `npm start` hosting fees to look at, through billing's own services (the routes' code
 * paths): its merchant account, onboarded on the emulator's page as the provider would and active; a tax rate; the
 * demo client as a hosting customer (invoices to `email`); and a monthly subscription for `propertyIds` with that
 * rate, whose first invoice is open, so the client's portal lists it with Pay now. Each part is looked for first, so
 * a second run makes nothing. Only against the emulator (billing's STRIPE_API_URL at `emulatorsUrl`): never Stripe.
 * Answers what it made now.
 */
export async function seedDemoHostingFees(
  app: INestApplicationContext,
  demo: { providerId: string; clientId: string; propertyIds: string[]; email: string; emulatorsUrl: string },
): Promise<string[]> {
  const { providerId, clientId } = demo;
  const merchantAccounts = app.get(MerchantAccountService);
  const hosting = app.get(HostingFeesService);
  const made: string[] = [];

  if (await activate(merchantAccounts, providerId, demo.emulatorsUrl))
    made.push('an active merchant account');

  const wanted = demoTaxRate((await merchantAccounts.show(providerId)).country);
  let taxRate = await findTaxRate(merchantAccounts, providerId, wanted);
  if (!taxRate) {
    taxRate = await merchantAccounts.createTaxRate(providerId, wanted);
    made.push(`the tax rate ${taxRate.displayName} ${taxRate.percentage}%`);
  }

  let customer = await findCustomer(hosting, providerId, clientId);
  if (!customer) {
    const client = await app
      .get(RpcClient)
      .ask<ClientPortalContact>(CLIENT_PORTAL_CONTACT, { providerId, clientId });
    customer = await hosting.createCustomer(providerId, {
      name: client.clientName,
      email: demo.email,
      clientId,
    });
    made.push(`${customer.name} as a hosting customer`);
  }

  const subscriptions = await hosting.subscriptions(
    providerId,
    Object.assign(new HostingSubscriptionsQuery(), { customerId: customer.id, pageSize: 1 }),
  );
  if (subscriptions.totalCount === 0 && demo.propertyIds.length > 0) {
    await hosting.createSubscription(providerId, {
      customerId: customer.id,
      propertyIds: demo.propertyIds,
      ...DEMO_HOSTING_FEE,
      taxRateIds: [taxRate.id],
    });
    made.push(`a monthly hosting subscription for ${demo.propertyIds.length} properties, its invoice open`);
  }
  return made;
}

/**
 * The merchant account made (the service's account link makes the connected account) and onboarded on the
 * emulator's hosted page; billing's copy then read again from Stripe rather than waited for from the
 * account.updated webhook, which may come later. Answers whether it was not active before.
 */
async function activate(
  merchantAccounts: MerchantAccountService,
  providerId: string,
  emulatorsUrl: string,
): Promise<boolean> {
  const before = await merchantAccounts.show(providerId);
  if (before.status === 'active') return false;
  if (before.accountId) {
    // Onboarded at the last run, its webhook not processed before the stop: Stripe's word is enough.
    await merchantAccounts.refresh(before.accountId);
    if ((await merchantAccounts.show(providerId)).status === 'active') return true;
  }
  const link = await merchantAccounts.accountLink(
    providerId,
    Object.assign(new AccountLinkRequest(), { cameFrom: 'hosting_fees' }),
  );
  await completeOnboarding(link.url, emulatorsUrl);
  const accountId = (await merchantAccounts.show(providerId)).accountId!;
  await merchantAccounts.refresh(accountId);
  const after = await merchantAccounts.show(providerId);
  if (after.status !== 'active') {
    throw new Error(`the demo merchant account ${accountId} is ${after.status} after onboarding`);
  }
  return true;
}

/** What the provider does on the emulator's onboarding page: opens it and submits its one form. */
async function completeOnboarding(url: string, emulatorsUrl: string): Promise<void> {
  if (new URL(url).origin !== new URL(emulatorsUrl).origin) {
    throw new Error(`the onboarding link ${url} is not the emulator's (${emulatorsUrl})`);
  }
  const page = await fetch(url, { signal: AbortSignal.timeout(ONBOARDING_PAGE_TIMEOUT_MS) });
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !action) {
    throw new Error(`the emulator's onboarding page answered ${page.status} without its form`);
  }
  const submitted = await fetch(new URL(action, url), {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(ONBOARDING_PAGE_TIMEOUT_MS),
  });
  if (submitted.status !== 303) {
    throw new Error(`the emulator's onboarding page refused the form: ${submitted.status}`);
  }
}

/** The provider's active rate like the wanted one, on any page of Stripe's list. */
async function findTaxRate(
  merchantAccounts: MerchantAccountService,
  providerId: string,
  wanted: TaxRateForm,
): Promise<TaxRateResponse | undefined> {
  let startingAfter: string | undefined;
  for (;;) {
    const page = await merchantAccounts.taxRates(
      providerId,
      Object.assign(new TaxRatesQuery(), { limit: 100, startingAfter }),
    );
    const found = page.items.find(
      (rate) =>
        rate.active &&
        rate.displayName === wanted.displayName &&
        rate.percentage === wanted.percentage &&
        rate.inclusive === wanted.inclusive,
    );
    if (found) return found;
    if (!page.hasMore || page.items.length === 0) return undefined;
    startingAfter = page.items[page.items.length - 1]!.id;
  }
}

/** The provider's hosting customer for the client, if it has one. */
async function findCustomer(
  hosting: HostingFeesService,
  providerId: string,
  clientId: string,
): Promise<HostingCustomerResponse | undefined> {
  for (let page = 1; ; page++) {
    const customers = await hosting.customers(
      providerId,
      Object.assign(new HostingCustomersQuery(), { page, pageSize: 100 }),
    );
    const found = customers.items.find((customer) => customer.clientId === clientId);
    if (found) return found;
    if (page >= customers.totalPages) return undefined;
  }
}
