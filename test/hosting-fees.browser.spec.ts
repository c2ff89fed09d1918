import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aProperty } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'hosting-fees');

/**
 * Hosting fees in a real browser (Debian's Chromium) against the whole platform and the Stripe emulator's Connect: at
 * a desktop's width and on a 390 px phone, a provider is sent from the hosting fees page to its merchant account,
 * sets it up on Stripe's onboarding page and comes back to an active account; adds a tax rate (the server's refusal
 * under its field first); makes one of its clients a customer; starts a monthly hosting subscription for two of its
 * properties with the tax rate; sees the subscription's open invoice and its payment link, which opens Stripe's
 * invoice page; and is refused deleting the customer while the subscription runs, in the server's words. On the
 * phone no page is wider than the screen. Screenshots go to `test/artifacts/hosting-fees/` (not committed).
 */
jest.setTimeout(180_000);

describe('hosting fees in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
  }, 240_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** The whole page, or with a dialog open only the screen (the dialog covers it). */
  const shot = (page: Page, name: string, fullPage = true) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

  /** A provider with a billing account, two properties and a client, as the pages before this one leave it. */
  async function aProviderWithClient(name: string): Promise<Person> {
    const provider = await it_.signUp(name);
    await provider
      .send('put', '/provider/billing/account', {
        name,
        email: 'accounts@harbour-lights.test',
        address: '1 Harbour Road, Sydney',
        country: 'AU',
        currency: 'aud',
      })
      .expect(200);
    await aProperty(provider, 'Seaside Villa');
    await aProperty(provider, 'Hilltop House');
    await provider
      .send('post', '/provider/clients/create_from_dashboard', {
        client_form: { name: 'Harbour Realty', email_address: 'office@harbour.example' },
      })
      .expect(201);
    return provider;
  }

  async function journey(viewport: { width: number; height: number }, label: string) {
    const phone = viewport.width === PHONE.width;
    const fits = async (page: Page) => {
      if (phone) await fitsTheWidth(page);
    };
    const provider = await aProviderWithClient(`Harbour Lights ${label}`);
    const page = await signedInPage(browser, it_.base, provider, viewport, uncaught);

    // Nothing to bill with yet: the page says what to do first and leads to the merchant account.
    await page.goto(`${it_.base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hosting fees' }).click();
    const gate = page.getByRole('region', { name: 'Your merchant account first' });
    await gate.getByText('Not connected').waitFor();
    await shot(page, `${label}-1-not-connected`);
    await fits(page);
    await gate.getByRole('link', { name: 'Set up your merchant account' }).click();
    const merchant = page.getByRole('region', { name: 'Merchant account' });
    await merchant.getByRole('button', { name: 'Set up with Stripe' }).click();

    // Stripe's onboarding page, then back to the billing page, which waits for Stripe's word.
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(/\/provider\/billing/);
    await merchant.getByText('Active', { exact: true }).waitFor();
    await merchant.getByText('Your clients can pay hosting fees', { exact: false }).waitFor();
    await merchant.screenshot({ path: path.join(SCREENSHOTS, `${label}-2-active.png`) });
    await fits(page);

    // A tax rate: refused without a name first, under the field.
    const rates = merchant.getByRole('region', { name: 'Tax rates' });
    await rates.getByText('No tax rates yet', { exact: false }).waitFor();
    await rates.getByRole('button', { name: 'Add a tax rate' }).click();
    const rateForm = page.getByRole('dialog', { name: 'New tax rate' });
    await rateForm.getByLabel('Percentage').fill('10');
    await rateForm.getByRole('button', { name: 'Add tax rate' }).click();
    await rateForm.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await rateForm.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await shot(page, `${label}-3-tax-rate-refused`, false);
    await rateForm.getByLabel('Name').fill('GST');
    await rateForm.getByLabel('Country').selectOption('AU');
    await rateForm.getByRole('button', { name: 'Add tax rate' }).click();
    await rates.getByRole('table', { name: 'Tax rates' }).getByText('GST').waitFor();
    await rates.getByText('10% exclusive').waitFor();

    // A customer from the provider's clients.
    await page.getByRole('link', { name: 'Bill your clients hosting fees' }).click();
    const tabs = page.getByRole('navigation', { name: 'Hosting fees' });
    await tabs.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'No customers yet' }).waitFor();
    await page.getByRole('button', { name: 'Add customer' }).first().click();
    const customerForm = page.getByRole('dialog', { name: 'New customer' });
    await customerForm.getByLabel('Client').selectOption({ label: 'Harbour Realty' });
    expect(await customerForm.getByLabel('Email').inputValue()).toBe('office@harbour.example');
    await customerForm.getByRole('button', { name: 'Add customer' }).click();
    const customers = page.getByRole('list', { name: 'Customers' });
    await customers.getByRole('heading', { name: 'Harbour Realty' }).waitFor();
    await fits(page);

    // A monthly subscription for two properties, with the tax rate.
    await tabs.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('heading', { name: 'No hosting subscriptions yet' }).waitFor();
    await page.getByRole('button', { name: 'New subscription' }).first().click();
    const form = page.getByRole('dialog', { name: 'New hosting subscription' });
    await form
      .getByRole('combobox', { name: 'Customer', exact: true })
      .selectOption({ label: 'Harbour Realty (office@harbour.example)' });
    await form.getByLabel('Find a property').fill('Seaside');
    await form.getByRole('button', { name: /Seaside Villa/ }).click();
    await form.getByLabel('Add another property').fill('Hilltop');
    await form.getByRole('button', { name: /Hilltop House/ }).click();
    await form.getByRole('list', { name: 'Chosen properties' }).getByText('Hilltop House').waitFor();
    await form.getByLabel('Monthly').check();
    await form.getByLabel('Amount (AUD)').fill('49.50');
    await form.getByLabel('GST 10% exclusive').check();
    await form.getByLabel('Description').fill('Tour hosting, 2 properties');
    await shot(page, `${label}-4-subscription-form`, false);
    await form.getByRole('button', { name: 'Create subscription' }).click();

    await page.getByRole('heading', { level: 2, name: 'Harbour Realty' }).waitFor();
    const details = page.getByRole('region', { name: 'Subscription details' });
    await details.getByText('A$49.50 a month').waitFor();
    await details.getByText('GST 10% exclusive').waitFor();
    const hosted = page.getByRole('list', { name: 'Hosted properties' });
    await hosted.getByRole('link', { name: 'Seaside Villa' }).waitFor();
    await hosted.getByRole('link', { name: 'Hilltop House' }).waitFor();

    // Its first invoice, open, and the payment link to send the client.
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await invoices.getByText('Open', { exact: true }).waitFor();
    await shot(page, `${label}-5-subscription`);
    await fits(page);
    await invoices.getByRole('button', { name: /^Payment link of / }).click();
    const linkDialog = page.getByRole('dialog', { name: /^Payment link of / });
    const link = linkDialog.getByRole('textbox', { name: 'Payment link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/^https?:\/\//);
    await shot(page, `${label}-6-payment-link`, false);
    await fits(page);
    const invoicePage = await fetch(url);
    expect(invoicePage.status).toBe(200);
    await linkDialog.getByRole('button', { name: 'Close' }).first().click();

    // The invoices tab lists it; the customer cannot be deleted while the subscription runs.
    await tabs.getByRole('link', { name: 'Invoices' }).click();
    await page
      .getByRole('list', { name: 'Invoices' })
      .getByText('Harbour Realty', { exact: false })
      .waitFor();
    await tabs.getByRole('link', { name: 'Customers' }).click();
    await customers.getByRole('button', { name: 'Delete Harbour Realty' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Harbour Realty?' })
      .getByRole('button', { name: 'Delete customer' })
      .click();
    await page
      .getByRole('alert')
      .getByText('This customer has a running hosting subscription. Cancel it first.')
      .waitFor();
    await shot(page, `${label}-7-customer-refused`);
    await fits(page);
    await page.context().close();
  }

  it('at a desktop’s width: connects, adds a tax rate, a customer and a subscription for two tours, its invoice’s link', () =>
    journey(DESKTOP, 'desktop'));

  it('on a 390 px phone: the same, nothing wider than the screen', () => journey(PHONE, 'phone'));
});
