import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { enterCard, fitsTheWidth, launchChromium, signedInPage } from './support/browser';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'credits');

const CREDITS_VOUCHER = 'WELCOME-25';
const DISCOUNT_VOUCHER = 'SPRING-20';
const OFFER = 'Spring bonus';
const DATE = /\d{4}-\d{2}-\d{2}/;

/**
 * Credits in a real browser (Debian's Chromium) against the whole platform and Stripe's emulator: the credits
 * page (bundles, the offer for buying credits, pay-as-you-go, the questions and answers), vouchers redeemed on the
 * billing page and the credits page, a purchase at the discounted price with the offer's credits after it, at a
 * desktop's width and a phone's; a plan set to end renewed from the billing page; Stripe's customer portal and its
 * way back. The vouchers and the offer are made through the admin API, as a platform admin.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('credits in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let base: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      // Stripe's portal leads back to APP_URL: the pages' own address here.
      startPlatformWithEmulators({
        env: (emulatorsUrl, gatewayUrl) => ({ ...pagesEnv(webDist, emulatorsUrl), APP_URL: gatewayUrl }),
      }),
      launchChromium(),
    ]);
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });

    const admin = await it_.signIn('admin@demo.test');
    await admin
      .send('post', '/admin/vouchers', { code: CREDITS_VOUCHER.toLowerCase(), credits: 25 })
      .expect(201);
    await admin.send('post', '/admin/vouchers', { code: DISCOUNT_VOUCHER, discount_percent: 20 }).expect(201);
    await admin
      .send('post', '/admin/offers', {
        name: OFFER,
        description: 'A thank-you for your first credits purchase.',
        redeem_action: 'credits_purchased',
        credits: 5,
        ends_at: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      })
      .expect(201);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  const signedIn = (person: Person, viewport: { width: number; height: number }) =>
    signedInPage(browser, base, person, viewport, uncaught);

  /** A new provider whose billing information is saved (usd), so it can pay. */
  async function aProvider(name: string): Promise<Person> {
    const person = await it_.signUp(name);
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: `accounts@${name.toLowerCase().replace(/\W+/g, '-')}.test`,
        address: '1 Harbour Road, Wellington',
        country: 'NZ',
        currency: 'usd',
      })
      .expect(200);
    return person;
  }

  /**
   * The journey both widths take: a credits voucher (on the billing page, or on the credits page: `creditsVoucherOn`)
   * and a discount voucher on the billing page, the credits page, and the small bundle bought at the discount with a
   * Visa typed into the card element; the offer's credits follow. Screenshots named after `shots`.
   */
  async function buysCreditsWithVouchers(
    page: Page,
    shots: string,
    creditsVoucherOn: 'billing' | 'credits',
  ): Promise<void> {
    await page.goto(`${base}/provider/billing`);
    const credits = page.getByRole('region', { name: 'Credits', exact: true });
    const available = credits.getByRole('definition').first();
    await available.getByText('0 credits', { exact: true }).waitFor();
    const history = page.getByRole('region', { name: 'Credit history' });
    await history.getByText(/No credits yet/).waitFor();
    if (creditsVoucherOn === 'billing') await redeemsCreditsVoucher(credits, available);

    // A discount voucher: it waits for the next purchase, and the section says so.
    await credits.getByRole('textbox', { name: 'Voucher code' }).fill(DISCOUNT_VOUCHER);
    await credits.getByRole('button', { name: 'Redeem' }).click();
    await credits
      .getByRole('status')
      .getByText(`Voucher ${DISCOUNT_VOUCHER} redeemed: 20% off your next credits purchase.`, { exact: true })
      .waitFor();
    await credits.getByText(`20% off your next credits purchase (voucher ${DISCOUNT_VOUCHER})`).waitFor();
    await credits.scrollIntoViewIfNeeded();
    await credits.screenshot({ path: path.join(SCREENSHOTS, `${shots}-credits-section.png`) });

    // The credits page: the bundles with their savings (the voucher's discount in their prices), the offer.
    await credits.getByRole('link', { name: 'Prices and FAQ' }).click();
    await page.getByRole('heading', { name: 'Credits', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/provider/billing/credits');
    const balance = page.getByRole('region', { name: 'Your credits' });
    const balanceAvailable = balance.getByRole('definition').first();
    await balance.getByText(`20% off your next credits purchase (voucher ${DISCOUNT_VOUCHER})`).waitFor();
    if (creditsVoucherOn === 'credits') {
      await balanceAvailable.getByText('0 credits', { exact: true }).waitFor();
      await redeemsCreditsVoucher(
        page.getByRole('region', { name: 'Voucher', exact: true }),
        balanceAvailable,
      );
    }
    await balanceAvailable.getByText('25 credits', { exact: true }).waitFor();
    const bundles = page.getByRole('region', { name: 'Bundles' });
    const small = bundles.getByRole('article', { name: 'Small bundle' });
    await small.getByText('10 credits', { exact: true }).waitFor();
    await small.getByText('Save 10%').waitFor();
    await small.getByText('$7.20', { exact: true }).waitFor(); // $10.00 less 10%, less the voucher's 20%
    await small.getByText('$0.72 a credit').waitFor();
    await small.getByText(`With 20% off from voucher ${DISCOUNT_VOUCHER}`).waitFor();
    const medium = bundles.getByRole('article', { name: 'Medium bundle' });
    await medium.getByText('50 credits', { exact: true }).waitFor();
    await medium.getByText('Save 20%').waitFor();
    await medium.getByText('$32.00', { exact: true }).waitFor();
    const large = bundles.getByRole('article', { name: 'Large bundle' });
    await large.getByText('Save 30%').waitFor();
    await large.getByText('$56.00', { exact: true }).waitFor();
    await large.getByText('$0.56 a credit').waitFor();
    const offer = page.getByRole('region', { name: 'Offer', exact: true });
    await offer.getByText(`Buy credits and receive 5 bonus credits: ${OFFER}`).waitFor();
    await offer.getByText(new RegExp(`^Ends on ${DATE.source}\\.$`)).waitFor();

    // An answer of the questions and answers, opened from the keyboard; another with a tap.
    const faq = page.getByRole('region', { name: 'Questions and answers' });
    const answer = faq.getByText('No. Credits never expire: use them whenever you need them.');
    expect(await answer.isVisible()).toBe(false);
    await faq.getByText('Do credits expire?').focus();
    await page.keyboard.press('Enter');
    await answer.waitFor();
    await faq.getByText('What does "reserved" mean?').click();
    await faq.getByText(/given back if the order is cancelled/).waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-credits-page.png`), fullPage: true });

    // The small bundle, at the discounted price: the summary shows the bundle's saving and the voucher's.
    await small.getByRole('button', { name: 'Buy the small bundle' }).click();
    const modal = page.getByRole('dialog', { name: 'Buy credits' });
    expect(await modal.getByRole('radio', { name: /Small bundle/ }).isChecked()).toBe(true);
    await modal.getByText(`Buy credits and receive 5 bonus credits: ${OFFER}`).waitFor();
    const price = modal.getByRole('table', { name: 'Credits price' });
    await price.getByText('10 credits × $1.00').waitFor();
    await price
      .getByRole('row', { name: /Bundle saving \(10%\)/ })
      .getByText('-$1.00')
      .waitFor();
    await price
      .getByRole('row', { name: new RegExp(`Voucher ${DISCOUNT_VOUCHER} \\(20%\\)`) })
      .getByText('-$1.80')
      .waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$7.20').waitFor();
    const card = modal.getByRole('region', { name: 'Card', exact: true });
    await enterCard(card, '4242 4242 4242 4242');
    await card.getByText(/•••• 4242/).waitFor();
    await fitsTheWidth(page);
    await price.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-purchase-modal.png`) });
    await modal.getByRole('button', { name: 'Pay $7.20' }).click();

    const added = page.getByRole('dialog', { name: 'Credits added' });
    // The offer's credits may be in the balance already (Stripe's webhook can reach billing first) or not yet.
    await added.getByText(/^10 credits added\. You have (35|40) credits available\.$/).waitFor();
    await added.getByText(`With the offer ${OFFER} you also receive 5 credits.`).waitFor();
    await added.getByRole('button', { name: 'Done' }).click();
    await added.waitFor({ state: 'detached' });
    // The discount is used, the offer given: its credits arrive, and neither is offered any more.
    await balanceAvailable.getByText('40 credits', { exact: true }).waitFor();
    await offer.waitFor({ state: 'detached' });
    expect(await balance.getByText(/off your next credits purchase/).count()).toBe(0);
    await small.getByText('$9.00', { exact: true }).waitFor();

    // Back on the billing page, the history has the voucher, the purchase and the offer.
    await page.getByRole('link', { name: '← Accounts and billing' }).click();
    await page.getByRole('heading', { name: 'Accounts and billing', level: 1 }).waitFor();
    const rows: Array<[RegExp, string]> = [
      [new RegExp(`Voucher ${CREDITS_VOUCHER}`), '+25'],
      [/Credits purchased/, '+10'],
      [new RegExp(`Offer: ${OFFER}`), '+5'],
    ];
    for (const [name, amount] of rows)
      await history.getByRole('row', { name }).getByText(amount, { exact: true }).waitFor();
    await fitsTheWidth(page);
  }

  /**
   * In `where` (the billing page's Credits section, or the credits page's Voucher): a code that is no voucher
   * refused under the field in the server's words, then the credits voucher typed as people type codes.
   */
  async function redeemsCreditsVoucher(where: Locator, available: Locator): Promise<void> {
    const code = where.getByRole('textbox', { name: 'Voucher code' });
    const redeem = where.getByRole('button', { name: 'Redeem' });
    await code.fill('NOT-A-VOUCHER');
    await redeem.click();
    await where.getByText('This voucher code is not valid; check it and try again.').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await code.fill(` ${CREDITS_VOUCHER.toLowerCase()} `);
    await redeem.click();
    await where
      .getByRole('status')
      .getByText(`Voucher ${CREDITS_VOUCHER} redeemed: 25 credits added.`, { exact: true })
      .waitFor();
    expect(await code.inputValue()).toBe('');
    await available.getByText('25 credits', { exact: true }).waitFor();
  }

  it('at a desktop’s width, redeems vouchers, shows the credits page, and buys the small bundle at the discounted price', async () => {
    const person = await aProvider('Lighthouse Credits');
    const page = await signedIn(person, DESKTOP);
    await buysCreditsWithVouchers(page, 'desktop', 'billing');

    await it_.settled();
    expect((await person.get('/provider/billing/account/credit_balance')).body.data).toEqual({
      credit_balance: 40,
      available_balance: 40,
      reserved_balance: 0,
    });
    const purchases = (await person.get('/provider/billing/credit_purchases')).body.data.items;
    expect(purchases).toEqual([
      expect.objectContaining({
        credits_qty: 10,
        amount_in_cents: 720,
        voucher_code: DISCOUNT_VOUCHER,
        voucher_discount_percent: 20,
      }),
    ]);
    await page.context().close();
  });

  it('on a phone, opens the credits page on a quantity to buy, and takes the same journey without scrolling sideways', async () => {
    const person = await aProvider('Kiwi Credits');
    const phone = await signedIn(person, PHONE);

    // Where the insufficient-credits modal's "Buy credits" leads: pay-as-you-go on the credits an order lacks.
    await phone.goto(`${base}/provider/billing/credits?credits_qty=12`);
    const payAsYouGo = phone.getByRole('region', { name: 'Pay as you go' });
    const quantity = payAsYouGo.getByRole('textbox', { name: 'Number of credits' });
    expect(await quantity.inputValue()).toBe('12');
    const price = payAsYouGo.getByRole('table', { name: 'Credits price' });
    await price.getByText('12 credits × $1.00').waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$10.80').waitFor();
    // Brought into view, and kept there as the page's other parts load above it.
    await phone.getByRole('region', { name: 'Bundles' }).getByText('$9.00', { exact: true }).waitFor();
    const { y, height } = (await payAsYouGo.getByRole('heading').boundingBox())!;
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + height).toBeLessThanOrEqual(PHONE.height);
    await quantity.fill('7');
    await price.getByText('7 credits × $1.00').waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$7.00').waitFor();
    await payAsYouGo.getByRole('button', { name: 'Buy 7 credits' }).click();
    const modal = phone.getByRole('dialog', { name: 'Buy credits' });
    expect(await modal.getByRole('radio', { name: /Pay as you go/ }).isChecked()).toBe(true);
    expect(await modal.getByRole('textbox', { name: 'Number of credits' }).inputValue()).toBe('7');
    await fitsTheWidth(phone);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await buysCreditsWithVouchers(phone, 'phone', 'credits');
    await phone.context().close();
  });

  it('renews a plan set to end, after saying which plan, when, at what price and on which card', async () => {
    const person = await aProvider('Renewal Media');
    const visa = await it_.saveCard(person, 'pm_card_visa');
    await person
      .send('post', '/provider/billing/set_default_payment_method', { payment_method_id: visa })
      .expect(200);
    await person
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: visa,
        },
      })
      .expect(200);
    // Choosing the free plan ends the paid one at the end of its period.
    await person
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: { product_code: 'free_tier_plan', interval: 'month' },
      })
      .expect(200);
    const ending = (await person.get('/provider/billing/service_plan_subscription')).body.data;
    expect(ending).toMatchObject({ product_code: 'starter_plan', cancel_at_period_end: true });

    const page = await signedIn(person, DESKTOP);
    await page.goto(`${base}/provider/billing`);
    const overview = page.getByRole('region', { name: 'Subscription', exact: true });
    await overview.getByText('Ends on', { exact: true }).waitFor();
    await overview
      .getByText(
        new RegExp(
          `^Your Starter \\(monthly\\) plan ends on ${DATE.source}\\. After that you are on the Free plan\\.$`,
        ),
      )
      .waitFor();
    expect(await overview.getByRole('button', { name: 'Cancel scheduled change' }).count()).toBe(0);

    // "Keep it ending" changes nothing.
    await overview.getByRole('button', { name: 'Renew plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Renew your plan' });
    await modal.getByRole('button', { name: 'Keep it ending' }).click();
    await modal.waitFor({ state: 'detached' });
    await overview.getByText('Ends on', { exact: true }).waitFor();

    await overview.getByRole('button', { name: 'Renew plan' }).click();
    const details = modal.getByRole('definition');
    await details.getByText('Starter (monthly)', { exact: true }).waitFor();
    await details.getByText(DATE).first().waitFor();
    await details.getByText('$19.95 a month', { exact: true }).waitFor();
    await details.getByText('Visa •••• 4242, your default card', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-renew-modal.png') });
    // The same modal on a phone's width: full screen, nothing past the edge.
    await page.setViewportSize(PHONE);
    await modal.getByRole('button', { name: 'Keep it ending' }).waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-renew-modal.png') });
    await page.setViewportSize(DESKTOP);
    await modal.getByRole('button', { name: 'Renew', exact: true }).click();
    await modal.waitFor({ state: 'detached' });

    await overview
      .getByRole('status')
      .getByText(new RegExp(`^Your Starter \\(monthly\\) plan renews on ${DATE.source}\\.$`))
      .waitFor();
    await overview.getByText('Renews on', { exact: true }).waitFor();
    expect(await overview.getByRole('button', { name: 'Renew plan' }).count()).toBe(0);
    expect((await person.get('/provider/billing/service_plan_subscription')).body.data).toMatchObject({
      product_code: 'starter_plan',
      cancel_at_period_end: false,
      next_product: null,
    });

    // Stripe's customer portal, and its way back to the page it was opened from.
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByText(/Your cards, invoices and billing details/).waitFor();
    await invoices.getByRole('button', { name: "Open Stripe's billing portal" }).click();
    await page.getByRole('heading', { name: 'Billing portal' }).waitFor();
    await page.getByText('visa ending in 4242').waitFor();
    await page.getByRole('link', { name: 'Return to the site' }).click();
    await page.getByRole('heading', { name: 'Accounts and billing', level: 1 }).waitFor();
    expect(page.url()).toBe(`${base}/provider/billing`);
    await invoices.getByRole('button', { name: "Open Stripe's billing portal" }).waitFor();
    await page.context().close();
  });
});
