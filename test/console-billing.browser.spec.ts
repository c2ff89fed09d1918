import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { fitsTheWidth, launchChromium, signedInPage, signInAsDemoAdmin } from './support/browser';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-billing');

const CSV_HEADER =
  'provider_id,billing_name,billing_email,redeemed_at,redeemed_by,credits,discount_percent,payment_intent_id,used_at';
const CREDITS_VOUCHER = 'SPRING-50';
const DISCOUNT_VOUCHER = 'WELCOME-20';
const REDEEMING_PROVIDER = 'Seaside Media';
const ADJUSTED_PROVIDER = 'Harbour Lights';
const OFFER = 'First credits bonus';
/** The providers list's address once a search for the adjusted provider has settled (query keys sorted). */
const SEARCHED_HARBOUR = /filter=.*Harbour.*perPage=100/;

/**
 * The admin console's billing screens (issue 14) in a real browser (Debian's Chromium) against the whole platform:
 * an admin makes a credits voucher (the server's word on a past expiry under its field), downloads its CSV, a
 * provider redeems it on the billing page, and the voucher then shows the redemption, in a new CSV too; a provider's
 * credits adjusted with a category (the refusal to go below zero under the amount first) and a bundle given; an
 * offer made (its dates refused under their field first) and found by its action; the vouchers list, a voucher's
 * page, the offer form and a provider's credits on a phone, where a voucher is archived after its question.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the console’s billing screens in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let base: string;
  /** The platform admin, signed in from the sign-in page at a desktop's width. */
  let admin: Page;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({ env: (emulatorsUrl) => pagesEnv(webDist, emulatorsUrl) }),
      launchChromium(),
    ]);
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await signInAsAdmin();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /** The demo platform admin, signed in from the sign-in page at a desktop's width. */
  const signInAsAdmin = () => signInAsDemoAdmin(browser, base, DESKTOP, uncaught);

  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
  /** A list's row on a phone: a block of the list named `list`. */
  const block = (page: Page, list: string, text: string) =>
    page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
  /** The value a block shows for one of its table's columns. */
  const detail = (scope: Locator, label: string) =>
    scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  /** Picks an option of a react-admin SelectInput (MUI's select: a combobox and its listbox). */
  async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Saves what a click downloads and reads it: its name and its lines (CRLF, RFC 4180). */
  async function downloaded(
    page: Page,
    click: () => Promise<void>,
  ): Promise<{ name: string; lines: string[] }> {
    const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
    const file = await download.path();
    const lines = readFileSync(file, 'utf8')
      .split('\r\n')
      .filter((line) => line !== '');
    return { name: download.suggestedFilename(), lines };
  }

  /** The are-you-sure question an adjustment of credits asks first, answered yes. */
  async function confirmAdjustment(page: Page, signed: string): Promise<void> {
    const question = page.getByRole('dialog', {
      name: `Adjust the credits of ${ADJUSTED_PROVIDER} by ${signed}?`,
    });
    await question.getByRole('button', { name: 'Adjust credits' }).click();
    await question.waitFor({ state: 'detached' });
  }

  /** Nothing of the page reaches past a phone's width (a wide table scrolls inside its own box). */
  async function fitsThePhone(page: Page): Promise<void> {
    await fitsTheWidth(page);
  }

  it('makes a credits voucher, downloads its CSV, and shows the redemption a provider then made', async () => {
    const provider = await it_.signUp(REDEEMING_PROVIDER);
    const page = admin;
    await page.goto(`${base}/admin/vouchers`);
    await page.getByRole('link', { name: 'New voucher' }).click();
    await page.waitForURL(`${base}/admin/vouchers/create`);

    // Credits are the default, with the promotional category; a past expiry is refused under its field.
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(CREDITS_VOUCHER.toLowerCase());
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Spring campaign: 50 credits to start with');
    expect(await page.getByRole('radio', { name: 'Credits, added at once' }).isChecked()).toBe(true);
    await page.getByRole('spinbutton', { name: 'Credits' }).fill('50');
    await page.getByRole('combobox', { name: 'Category' }).getByText('Promotional').waitFor();
    await page.getByRole('spinbutton', { name: 'Redemption limit' }).fill('10');
    const expiry = page.getByLabel('Expires at');
    await expiry.fill('2020-01-31T12:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be in the future').waitFor();
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'desktop-voucher-form-refused.png'),
      fullPage: true,
    });

    await expiry.fill(`${new Date().getFullYear() + 2}-12-31T23:30`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Voucher ${CREDITS_VOUCHER} created.`).waitFor();
    await page.waitForURL(`${base}/admin/vouchers`);
    const voucherRow = row(page, CREDITS_VOUCHER);
    await voucherRow.getByRole('cell', { name: '50 credits', exact: true }).waitFor();
    await voucherRow.getByRole('cell', { name: '0 of 10', exact: true }).waitFor();
    await voucherRow.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-vouchers.png'), fullPage: true });

    // Nobody has redeemed it yet: the CSV is its header row alone.
    const before = await downloaded(page, () =>
      voucherRow.getByRole('button', { name: `Download CSV of ${CREDITS_VOUCHER}` }).click(),
    );
    expect(before.name).toBe(`voucher-${CREDITS_VOUCHER}-redemptions.csv`);
    expect(before.lines).toEqual([CSV_HEADER]);

    await redeemOnTheBillingPage(provider, CREDITS_VOUCHER.toLowerCase());

    // Back in the console: one redemption, in the list, on the voucher's page and in a new CSV.
    await page.reload();
    await row(page, CREDITS_VOUCHER).getByRole('cell', { name: '1 of 10', exact: true }).waitFor();
    await row(page, CREDITS_VOUCHER)
      .getByRole('link', { name: `Edit ${CREDITS_VOUCHER}` })
      .click();
    await page.getByText('1 of 10 redemptions', { exact: true }).waitFor();
    // What a provider received no longer changes: the code is read-only, the limit still moves.
    expect(
      await page.getByRole('textbox', { name: 'Code', exact: true }).getAttribute('readonly'),
    ).not.toBeNull();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-voucher-edit.png'), fullPage: true });
    const after = await downloaded(page, () =>
      page.getByRole('button', { name: `Download CSV of ${CREDITS_VOUCHER}` }).click(),
    );
    expect(after.name).toBe(`voucher-${CREDITS_VOUCHER}-redemptions.csv`);
    expect(after.lines).toHaveLength(2);
    expect(after.lines[0]).toBe(CSV_HEADER);
    expect(after.lines[1]!.split(',')[0]).toBe(provider.providerId);
    expect(after.lines[1]!.split(',')[5]).toBe('50');
  });

  /** The provider's admin redeems a code in the billing page's Credits section. */
  async function redeemOnTheBillingPage(provider: Person, code: string): Promise<void> {
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await page.goto(`${base}/provider/billing`);
    const credits = page.getByRole('region', { name: 'Credits', exact: true });
    await credits.getByLabel('Voucher code').fill(code);
    await credits.getByRole('button', { name: 'Redeem' }).click();
    await credits.getByText(`Voucher ${code.toUpperCase()} redeemed: 50 credits added.`).waitFor();
    await page.context().close();
  }

  it("adjusts a provider's credits with a category, refused below zero, and gives it a bundle", async () => {
    await it_.signUp(ADJUSTED_PROVIDER);
    const page = admin;
    await page.goto(`${base}/admin/providers`);
    await page.getByRole('textbox', { name: 'Name or subdomain' }).fill('Harbour');
    // The search, then its page size (100 while searching), go in the address once the typing has settled: a click
    // before would be undone by them.
    await page.waitForURL(SEARCHED_HARBOUR);
    // The provider's page, at its Credits tab.
    await page.getByRole('link', { name: `Credits of ${ADJUSTED_PROVIDER}` }).click();
    await page.waitForURL(/\/admin\/providers\/[^/]+\/show\/credits$/);
    await page.getByRole('heading', { name: ADJUSTED_PROVIDER, level: 1 }).waitFor();
    const balance = page.getByRole('region', { name: 'Balance' });
    await balance.getByText('0 credits').first().waitFor();

    // Taking away more than it has: the server's refusal under the amount.
    await balance.getByRole('button', { name: 'Adjust credits' }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust credits of ${ADJUSTED_PROVIDER}` });
    await choose(adjust, page, 'Category', 'Customer service issue');
    await adjust.getByRole('spinbutton', { name: 'Amount' }).fill('-5');
    await adjust.getByRole('button', { name: 'Adjust credits' }).click();
    await confirmAdjustment(page, '−5');
    await adjust.getByText("would take the provider's available credits below zero").waitFor();
    expect(await adjust.getByRole('spinbutton', { name: 'Amount' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-adjust-refused.png') });
    await adjust.getByRole('spinbutton', { name: 'Amount' }).fill('20');
    await adjust.getByRole('textbox', { name: 'Note', exact: true }).fill('Sorry for the late floor plan');
    await adjust.getByRole('button', { name: 'Adjust credits' }).click();
    await confirmAdjustment(page, '+20');
    await page.getByText(`Credits adjusted by +20: ${ADJUSTED_PROVIDER} has 20 credits available.`).waitFor();
    await adjust.waitFor({ state: 'detached' });
    await balance.getByText('20 credits').waitFor();
    const adjustments = page.getByRole('region', { name: 'Adjustments' });
    await row(page, 'Sorry for the late floor plan').first().waitFor();
    await adjustments.getByText('Customer service issue').waitFor();
    await adjustments.getByText('+20').waitFor();

    await balance.getByRole('button', { name: 'Give credits' }).click();
    const give = page.getByRole('dialog', { name: `Give credits to ${ADJUSTED_PROVIDER}` });
    await give.getByRole('spinbutton', { name: 'Credits' }).fill('30');
    await choose(give, page, 'Category', 'Customer loyalty');
    await give.getByRole('textbox', { name: 'Note', exact: true }).fill('Loyalty pack');
    await give.getByRole('button', { name: 'Give credits' }).click();
    await page.getByText(`30 credits given to ${ADJUSTED_PROVIDER}.`).waitFor();
    await give.waitFor({ state: 'detached' });
    await balance.getByText('50 credits').waitFor();
    const bundles = page.getByRole('region', { name: 'Credit bundles' });
    await row(page, 'Loyalty pack').getByText('Given by an admin').waitFor();
    await bundles.getByText('Customer loyalty').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-provider-credits.png'), fullPage: true });

    // Every provider's bundles, filtered by this one through the providers picker.
    await page.getByRole('menuitem', { name: 'Credit bundles' }).click();
    await page.waitForURL(/\/admin\/credit_bundles/);
    await row(page, REDEEMING_PROVIDER).first().waitFor();
    await page.getByRole('combobox', { name: 'Provider', exact: true }).fill('Harbour');
    // The options narrow once the search has answered; an option clicked before that is re-rendered away.
    await page.getByRole('option', { name: REDEEMING_PROVIDER }).waitFor({ state: 'detached' });
    await page.getByRole('option', { name: ADJUSTED_PROVIDER }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.waitForURL(/filter=/);
    await row(page, REDEEMING_PROVIDER).first().waitFor({ state: 'detached' });
    await row(page, 'Loyalty pack').getByRole('link', { name: ADJUSTED_PROVIDER }).waitFor();
    await row(page, 'Sorry for the late floor plan').getByText('Adjustment').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-credit-bundles.png'), fullPage: true });
  });

  it('makes an offer, its dates refused under their field first, and finds it by its action', async () => {
    const page = admin;
    await page.goto(`${base}/admin/offers/create`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(OFFER);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('5 credits with the first credits purchase');
    await choose(page, page, 'Given when the provider', 'Buys credits');
    await page.getByRole('spinbutton', { name: 'Credits' }).fill('5');
    await choose(page, page, 'Category', 'Customer retention');
    const year = new Date().getFullYear() + 1;
    await page.getByLabel('Starts at').fill(`${year}-06-01T09:00`);
    await page.getByLabel('Ends at').fill(`${year}-05-01T09:00`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be after starts_at').waitFor();
    expect(await page.getByLabel('Ends at').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-offer-form-refused.png'), fullPage: true });

    await page.getByLabel('Ends at').fill(`${year}-06-30T18:00`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Offer “${OFFER}” created.`).waitFor();
    await page.waitForURL(`${base}/admin/offers`);
    const offerRow = row(page, OFFER);
    await offerRow.getByRole('cell', { name: 'Buys credits', exact: true }).waitFor();
    await offerRow.getByRole('cell', { name: '5 credits', exact: true }).waitFor();
    await offerRow.getByRole('cell', { name: 'Scheduled', exact: true }).waitFor();
    await offerRow.getByText(`${year}-06-01 09:00`).waitFor();

    // Another action's offers leave it out; its own bring it back.
    await choose(page, page, 'Action', 'Completes sign-up');
    await offerRow.waitFor({ state: 'detached' });
    await choose(page, page, 'Action', 'Buys credits');
    await offerRow.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-offers.png'), fullPage: true });
  });

  it('fits the vouchers, a voucher, the offer form and a provider’s credits on a phone, and archives a voucher after asking', async () => {
    const api = await it_.signIn('admin@demo.test');
    await api.send('post', '/admin/vouchers', { code: DISCOUNT_VOUCHER, discount_percent: 20 }).expect(201);
    const page = admin;
    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${base}/admin/vouchers`);
      // On a phone each voucher is a block of its own: its columns as lines, its actions under them.
      const discountRow = block(page, 'Vouchers', DISCOUNT_VOUCHER);
      await discountRow.getByText('20% off the next credits purchase').waitFor();
      // Without a limit, the redemptions alone.
      expect((await detail(discountRow, 'Redemptions').innerText()).trim()).toBe('0');
      // Each row action says what it does, on a phone too.
      for (const [role, name, text] of [
        ['link', `Edit ${DISCOUNT_VOUCHER}`, 'Edit'],
        ['button', `Download CSV of ${DISCOUNT_VOUCHER}`, 'Download CSV'],
        ['button', `Archive voucher ${DISCOUNT_VOUCHER}`, 'Archive'],
      ] as const) {
        const action = discountRow.getByRole(role, { name });
        expect((await action.innerText()).trim().toLowerCase()).toBe(text.toLowerCase());
        expect((await action.boundingBox())?.width).toBeGreaterThan(40);
      }
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-vouchers.png'), fullPage: true });

      await discountRow.getByRole('button', { name: `Archive voucher ${DISCOUNT_VOUCHER}` }).click();
      const question = page.getByRole('dialog', { name: `Archive voucher ${DISCOUNT_VOUCHER}?` });
      await question.getByText('Providers can no longer redeem it').waitFor();
      await question.getByRole('button', { name: 'Archive' }).click();
      await page.getByText(`Voucher ${DISCOUNT_VOUCHER} archived.`).waitFor();
      await discountRow.waitFor({ state: 'detached' });

      await block(page, 'Vouchers', CREDITS_VOUCHER)
        .getByRole('link', { name: `Edit ${CREDITS_VOUCHER}` })
        .click();
      await page.getByText('1 of 10 redemptions', { exact: true }).waitFor();
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-voucher-edit.png'), fullPage: true });

      await page.goto(`${base}/admin/offers/create`);
      await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-offer-form.png'), fullPage: true });

      await page.goto(`${base}/admin/providers`);
      await page.getByRole('textbox', { name: 'Name or subdomain' }).fill('Harbour');
      await page.waitForURL(SEARCHED_HARBOUR);
      await page.getByRole('link', { name: `Credits of ${ADJUSTED_PROVIDER}` }).click();
      await page.getByRole('region', { name: 'Balance' }).getByText('50 credits').waitFor();
      await row(page, 'Loyalty pack').waitFor();
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-provider-credits.png'), fullPage: true });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
