import type { Browser, Page } from 'playwright-core';
import { Database, uuidv7 } from '@tourly/platform';
import { completeAuthentication, enterCard, fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Billing in a real browser (Debian's Chromium) against the whole platform, Stripe's emulator and its Stripe.js
 * stand-in: the card element, 3-D Secure, webhooks and test clocks as Stripe would run them. One provider goes
 * from the free plan to Starter, Creator with 3-D Secure, and a scheduled downgrade the test clock carries out;
 * another, on a phone, meets a coupon that does not exist and a declined card.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(90_000);

describe('billing in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  let page: Page;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
    provider = await it_.signUp('Lighthouse Media');
    page = await signedIn(provider, DESKTOP);
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const signedIn = (person: Person, viewport: { width: number; height: number }) =>
    signedInPage(browser, base, person, viewport, uncaught);

  const overview = () => page.getByRole('region', { name: 'Subscription', exact: true });
  /** The plan the overview lists (not the one a scheduled change names). */
  const currentPlan = (label: string) => overview().getByRole('definition').getByText(label, { exact: true });

  /**
   * A provider on Starter monthly whose renewal failed (past_due): paid with a Visa, then the default card is one
   * that attaches but fails every charge (4000 0000 0000 0341), and the test clock passes the period's end.
   */
  async function aFailedRenewal(name: string): Promise<Person> {
    const person = await it_.signUp(name);
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: `accounts@${name.toLowerCase().replace(/\W+/g, '-')}.test`,
        address: '4 Wharf Street, Hobart',
        country: 'AU',
        currency: 'aud',
      })
      .expect(200);
    const visa = await it_.saveCard(person, 'pm_card_visa');
    await person
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: visa,
        },
      })
      .expect(200);
    const failing = await it_.saveCard(person, 'pm_card_chargeCustomerFail');
    await person
      .send('post', '/provider/billing/set_default_payment_method', { payment_method_id: failing })
      .expect(200);
    await pastThePeriodEnd(person);
    return person;
  }

  /** Once everything in flight has settled, the provider's test clock moves to an hour after the period ends. */
  async function pastThePeriodEnd(person: Person): Promise<void> {
    await it_.settled();
    const { current_period_end: periodEnd } = (
      await person.get('/provider/billing/service_plan_subscription')
    ).body.data;
    const clock = (await person.get('/provider/billing/test_clock')).body.data.test_clock;
    await person
      .send('post', '/provider/billing/advance_test_clock', {
        test_clock_id: clock.id,
        time: new Date(Date.parse(periodEnd) + 60 * 60 * 1000).toISOString(),
      })
      .expect(200);
    await it_.settled();
  }

  it('moves a new provider from the free plan to Starter monthly, paid with a card typed into the card element', async () => {
    await page.goto(`${base}/provider/properties`);
    const banner = page.getByRole('region', { name: 'Plan notice' });
    await banner.getByText('Publishing and sharing them come with a paid plan.').waitFor();
    await banner.getByRole('button', { name: 'Upgrade' }).click();

    // Plan selection: annual by default (000 §9), prices per month in the account's currency (usd until saved).
    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    const starter = modal.getByRole('article', { name: 'Starter' });
    await starter.getByText('$16.63').waitFor(); // 19950 / 12, rounded
    await starter.getByText('$199.50 billed annually').waitFor();
    await modal.getByText('Save 17%').waitFor();
    expect(await modal.getByRole('article', { name: 'Free' }).getByRole('button').isDisabled()).toBe(true);
    await modal.getByRole('radio', { name: 'Monthly' }).check();
    await starter.getByText('$19.95').waitFor();
    await modal.getByRole('article', { name: 'Pro' }).getByText('$99.95', { exact: true }).waitFor();
    await starter.getByRole('button', { name: 'Upgrade' }).click();

    // Confirmation: the billing information first (its 'Required', then the server's word on the email).
    const confirmation = page.getByRole('dialog', { name: 'Confirm your plan' });
    await confirmation.getByRole('region', { name: 'Order summary' }).getByText('$19.95').first().waitFor();
    const confirm = confirmation.getByRole('button', { name: 'Confirm', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    const info = confirmation.getByRole('region', { name: 'Billing information' });
    await info.getByRole('button', { name: 'Save billing information' }).click();
    await confirmation.getByText('The form contains 4 error(s)').waitFor();
    await info.getByLabel('Name').fill('Lighthouse Media');
    await info.getByLabel('Email').fill('accounts at lighthouse');
    await info.getByLabel('Address').fill('1 Harbour Road, Wellington');
    await info.getByLabel('Country').selectOption('NZ');
    await info.getByRole('button', { name: 'Save billing information' }).click();
    await info.getByText('Email is not a valid email address').waitFor();
    await confirmation.getByText('The form contains 1 error(s)').waitFor();
    await info.getByLabel('Email').fill('accounts@lighthouse.test');
    await info.getByRole('button', { name: 'Save billing information' }).click();
    await info.getByText('Billing information complete').waitFor();
    expect(await confirmation.getByText(/The form contains/).count()).toBe(0);

    const card = confirmation.getByRole('region', { name: 'Card', exact: true });
    await enterCard(card, '4242 4242 4242 4242');
    await card.getByText('Visa •••• 4242').waitFor();
    await confirm.click();

    await page
      .getByRole('dialog', { name: 'Plan updated' })
      .getByText('You are on the Starter plan, billed monthly.')
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await banner.waitFor({ state: 'detached' });

    // The billing page lists the paid first invoice with Stripe's PDF, and the overview says what comes next.
    await page.goto(`${base}/provider/billing`);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const invoice = invoices.getByRole('row').filter({ hasText: 'Paid' });
    await invoice.getByRole('cell', { name: '$19.95', exact: true }).waitFor();
    await invoice.getByRole('cell', { name: /Starter/ }).waitFor();
    const pdf = invoice.getByRole('link', { name: /^Download PDF of invoice / });
    const pdfAnswer = await fetch((await pdf.getAttribute('href'))!);
    expect(pdfAnswer.headers.get('content-type')).toBe('application/pdf');
    await overview()
      .getByText(/^\$19\.95 on \d{4}-\d{2}-\d{2}$/)
      .waitFor();
  });

  it('upgrades to Creator with a card that asks for 3-D Secure, authenticated in Stripe’s window', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Accounts and billing' }).click();
    await page.getByRole('heading', { name: 'Accounts and billing', level: 1 }).waitFor();
    await currentPlan('Starter (monthly)').waitFor();
    await overview().getByText('Renews on').waitFor();
    await overview().getByRole('button', { name: 'Upgrade plan' }).click();

    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    const current = modal
      .getByRole('article', { name: 'Starter' })
      .getByRole('button', { name: 'Current plan' });
    expect(await current.isDisabled()).toBe(true);
    expect(await modal.getByRole('article', { name: 'Free' }).count()).toBe(0); // tiers below are hidden
    await modal.getByRole('article', { name: 'Creator' }).getByRole('button', { name: 'Upgrade' }).click();

    const confirmation = page.getByRole('dialog', { name: 'Confirm your plan' });
    await confirmation.getByText('Billing information complete').waitFor();
    const card = confirmation.getByRole('region', { name: 'Card', exact: true });
    await card.getByText('Visa •••• 4242').waitFor();
    await card.getByRole('button', { name: 'Add another card' }).click();
    await enterCard(card, '4000 0027 6000 3184');
    await completeAuthentication(page); // saving the card
    expect(await card.getByRole('radio', { name: /•••• 3184/ }).isChecked()).toBe(true);
    await confirmation.getByRole('button', { name: 'Confirm', exact: true }).click();
    await completeAuthentication(page); // paying with it

    await page
      .getByRole('dialog', { name: 'Plan updated' })
      .getByText('You are on the Creator plan, billed monthly.')
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await currentPlan('Creator (monthly)').waitFor();
  });

  it('schedules a downgrade showing the premium tours that turn basic, cancels it, and lets the test clock carry it out', async () => {
    // 22 premium tours: Starter keeps the 20 newest (a test builder, into properties' table).
    for (let index = 1; index <= 22; index += 1) {
      await it_.propertiesDb.dataSource.query(
        `INSERT INTO properties (id, provider_id, slug, title, address, matterport_key, premium, premium_since)
         VALUES ($1, $2, $3, $4, '1 Harbour Road', 'SxQL3iGyoDo', true, now() - make_interval(days => $5))`,
        [
          uuidv7(),
          provider.providerId,
          `harbour-view-${index}`,
          `Harbour View ${String(index).padStart(2, '0')}`,
          100 - index,
        ],
      );
    }
    // Renewals go to the card that needs no authentication.
    const cards = page.getByRole('region', { name: 'Cards' });
    await cards.getByRole('button', { name: 'Make Visa •••• 4242 the default card' }).click();
    await cards.getByText('Visa •••• 4242 is now the default card.').waitFor();

    await overview().getByRole('button', { name: 'Downgrade' }).click();
    const modal = page.getByRole('dialog', { name: 'Downgrade your plan' });
    expect(await modal.getByRole('radio', { name: /Starter/ }).isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.getByRole('heading', { name: 'These 2 premium tours turn basic' }).waitFor();
    await modal.getByText('Harbour View 01').waitFor();
    await modal.getByText('Harbour View 02').waitFor();
    expect(await modal.getByText('Harbour View 03').count()).toBe(0);
    await modal.getByRole('button', { name: 'Confirm downgrade' }).click();
    await modal.waitFor({ state: 'detached' });

    await overview()
      .getByText(/Starter \(monthly\) begins on \d{4}-\d{2}-\d{2}\./)
      .waitFor();
    await overview().getByRole('button', { name: 'Cancel scheduled change' }).click();
    await overview()
      .getByText(/begins on/)
      .waitFor({ state: 'detached' });

    await overview().getByRole('button', { name: 'Downgrade' }).click();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.getByRole('button', { name: 'Confirm downgrade' }).click();
    await overview()
      .getByText(/begins on/)
      .waitFor();

    const clock = page.getByRole('region', { name: 'Test clock' });
    const before = (await clock.getByRole('definition').textContent()) as string;
    await clock.getByLabel('Days to move forward').fill('31');
    await clock.getByRole('button', { name: 'Advance the clock' }).click();
    await clock.getByText('The clock moved 31 days forward.').waitFor();
    await clock.getByRole('definition').filter({ hasNotText: before }).waitFor();
    // Stripe renews the subscription on the new plan; its webhooks reach billing, and the page asks again.
    await currentPlan('Starter (monthly)').waitFor({ timeout: 15_000 });
    expect(
      await overview()
        .getByText(/begins on/)
        .count(),
    ).toBe(0);
    await overview().getByText('Active', { exact: true }).waitFor();
  });

  it('on a phone, says so under the field when a coupon does not exist, and shows the issuer’s words for a declined card', async () => {
    const kiwi = await it_.signUp('Kiwi Tours');
    await kiwi
      .send('put', '/provider/billing/account', {
        name: 'Kiwi Tours',
        email: 'accounts@kiwi.test',
        address: '2 Quay Street, Auckland',
        country: 'NZ',
        currency: 'nzd',
      })
      .expect(200);
    const phone = await signedIn(kiwi, PHONE);
    await phone.goto(`${base}/provider/properties`);
    await phone.getByRole('region', { name: 'Plan notice' }).getByRole('button', { name: 'Upgrade' }).click();

    const modal = phone.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByRole('radio', { name: 'Monthly' }).check();
    const starter = modal.getByRole('article', { name: 'Starter' });
    await starter.getByText('NZ$30.95').waitFor();
    await starter.getByRole('button', { name: 'Upgrade' }).click();

    const confirmation = phone.getByRole('dialog', { name: 'Confirm your plan' });
    await confirmation.getByText('Billing information complete').waitFor();
    const coupon = confirmation.getByRole('region', { name: 'Coupon' });
    await coupon.getByPlaceholder('Coupon Code').fill('NOT-A-CODE');
    await coupon.getByRole('button', { name: 'Add' }).click();
    await coupon.getByText('This coupon code is not valid; check it and try again.').waitFor();

    const card = confirmation.getByRole('region', { name: 'Card', exact: true });
    await enterCard(card, '4000 0000 0000 0002');
    await card.getByRole('alert').getByText('Your card was declined.').waitFor();
    // On a phone Confirm sits in the footer, disabled until there is a card to pay with.
    const confirm = confirmation.getByRole('button', { name: 'Confirm', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await confirmation.getByText('Add a card to pay with to confirm.').waitFor();

    await confirmation.getByRole('button', { name: 'Close' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await phone
      .getByRole('region', { name: 'Plan notice' })
      .getByRole('button', { name: 'Upgrade' })
      .waitFor();
    await phone.context().close();
  });

  it('on a phone, offers the Pro plan’s 30-day free trial, starts it without charging, and shows when it ends', async () => {
    const summit = await it_.signUp('Summit Tours');
    await summit
      .send('put', '/provider/billing/account', {
        name: 'Summit Tours',
        email: 'accounts@summit.test',
        address: '3 Alpine Way, Queenstown',
        country: 'NZ',
        currency: 'usd',
      })
      .expect(200);
    const phone = await signedIn(summit, PHONE);
    await phone.goto(`${base}/provider/properties`);
    await phone.getByRole('region', { name: 'Plan notice' }).getByRole('button', { name: 'Upgrade' }).click();

    const modal = phone.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByRole('radio', { name: 'Monthly' }).check();
    const pro = modal.getByRole('article', { name: 'Pro' });
    await pro.getByText('Free for 30 days, then $99.95 a month.', { exact: false }).waitFor();
    // The cards list what the platform does, nothing it does not do yet.
    expect(await modal.getByText(/floorplan orders|credits|webhooks|bookings|heat maps/i).count()).toBe(0);
    expect(
      await modal
        .getByRole('article', { name: 'Starter' })
        .getByText(/free trial/i)
        .count(),
    ).toBe(0);
    await pro.getByRole('button', { name: 'Start the 30-day free trial of Pro' }).click();

    const confirmation = phone.getByRole('dialog', { name: 'Confirm your plan' });
    await confirmation.getByText('Pro, 30-day free trial').waitFor();
    const summary = confirmation.getByRole('region', { name: 'Order summary' });
    await summary.getByText('30-day free trial').waitFor();
    await confirmation.getByText('Total').first().waitFor();
    const card = confirmation.getByRole('region', { name: 'Card', exact: true });
    await enterCard(card, '4242 4242 4242 4242');
    await card.getByText('Visa •••• 4242').waitFor();
    await confirmation.getByRole('button', { name: 'Start free trial' }).click();

    const done = phone.getByRole('dialog', { name: 'Plan updated' });
    await done.getByText(/Your Pro trial has started\. It is free until \d{4}-\d{2}-\d{2}/).waitFor();
    await done.getByRole('button', { name: 'Done' }).click();
    await phone
      .getByRole('region', { name: 'Plan notice' })
      .getByText(/Your Pro trial ends in 30 days, on \d{4}-\d{2}-\d{2}\./)
      .waitFor();
    // Nothing was charged: the trial's first invoice is for nothing.
    const [{ id: customer }] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_customer_id AS id FROM billing_accounts WHERE provider_id = $1',
      [summit.providerId],
    )) as Array<{ id: string }>;
    const invoices = await it_.stripe.invoices.list({ customer, limit: 10 });
    expect(invoices.data.filter((invoice) => invoice.amount_paid > 0)).toEqual([]);

    // The trial is offered once.
    const subscription = await summit.get('/provider/billing/service_plan_subscription').expect(200);
    expect(subscription.body.data).toMatchObject({ status: 'trialing', trial_available: false });
    await phone.context().close();
  });

  it('on a phone, pays a failed renewal now from the billing page, after the failing default card is declined', async () => {
    const harbour = await aFailedRenewal('Harbour Stays');

    const phone = await signedIn(harbour, PHONE);
    await phone.goto(`${base}/provider/billing`);
    const overdue = phone.getByRole('region', {
      name: 'There has been an issue with your subscription payment',
    });
    await overdue.getByText('Please pay within 14 days to keep your premium features.').waitFor();
    const cards = overdue.getByRole('group', { name: 'Card to pay with' });
    // The default card is chosen once the cards have loaded.
    await cards.getByRole('radio', { name: /•••• 0341/, checked: true }).waitFor();
    await overdue.getByRole('button', { name: 'Pay now' }).click();
    await overdue.getByRole('alert').getByText('Your card was declined.').waitFor();

    await cards.getByRole('radio', { name: /•••• 4242/ }).check();
    await overdue.getByRole('button', { name: 'Pay now' }).click();
    await phone.getByRole('status').getByText('Paid. Your Starter plan is active again.').waitFor();
    await overdue.waitFor({ state: 'detached' });
    await phone
      .getByRole('region', { name: 'Subscription', exact: true })
      .getByText('Active', { exact: true })
      .waitFor();
    // The card that paid is the default now, so the next renewal charges it.
    await phone
      .getByRole('region', { name: 'Cards' })
      .getByRole('button', { name: 'Make Visa •••• 0341 the default card' })
      .waitFor();
    // The renewal's invoice reads paid beside the first one, each with its PDF, within a phone's width.
    const invoices = phone
      .getByRole('region', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: 'Paid' });
    await invoices.nth(1).waitFor();
    expect(await invoices.count()).toBe(2);
    expect(await invoices.getByRole('link', { name: /^Download PDF of invoice / }).count()).toBe(2);
    await fitsTheWidth(phone);
    await phone.context().close();
  });

  it('on a phone, shows a provider from before the plans its legacy plan, until it chooses the free plan', async () => {
    const heritage = await it_.signUp('Heritage Tours');
    // An account opened before the legacy cut-off (15 August 2023) that never chose a plan.
    await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query(`UPDATE providers SET created_at = '2021-06-01T00:00:00Z' WHERE id = $1`, [
        heritage.providerId,
      ]);
    const phone = await signedIn(heritage, PHONE);
    await phone.goto(`${base}/provider/properties`);
    const banner = phone.getByRole('region', { name: 'Plan notice' });
    await banner.getByText(/Your account is on a legacy plan: 0 days left to choose a plan/).waitFor();
    await banner.getByRole('button', { name: 'Choose a plan' }).click();

    const modal = phone.getByRole('dialog', { name: 'Choose your plan' });
    await modal
      .getByRole('article', { name: 'Pro' })
      .getByText(/Free for 30 days/)
      .waitFor();
    await modal.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Choose Free' }).click();
    const done = phone.getByRole('dialog', { name: 'Plan updated' });
    await done.getByText('You are on the Free plan.').waitFor();
    await done.getByRole('button', { name: 'Done' }).click();
    await banner.getByText('Publishing and sharing them come with a paid plan.').waitFor();
    expect(await banner.getByText(/legacy plan/).count()).toBe(0);
    await phone.context().close();
  });

  it('on a phone, shows the Free plan as active once a paid plan ended, not as cancelled', async () => {
    const lapsed = await it_.signUp('Lapsed Media');
    await lapsed
      .send('put', '/provider/billing/account', {
        name: 'Lapsed Media',
        email: 'accounts@lapsed.test',
        address: '5 Bay Road, Sydney',
        country: 'AU',
        currency: 'aud',
      })
      .expect(200);
    const visa = await it_.saveCard(lapsed, 'pm_card_visa');
    await lapsed
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: visa,
        },
      })
      .expect(200);
    // Down to the free plan at the end of the period, which the test clock then reaches.
    await lapsed
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: { product_code: 'free_tier_plan', interval: 'month' },
      })
      .expect(200);
    await pastThePeriodEnd(lapsed);
    // The subscription itself ended: what the page shows is the plan the provider is on now.
    expect((await lapsed.get('/provider/billing/service_plan_subscription')).body.data).toMatchObject({
      product_code: 'free_tier_plan',
      status: 'canceled',
    });

    const phone = await signedIn(lapsed, PHONE);
    await phone.goto(`${base}/provider/billing`);
    const subscription = phone.getByRole('region', { name: 'Subscription', exact: true });
    await subscription.getByRole('definition').getByText('Free', { exact: true }).waitFor();
    await subscription.getByText('Active', { exact: true }).waitFor();
    expect(await subscription.getByText('Cancelled').count()).toBe(0);
    await phone.context().close();
  });

  it('on a phone, prices a pay-as-you-go quantity live, and buys the medium bundle with a card that asks for 3-D Secure after another is declined', async () => {
    const coast = await it_.signUp('Coast Credits');
    await coast
      .send('put', '/provider/billing/account', {
        name: 'Coast Credits',
        email: 'accounts@coast.test',
        address: '6 Esplanade, Nelson',
        country: 'NZ',
        currency: 'usd',
      })
      .expect(200);
    const phone = await signedIn(coast, PHONE);
    await phone.goto(`${base}/provider/billing`);
    const credits = phone.getByRole('region', { name: 'Credits', exact: true });
    const available = credits.getByRole('definition').first();
    await available.getByText('0 credits', { exact: true }).waitFor();
    const history = phone.getByRole('region', { name: 'Credit history' });
    await history.getByText(/No credits yet/).waitFor();
    await credits.getByRole('button', { name: 'Buy credits' }).click();

    const modal = phone.getByRole('dialog', { name: 'Buy credits' });
    await modal.getByRole('radio', { name: /Small bundle 10 credits Save 10%/ }).waitFor();
    await modal.getByRole('radio', { name: /Large bundle 100 credits Save 30%/ }).waitFor();
    // Pay as you go: the price follows the quantity typed (25 credits reach the small bundle's 10%).
    await modal.getByRole('radio', { name: /Pay as you go/ }).check();
    const quantity = modal.getByRole('textbox', { name: 'Number of credits' });
    await quantity.fill('25');
    const price = modal.getByRole('table', { name: 'Credits price' });
    await price.getByText('25 credits × $1.00').waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$22.50').waitFor();
    await quantity.fill('7');
    await price.getByText('7 credits × $1.00').waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$7.00').waitFor();
    expect(await price.getByText(/Bundle saving/).count()).toBe(0);

    // The medium bundle: 50 credits, 20% off.
    await modal.getByRole('radio', { name: /Medium bundle 50 credits Save 20%/ }).check();
    await price.getByText('Bundle saving (20%)').waitFor();
    await price.getByRole('row', { name: /Total/ }).getByText('$40.00').waitFor();
    // A card that is saved but refused when charged: the issuer's words, and nothing granted.
    const card = modal.getByRole('region', { name: 'Card', exact: true });
    await enterCard(card, '4000 0000 0000 0341');
    await card.getByText(/•••• 0341/).waitFor();
    const pay = modal.getByRole('button', { name: 'Pay $40.00' });
    await pay.click();
    await modal.getByRole('alert').getByText('Your card was declined.').waitFor();

    await card.getByRole('button', { name: 'Add another card' }).click();
    await enterCard(card, '4000 0027 6000 3184');
    await completeAuthentication(phone); // saving the card
    // Another card chosen: the refusal of the last one is no longer shown.
    await card.getByRole('radio', { name: /•••• 3184/, checked: true }).waitFor();
    expect(await modal.getByRole('alert').count()).toBe(0);
    await pay.click();
    await completeAuthentication(phone); // paying with it

    const added = phone.getByRole('dialog', { name: 'Credits added' });
    await added.getByText('50 credits added. You have 50 credits available.').waitFor();
    await added.getByRole('button', { name: 'Done' }).click();
    await available.getByText('50 credits', { exact: true }).waitFor();
    const purchase = history.getByRole('row', { name: /Credits purchased/ });
    await purchase.getByText('+50', { exact: true }).waitFor();
    await purchase.getByText('Customer purchase').waitFor();
    expect(await history.getByRole('row').count()).toBe(2); // the header and the purchase

    // Granted once, whatever reached billing first (the success call or Stripe's webhook).
    await it_.settled();
    expect((await coast.get('/provider/billing/account/credit_balance')).body.data).toEqual({
      credit_balance: 50,
      available_balance: 50,
      reserved_balance: 0,
    });
    await phone.context().close();
  });

  it('on a phone, pays a failed renewal with a new card that asks for 3-D Secure, which becomes the default', async () => {
    const dune = await aFailedRenewal('Dune Lodges');
    const phone = await signedIn(dune, PHONE);
    await phone.goto(`${base}/provider/billing`);
    const overdue = phone.getByRole('region', {
      name: 'There has been an issue with your subscription payment',
    });
    const card = overdue.getByRole('region', { name: 'Card', exact: true });
    await card.getByRole('button', { name: 'Add another card' }).click();
    await enterCard(card, '4000 0027 6000 3184');
    await completeAuthentication(phone); // saving the card
    await card.getByRole('radio', { name: /•••• 3184/, checked: true }).waitFor();
    await overdue.getByRole('button', { name: 'Pay now' }).click();
    await completeAuthentication(phone); // paying with it

    await phone.getByRole('status').getByText('Paid. Your Starter plan is active again.').waitFor();
    await phone
      .getByRole('region', { name: 'Cards' })
      .getByRole('button', { name: 'Make Visa •••• 0341 the default card' })
      .waitFor();
    const cards = (await dune.get('/provider/billing/account/credit_cards')).body.data as Array<{
      last4: string;
      is_default: boolean;
    }>;
    expect(cards.find((saved) => saved.is_default)?.last4).toBe('3184');
    await phone.context().close();
  });
});
