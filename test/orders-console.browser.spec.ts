import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@tourly/identity';
import { type BrowserPlatform, fitsTheWidth, startBrowserPlatform } from './support/browser';
import { gatewayClient, type Person } from './support/platform';

/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'orders-console');
const PROPERTY = 'Lighthouse Loft';
/** The property of the order cancelled, found by its title. */
const OTHER_PROPERTY = 'Beacon Cottage';
const REASON = 'The space is being rescanned next week';

/** The smallest PNG there is: the plan the supplier delivers. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

interface PlacedOrder {
  id: string;
  number: number;
}

/**
 * The back offices' floor-plan orders in a real browser (Debian's Chromium), on a phone, against the whole platform
 * (a local S3 for the files): the demo provider has orders placed through the API (credits given by the admin
 * first); the virtual assistant filters and searches the floor-plans queue, assigns an order to the supplier and
 * cancels another with a reason (refused without one first); the supplier starts the order assigned to it, is told
 * by "Validate" what stands in the way, uploads the plan, validates again, finalises it and leaves a comment with an
 * attachment.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('floor-plan orders in the console', () => {
  let it_: BrowserPlatform;
  let base: string;
  let provider: Person;
  /** The order the virtual assistant assigns and the supplier delivers; the one cancelled. */
  let assigned: PlacedOrder;
  let cancelled: PlacedOrder;
  /** The title of the property of the order assigned, to search for it. */
  let propertyTitle: string;
  /** The virtual assistant, on the order's page while the supplier finalises it. */
  let assistant: Page;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    it_ = await startBrowserPlatform();
    base = it_.base;
    // Signing in needs no emulator.
    const people = gatewayClient(base, '');
    const admin = await people.signIn('admin@demo.test', DEMO_PASSWORD);
    provider = await people.signIn('provider@demo.test', DEMO_PASSWORD);
    await admin
      .send('post', '/admin/credit_bundles.json', {
        provider_id: provider.providerId,
        credits_qty: 100,
        category: 'promotional',
      })
      .expect(201);
    const property = await demoProperty();
    propertyTitle = property.title;
    assigned = await place(property.id, 'floorplan');
    cancelled = await place((await aProperty(OTHER_PROPERTY)).id, 'floorplan');
    // Another queue's: never in the floor plans.
    await place(property.id, 'trueplan');
  }, 180_000);

  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /**
   * One of the demo provider's properties (GET /provider/properties). The browser platform seeds the demo accounts
   * only, not the demo properties `npm start` gives them: then one is made.
   */
  async function demoProperty(): Promise<{ id: string; title: string }> {
    const listed = await provider.get('/provider/properties?page_size=1').expect(200);
    const first = (listed.body.data.items as Array<{ id: string; title: string }>)[0];
    return first ?? aProperty(PROPERTY);
  }

  /** A property of the demo provider's, made through the API (a Matterport emulator's space). */
  async function aProperty(title: string): Promise<{ id: string; title: string }> {
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: '12 Harbour View, Sydney', matterport_key: 'SxQL3iGyoDo' },
      })
      .expect(201);
    return { id: created.body.data.id as string, title };
  }

  async function place(propertyId: string, kind: string): Promise<PlacedOrder> {
    const placed = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, { floorplan_order: { kind } })
      .expect(201);
    return { id: placed.body.data.id as string, number: placed.body.data.number as number };
  }

  /** A phone signed in as a demo staff member, landing on their area's front page. */
  async function staffOnAPhone(email: string, area: string): Promise<Page> {
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await it_.signIn(page, email);
    await page.waitForURL(`${base}/${area}`);
    return page;
  }

  /** Nothing of the page reaches past a phone's width (a wide table scrolls inside its own box). */
  async function fitsThePhone(page: Page): Promise<void> {
    await fitsTheWidth(page);
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `phone-${name}.png`), fullPage: true });

  const orderLink = (page: Page, order: PlacedOrder) =>
    page.getByRole('link', { name: `Order ${order.number}`, exact: true });
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const details = (page: Page) => region(page, 'Details');
  const steps = (page: Page) => page.getByRole('list', { name: 'Steps' });

  /** Picks (or unpicks) statuses of the Status filter (MUI's multiple select), then closes its list. */
  async function toggleStatuses(page: Page, statuses: string[]): Promise<void> {
    await page.getByRole('combobox', { name: 'Status' }).click();
    const options = page.getByRole('listbox');
    for (const status of statuses) await options.getByRole('option', { name: status, exact: true }).click();
    await page.keyboard.press('Escape');
    await options.waitFor({ state: 'detached' });
  }

  it('lets the virtual assistant filter and search a queue, assign an order and cancel another with a reason', async () => {
    const page = await staffOnAPhone('va@demo.test', 'virtual_assistant');
    await page
      .getByRole('navigation', { name: 'Work on' })
      .getByRole('link', { name: 'Floor plans', exact: true })
      .click();
    await page.waitForURL(/\/virtual_assistant\/floorplan_orders/);
    await orderLink(page, assigned).waitFor();
    await orderLink(page, cancelled).waitFor();
    const row = page.getByRole('row').filter({ has: orderLink(page, assigned) });
    await row.getByText('Placed', { exact: true }).waitFor();
    await row.getByText('Not assigned').waitFor();
    await fitsThePhone(page);
    await shot(page, 'va-floorplans');

    // No order is delivered yet: the filter empties the list, and placed orders come back with it.
    await toggleStatuses(page, ['Delivered']);
    await orderLink(page, assigned).waitFor({ state: 'detached' });
    await toggleStatuses(page, ['Delivered', 'Placed']);
    await orderLink(page, assigned).waitFor();

    // A property's title searched for (on the server, once typing stops) leaves the other order out.
    const search = page.getByPlaceholder('Number, property or address');
    await search.fill(OTHER_PROPERTY.split(' ')[0]!.toLowerCase());
    await orderLink(page, assigned).waitFor({ state: 'detached' });
    await orderLink(page, cancelled).waitFor();
    await search.fill(propertyTitle);
    await orderLink(page, cancelled).waitFor({ state: 'detached' });
    await orderLink(page, assigned).click();

    // Assigned to the demo supplier, chosen by name.
    await page.getByRole('heading', { name: `Order ${assigned.number}`, level: 1 }).waitFor();
    await details(page).getByText('Not assigned').waitFor();
    const assign = page.getByRole('form', { name: 'Assign to a supplier' });
    await assign.getByLabel('Supplier').selectOption({ label: 'Sam Supplier (supplier@demo.test)' });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(`Order ${assigned.number} assigned to Sam Supplier.`).waitFor();
    await details(page).getByText('Sam Supplier').waitFor();
    await steps(page).getByText('Assigned to a supplier').waitFor();
    await assign.getByRole('button', { name: 'Reassign' }).waitFor();
    await fitsThePhone(page);
    await shot(page, 'va-order-assigned');

    // The other order, cancelled: the reason is asked for, and refused when missing.
    await page.getByRole('link', { name: 'Back to floor plans' }).click();
    await search.fill(OTHER_PROPERTY);
    await orderLink(page, assigned).waitFor({ state: 'detached' });
    await orderLink(page, cancelled).click();
    await page.getByRole('heading', { name: `Order ${cancelled.number}`, level: 1 }).waitFor();
    await region(page, 'Actions').getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${cancelled.number}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('Required', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await fitsThePhone(page);
    await shot(page, 'va-cancel-refused');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Order ${cancelled.number} cancelled.`).waitFor();
    await details(page).getByText('Cancelled', { exact: true }).first().waitFor();
    await details(page).getByText(REASON).waitFor();
    await steps(page).getByText(REASON).waitFor();
    await region(page, 'Actions').getByText('Nothing to do: the order is cancelled.').waitFor();
    await fitsThePhone(page);
    await shot(page, 'va-order-cancelled');

    // Back in the queue, still filtered on placed orders: it is found among the cancelled ones.
    await page.getByRole('link', { name: 'Back to floor plans' }).click();
    await orderLink(page, cancelled).waitFor({ state: 'detached' });
    await toggleStatuses(page, ['Placed', 'Cancelled']);
    const cancelledRow = page.getByRole('row').filter({ has: orderLink(page, cancelled) });
    await cancelledRow.getByText('Cancelled', { exact: true }).waitFor();
    await page.context().close();
  });

  it('lets the supplier start its order, upload the plan, validate and finalise it, and comment', async () => {
    const page = await staffOnAPhone('supplier@demo.test', 'external_supplier');
    await page
      .getByRole('navigation', { name: 'Work on' })
      .getByRole('link', { name: 'Assigned orders' })
      .click();
    await orderLink(page, assigned).waitFor();
    // Only what is assigned to it.
    expect(await orderLink(page, cancelled).count()).toBe(0);
    await fitsThePhone(page);
    await shot(page, 'supplier-orders');
    await orderLink(page, assigned).click();

    await page.getByRole('heading', { name: `Order ${assigned.number}`, level: 1 }).waitFor();
    const actions = region(page, 'Actions');
    await actions.getByRole('button', { name: 'Start' }).click();
    await page.getByText(`Order ${assigned.number} started.`).waitFor();
    await actions.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Start' }).count()).toBe(0);
    // A first order's deliverables are plans of their own: nothing is said of replacing one.
    expect(
      await region(page, 'Deliverables')
        .getByText(/takes its place on the property/)
        .count(),
    ).toBe(0);
    await steps(page).getByText('Started').waitFor();

    // Nothing delivered yet: "Validate" says what stands in the way.
    await actions.getByRole('button', { name: 'Validate' }).click();
    const validation = actions.getByRole('region', { name: 'Validation' });
    await validation.getByText('Upload the floor plan before finalising the order.').waitFor();

    const deliverables = region(page, 'Deliverables');
    await deliverables
      .getByLabel('Upload deliverable')
      .setInputFiles({ name: 'lighthouse-loft.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('lighthouse-loft.png uploaded.').waitFor();
    await deliverables.getByRole('link', { name: 'lighthouse-loft.png' }).waitFor();
    expect(await deliverables.getByRole('progressbar').count()).toBe(0);

    // A larger working file over a slow connection: its progress shows while it goes up. Then a copy of it among
    // the deliverables.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 200_000,
    });
    const working = region(page, 'Working files');
    await working.getByLabel('Upload working file').setInputFiles({
      name: 'survey.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(600_000)]),
    });
    await working.getByRole('progressbar', { name: 'Uploading survey.png' }).waitFor();
    await shot(page, 'supplier-order-uploading');
    await page.getByText('survey.png uploaded.').waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await working.getByRole('progressbar').waitFor({ state: 'detached' });
    await working.getByRole('button', { name: 'Copy survey.png to the deliverables' }).click();
    await deliverables.getByRole('link', { name: 'survey.png' }).waitFor();
    await fitsThePhone(page);
    await shot(page, 'supplier-order-uploaded');

    await actions.getByRole('button', { name: 'Validate' }).click();
    await validation.getByText('Ready to finalise: nothing stands in the way.').waitFor();
    // Meanwhile a virtual assistant has the order open, still in progress.
    assistant = await staffOnAPhone('va@demo.test', 'virtual_assistant');
    await assistant.goto(`${base}/virtual_assistant/floorplan_orders/${assigned.id}/show`);
    await region(assistant, 'Actions').getByRole('button', { name: 'Cancel order' }).waitFor();

    await actions.getByRole('button', { name: 'Finalise' }).click();
    const confirm = page.getByRole('dialog', { name: `Finalise order ${assigned.number}?` });
    await confirm.getByText('the 2 deliverables (lighthouse-loft.png, survey.png)').waitFor();
    await confirm.getByRole('button', { name: 'Finalise' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(`Order ${assigned.number} delivered.`).waitFor();
    // Delivered: nothing left of the workflow but amending it, new work of the supplier's own.
    await actions.getByText(/^Delivered\. Something to correct\? Amend it/).waitFor();
    await actions.getByRole('button', { name: 'Amend' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Start' }).count()).toBe(0);
    await details(page).getByText('Delivered', { exact: true }).first().waitFor();
    await steps(page).getByText('Delivered', { exact: true }).waitFor();
    // Delivered: its files no longer change.
    expect(await deliverables.getByLabel('Upload deliverable').count()).toBe(0);

    // A comment with an attachment, uploaded first.
    const comments = region(page, 'Comments');
    await comments
      .getByLabel('Attach files')
      .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: PNG });
    await comments.getByRole('list', { name: 'Attachments to send' }).getByText('Uploaded').waitFor();
    await comments.getByLabel('Comment', { exact: true }).fill('Delivered: the plan is in the deliverables.');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    const posted = comments.getByRole('list', { name: 'Comments' }).getByRole('listitem').first();
    await posted.getByText('Delivered: the plan is in the deliverables.').waitFor();
    await posted.getByRole('link', { name: 'note.png' }).waitFor();
    await fitsThePhone(page);
    await shot(page, 'supplier-order-delivered');
    await page.context().close();
  });

  it('tells the virtual assistant the order was delivered meanwhile, then shows the plan', async () => {
    const page = assistant;
    // The page still offers to cancel: the server refuses the move (409), in its words, and the page catches up.
    await region(page, 'Actions').getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${assigned.number}?` });
    await dialog.getByLabel('Reason').fill('Ordered twice');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('This order is delivered: it cannot be cancelled.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await region(page, 'Actions').getByRole('button', { name: 'Amend' }).waitFor();
    await region(page, 'Files').getByRole('link', { name: 'lighthouse-loft.png' }).waitFor();
    await region(page, 'Comments').getByText('Delivered: the plan is in the deliverables.').waitFor();
    await fitsThePhone(page);
    await shot(page, 'va-order-delivered');

    // Amended with what to change and a supporting file (uploaded first): the amendment opens, a new order.
    await region(page, 'Actions').getByRole('button', { name: 'Amend' }).click();
    const amend = page.getByRole('dialog', { name: `Amend order ${assigned.number}` });
    await amend.getByRole('button', { name: 'Order the amendment' }).click();
    await amend.getByText('Required', { exact: true }).waitFor();
    await amend.getByLabel('What to change').fill('Move the front door to the left wall');
    await amend
      .getByLabel('Add supporting files')
      .setInputFiles({ name: 'door-sketch.png', mimeType: 'image/png', buffer: PNG });
    await amend.getByRole('list', { name: 'Supporting files' }).getByText('Uploaded').waitFor();
    await fitsThePhone(page);
    await shot(page, 'va-amend');
    await amend.getByRole('button', { name: 'Order the amendment' }).click();
    await amend.waitFor({ state: 'detached' });
    await page.waitForURL(/\/virtual_assistant\/floor_plan_amendments\/.+\/show$/);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasNotText: `Order ${assigned.number}` }).waitFor();
    await details(page).getByText('Move the front door to the left wall').waitFor();
    await details(page).getByRole('link', { name: 'The delivered order' }).waitFor();
    await region(page, 'Files').getByRole('link', { name: 'door-sketch.png' }).waitFor();
    await details(page).getByText('Sam Supplier').waitFor();
    const amendmentPath = new URL(page.url()).pathname.replace(
      '/virtual_assistant/floor_plan_amendments/',
      '/external_supplier/assigned_orders/',
    );
    await page.context().close();

    // The supplier is told how its changed plan replaces the delivered one on the property.
    const supplier = await staffOnAPhone('supplier@demo.test', 'external_supplier');
    await supplier.goto(`${base}${amendmentPath}`);
    await region(supplier, 'Deliverables')
      .getByText(/A changed plan uploaded under the file name it was delivered with .* takes its place/)
      .waitFor();
    await fitsThePhone(supplier);
    await supplier.context().close();
  });
});
