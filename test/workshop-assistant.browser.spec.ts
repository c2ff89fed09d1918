import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { workshopCredits } from '@tourly/contracts';
import { aProperty, balanceOf, giveCredits } from '../services/orders/test/support';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'workshop-assistant');
const TITLE = 'Balmain Wharf House';
const COST = workshopCredits(['menu', 'guided_tour']);

/**
 * The workshop assistant in a real browser at a phone's width, against the whole platform: a provider orders work on
 * a property's tour (a menu and the guided tour) with a brief, sees each task's credits and the total, and lands on
 * the order, its credits held; an administrator finds it in the workshop queue, starts it, is refused delivery
 * while the tour's draft holds no work, impersonates the provider (landing in its tour space), turns the guided tour
 * on, stops impersonating (back on the order) and delivers; the provider finds the order delivered, the credits
 * spent, and the way to the draft, unpublished.
 */
jest.setTimeout(120_000);

describe('the workshop assistant in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Wharf House Tours');
    const admin = await it_.signIn('admin@demo.test');
    await giveCredits(admin, provider.providerId, COST + 2);
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('orders work on the tour, which the staff do as the provider and deliver as the draft', async () => {
    const propertyId = await aProperty(provider, TITLE);
    const before = await balanceOf(provider);
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);

    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Order the workshop assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order the workshop assistant' });
    // On the free plan: what it delivers can be previewed, not published, and it says so before anything is paid.
    await dialog.getByText(/^You are on the Free plan: you can preview the draft we deliver/).waitFor();
    // Nothing chosen yet: ordering says what is missing.
    await dialog.getByRole('button', { name: 'Order for 0 credits' }).click();
    await dialog.getByText('Choose what our team should work on.').waitFor();
    const tasks = dialog.getByRole('group', { name: 'What to work on' });
    await tasks.getByRole('checkbox', { name: 'Menu (links, contact form, map) 4 credits' }).check();
    await tasks.getByRole('checkbox', { name: 'Guided tour 1 credit' }).check();
    await dialog.getByRole('button', { name: `Order for ${COST} credits` }).click();
    await dialog.getByText('Tell our team what you want: they work from this brief.').waitFor();
    await dialog
      .getByRole('textbox', { name: 'Brief' })
      .fill('A menu linking to our website, and the guided tour on from the start.');
    await fitsTheWidth(page);
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-workshop.png') });
    await dialog.getByRole('button', { name: `Order for ${COST} credits` }).click();
    await page.waitForURL(/\/provider\/orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').at(-1)!;
    await page.getByText(`Its ${COST} credits are held until the draft is delivered.`).waitFor();
    await page.getByText('Menu (links, contact form, map), Guided tour').waitFor();
    await region(page, 'Delivered work')
      .getByText(/Our team works in your tour's draft/)
      .waitFor();
    const number = /Order (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;
    await fitsTheWidth(page);
    await shot(page, 'phone-order-placed');

    // An administrator finds it in the workshop queue and starts it; there is nothing to deliver yet.
    const staff = await signedInPage(browser, it_.base, await it_.signIn('admin@demo.test'), PHONE, uncaught);
    await staff.goto(`${it_.base}/virtual_assistant/workshop_assistant_orders`);
    await staff.getByRole('link', { name: `Order ${number}`, exact: true }).click();
    await staff.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await staff.getByText(`Workshop assistant · ${TITLE}`).waitFor();
    await region(staff, 'Details').getByText('Menu (links, contact form, map), Guided tour').waitFor();
    const actions = region(staff, 'Actions');
    await actions.getByRole('button', { name: 'Start' }).click();
    await staff.getByText(`Order ${number} started.`).waitFor();
    await actions.getByRole('button', { name: 'Deliver' }).click();
    await staff
      .getByRole('dialog', { name: `Deliver order ${number}?` })
      .getByRole('button', { name: 'Deliver' })
      .click();
    await staff.getByText(/^The tour has no draft yet: impersonate the provider/).waitFor();
    await fitsTheWidth(staff);
    await shot(staff, 'phone-staff-started');

    // As the provider: the guided tour turned on in the tour space, saved to the draft; back on the order after.
    // Impersonating opens the property's tour space, where the work is done.
    await actions.getByRole('button', { name: 'Impersonate the provider' }).click();
    await staff.waitForURL(`${it_.base}/provider/properties/${propertyId}/virtual-tour/space`);
    await staff.getByText('as an administrator').waitFor();
    // Saved as it is ticked: the box shows ticked once the server took it.
    const guided = staff.getByRole('region', { name: 'Guided tour', exact: true });
    await guided.getByRole('checkbox', { name: 'Play the guided tour' }).click();
    await guided.getByRole('checkbox', { name: 'Play the guided tour', checked: true }).waitFor();
    await staff.getByText('Draft saved · unpublished changes').waitFor();
    await shot(staff, 'phone-staff-as-provider');
    await staff.getByRole('button', { name: 'Stop impersonating' }).click();
    await staff.waitForURL(`${it_.base}/virtual_assistant/workshop_assistant_orders/${orderId}/show`);
    await region(staff, 'Actions').getByRole('button', { name: 'Deliver' }).click();
    await staff
      .getByRole('dialog', { name: `Deliver order ${number}?` })
      .getByRole('button', { name: 'Deliver' })
      .click();
    await staff.getByText(`Order ${number} delivered.`).waitFor();
    await fitsTheWidth(staff);
    await shot(staff, 'phone-staff-delivered');

    // The provider: delivered, the credits spent, the way to the draft; nothing published.
    await page.reload();
    await page.getByText('Delivered', { exact: true }).first().waitFor();
    // The notice of its placing was for the moment it was placed: not there once it is delivered.
    expect(await page.getByText(/held until the draft is delivered/).count()).toBe(0);
    await expect(balanceOf(provider)).resolves.toMatchObject({
      credit_balance: before.credit_balance - COST,
    });
    const work = region(page, 'Delivered work');
    await work.getByText("Our team's work is in your tour's draft.", { exact: false }).waitFor();
    await fitsTheWidth(page);
    await shot(page, 'phone-order-delivered');
    await work.getByRole('link', { name: 'Review the draft and publish' }).click();
    await page.waitForURL(`${it_.base}/provider/properties/${propertyId}/virtual-tour/space`);
    await page.getByText('Draft saved · unpublished changes').waitFor();
    await page
      .getByRole('region', { name: 'Guided tour', exact: true })
      .getByRole('checkbox', { name: 'Play the guided tour', checked: true })
      .waitFor();
  });
});
