import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { ORDER_CREDITS } from '@tourly/contracts';
import { matterportDemoModelId } from '@tourly/emulators';
import { balanceOf, deliverOrder, giveCredits, PNG } from '../services/orders/test/support';
import { type BrowserPlatform, fitsTheWidth, signedInPage, startBrowserPlatform } from './support/browser';
import { gatewayClient, type Person } from './support/platform';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'orders');
/** The Matterport emulator's account as the browser platform configures it (MATTERPORT_TOKEN_ID). */
const MATTERPORT_TOKEN_ID = 'emulator-token-id';
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/**
 * Floor-plan orders in a real browser (Debian's Chromium) at a phone's width, against the whole platform with the
 * vendor emulators and a local S3 for the order's files. The demo provider, given credits by an admin, orders a
 * floor plan from a property's page and lands on the order (placed, the promised time); a virtual assistant
 * assigns it, the supplier starts, uploads and finalises it through the API; the provider sees it delivered with
 * its file, comments on it with an attachment, and finds it on the billing page. Then, short of credits, the
 * provider orders from the orders page: a password-protected space is refused in the server's words (gone once
 * another property is chosen), and the insufficient-credits modal sends them to buy exactly what is missing.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('floor-plan orders in the browser', () => {
  let it_: BrowserPlatform;
  let base: string;
  let admin: Person;
  let provider: Person;
  let va: Person;
  let supplier: Person;
  let propertyId: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    it_ = await startBrowserPlatform();
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const people = gatewayClient(base, '');
    [admin, provider, va, supplier] = await Promise.all(
      ['admin@demo.test', 'provider@demo.test', 'va@demo.test', 'supplier@demo.test'].map((email) =>
        people.signIn(email),
      ),
    );
    [propertyId] = await Promise.all([
      aProperty('Harbour View Terrace', matterportDemoModelId(MATTERPORT_TOKEN_ID, 0)),
      // Matterport serves this one only behind a password: no plan can be drawn from it.
      aProperty('Hunter Street Loft', matterportDemoModelId(MATTERPORT_TOKEN_ID, 12)),
    ]);
  }, 180_000);

  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /** A property of the demo provider on a model of the Matterport emulator: its id. */
  async function aProperty(title: string, matterportKey: string): Promise<string> {
    const created = await provider.send('post', '/provider/properties', {
      create_tour_params: { title, address: '12 Harbour View, Sydney', matterport_key: matterportKey },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  /** The value a label of a `<dl>` in `scope` shows. */
  const detail = (scope: Locator, label: string) =>
    scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  it('orders a floor plan from a property, follows it to delivery, comments on it and finds it in billing', async () => {
    const before = await balanceOf(provider);
    await giveCredits(admin, provider.providerId, ORDER_CREDITS.floorplan);
    const page = await signedInPage(it_.browser, base, provider, PHONE, uncaught);

    // The property's page: "Order a floor plan", with the kinds, their credits and the balance.
    await page.goto(`${base}/provider/properties/${propertyId}`);
    await page.getByRole('heading', { name: 'Harbour View Terrace', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Order a floor plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Order a floor plan' });
    await modal.getByText('Harbour View Terrace').waitFor();
    expect(await modal.getByRole('radio', { name: /^Floor plan/ }).isChecked()).toBe(true);
    expect(await modal.getByRole('radio', { name: /^TruePlan\s*10 credits$/ }).count()).toBe(1);
    const available = before.available_balance + ORDER_CREDITS.floorplan;
    await detail(modal, 'Available').getByText(`${available} credits`, { exact: true }).waitFor();
    await detail(modal, 'This order').getByText('5 credits', { exact: true }).waitFor();
    await detail(modal, 'After it')
      .getByText(`${available - 5} credits`, { exact: true })
      .waitFor();
    await modal.getByRole('textbox', { name: 'Instructions' }).fill('Name the bedrooms, please.');
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-modal.png') });
    await modal.getByRole('button', { name: 'Order for 5 credits' }).click();

    // The new order's page: placed, with the promised time.
    await page.waitForURL(/\/provider\/orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    const placed = (await provider.get(`/provider/floorplan_orders/${orderId}`).expect(200)).body.data;
    const name = `Order ${placed.number as number}`;
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('Status: Placed', { exact: true }).waitFor();
    await page
      .getByRole('status')
      .getByText('Your order was placed. Its 5 credits are held until the plan is delivered.')
      .waitFor();
    const progress = page.getByRole('region', { name: 'Progress' });
    const steps = progress.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await steps.filter({ hasText: 'Placed' }).waitFor();
    expect(await steps.count()).toBe(1);
    const promised = detail(progress, 'Promised by');
    await promised.locator(`time[datetime="${placed.promised_at as string}"]`).waitFor();
    expect(await promised.innerText()).toMatch(DATE_TIME);
    await progress.getByText(/^Due in (23 hours \d+ minutes|1 day)$/).waitFor();
    await page
      .getByRole('region', { name: 'Instructions' })
      .getByText('Name the bedrooms, please.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();
    await fitsTheWidth(page);

    // The orders page lists it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const row = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: name });
    await row.getByText('Placed', { exact: true }).waitFor();
    await row.getByText('Floor plan · Harbour View Terrace').waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-orders-list.png'), fullPage: true });

    // The team works on it: a virtual assistant assigns it, the supplier starts, delivers a plan and finalises.
    await deliverOrder({ va, supplier }, orderId, 'harbour-view.png');

    // Back on the order: the steps to delivery, on time, and the delivered plan's link.
    await row.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.reload();
    await steps.filter({ hasText: 'Delivered' }).waitFor();
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^Placed/),
      expect.stringMatching(/^Assigned/),
      expect.stringMatching(/^In progress/),
      expect.stringMatching(/^Delivered/),
    ]);
    await page.getByText('Status: Delivered', { exact: true }).waitFor();
    await progress.getByText('Delivered on time').waitFor();
    expect(await detail(progress, 'Delivered').innerText()).toMatch(DATE_TIME);
    const plan = page
      .getByRole('region', { name: 'Delivered files' })
      .getByRole('link', { name: 'harbour-view.png' });
    const planUrl = (await plan.getAttribute('href'))!;
    expect((await fetch(planUrl)).status).toBe(200);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Request an amendment' }).waitFor();

    // A comment with an attachment, uploaded to the order first.
    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.getByText(/No comments yet/).waitFor();
    await comments.getByRole('textbox', { name: 'Your comment' }).fill('Thank you, it looks great.');
    await comments
      .getByLabel('Attach files')
      .setInputFiles({ name: 'marked-up.png', mimeType: 'image/png', buffer: PNG });
    await comments.getByRole('list', { name: 'Attached files' }).getByText('marked-up.png').waitFor();
    await comments.getByRole('button', { name: 'Send comment' }).click();
    const comment = comments.getByRole('list', { name: 'Comments' }).getByRole('listitem').first();
    await comment.getByText('Thank you, it looks great.').waitFor();
    await comment.getByText('Paula Provider').waitFor();
    await comment.getByRole('link', { name: 'marked-up.png' }).waitFor();
    // The box empties once the sent comment is shown: waited for, not read at once (a busy machine lags it).
    const box = comments.getByRole('textbox', { name: 'Your comment' });
    await page.waitForFunction(
      (element) => (element as unknown as { value: string }).value === '',
      await box.elementHandle(),
    );
    expect(await box.inputValue()).toBe('');
    expect(await comments.getByRole('list', { name: 'Attached files' }).count()).toBe(0);
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-detail.png'), fullPage: true });

    // The comment deleted, after asking.
    await comment.getByRole('button', { name: /^Delete your comment/ }).click();
    const asked = page.getByRole('dialog', { name: 'Delete this comment?' });
    await asked.getByRole('button', { name: 'Delete comment' }).click();
    await comments.getByText(/No comments yet/).waitFor();

    // The billing page's orders: what the credits paid for, and the same as CSV.
    await page.goto(`${base}/provider/billing`);
    const billingOrders = page.getByRole('region', { name: 'Orders', exact: true });
    const billed = billingOrders.getByRole('row', { name: new RegExp(name) });
    await billed.getByText('5 credits').waitFor();
    await billed.getByText('Delivered').waitFor();
    const csvPath = await billingOrders.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(csvPath).toBe('/provider/billing/orders.csv?with_credit_spend=true');
    const csv = await provider.get(csvPath!).expect(200);
    expect(csv.text).toContain(`${placed.number as number},`);
    await fitsTheWidth(page);
    await page.context().close();
  });

  it('refuses a password-protected space in the server’s words until another is chosen, then offers to buy the credits an order lacks', async () => {
    // Two credits to spend, whatever the first journey left (it spent all it was given).
    const { available_balance: left } = await balanceOf(provider);
    await giveCredits(admin, provider.providerId, 2);
    const available = left + 2;
    expect(available).toBeLessThan(ORDER_CREDITS.floorplan);
    const missing = ORDER_CREDITS.floorplan - available;
    const page = await signedInPage(it_.browser, base, provider, PHONE, uncaught);

    await page.goto(`${base}/provider/orders`);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Order a floor plan' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Order a floor plan' });

    // Nothing chosen: the property is required.
    await modal.getByRole('button', { name: 'Order for 5 credits' }).click();
    await modal.getByText('Required').waitFor();

    // The protected space: refused before any credit is held, in the server's words.
    const property = modal.getByRole('searchbox', { name: 'Property' });
    await property.fill('Hunter');
    const choices = modal.getByRole('list', { name: 'Properties to choose from' });
    await choices.getByRole('button', { name: /Hunter Street Loft/ }).click();
    await modal.getByRole('button', { name: 'Order for 5 credits' }).click();
    const alert = modal.getByRole('alert');
    await alert.getByText(/This Matterport space is password-protected/).waitFor();
    await fitsTheWidth(page);

    // Another property: the refusal was about the other one, and goes with it.
    await modal.getByRole('button', { name: 'Change property' }).click();
    await property.waitFor();
    expect(await modal.getByRole('alert').count()).toBe(0);
    await fitsTheWidth(page);

    // Short of credits for it: the insufficient-credits modal.
    await property.fill('Harbour View');
    await choices.getByRole('button', { name: /Harbour View Terrace/ }).click();
    await detail(modal, 'Available').getByText(`${available} credits`, { exact: true }).waitFor();
    await detail(modal, 'After it').getByText('Not enough credits').waitFor();
    await modal.getByRole('button', { name: 'Order for 5 credits' }).click();
    const short = page.getByRole('dialog', { name: 'Not enough credits' });
    await short
      .getByText(`This floor plan needs 5 credits, and you have ${available} credits available.`)
      .waitFor();
    await detail(short, 'Missing').getByText(`${missing} credits`, { exact: true }).waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-insufficient-credits.png') });

    // Cancel goes back to the order form, as it was; "Buy" to the credits page on the quantity missing.
    await short.getByRole('button', { name: 'Cancel' }).click();
    await modal.getByText('Harbour View Terrace').waitFor();
    await modal.getByRole('button', { name: 'Order for 5 credits' }).click();
    await short.getByRole('link', { name: `Buy ${missing} credits` }).click();
    await page.waitForURL(`${base}/provider/billing/credits?credits_qty=${missing}`);
    const payAsYouGo = page.getByRole('region', { name: 'Pay as you go' });
    expect(await payAsYouGo.getByRole('textbox', { name: 'Number of credits' }).inputValue()).toBe(
      String(missing),
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Nothing was placed, nothing held.
    expect((await balanceOf(provider)).available_balance).toBe(available);
    await page.context().close();
  });
});
