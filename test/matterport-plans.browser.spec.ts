import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ORDER_CREDITS } from '@tourly/contracts';
import { matterportAccountModels } from '@tourly/emulators';
import { MatterportFollowUp } from '../services/orders/src/orders/matterport-follow-up.service';
import { balanceOf, demoSupplierId, giveCredits } from '../services/orders/test/support';
import { fitsTheWidth, signedInPage, signInAsDemoAdmin } from './support/browser';
import { connectMatterport, matterportBundles } from './support/matterport';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'matterport-plans');
const SCHEMATIC = 'floorplan:schematic';

/**
 * Matterport's own schematic floor plans in a real browser at a phone's width, against the whole platform and the
 * emulated Matterport: a provider connected to its Matterport account orders a schematic plan from a property's page,
 * choosing Matterport over a drafter, and lands on the order, in progress at Matterport; the platform's admin sees it
 * in the virtual assistants' schematic queue, drawn by Matterport, with nothing to assign; Matterport completes it and
 * the provider finds it delivered with Matterport's files and the credits spent. A plan Matterport fails is cancelled
 * with Matterport's reason, and its credits are back.
 */
jest.setTimeout(120_000);

describe("Matterport's own floor plans in the browser", () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  let followUp: MatterportFollowUp;
  let defaultDelay: number;
  const [drawn, failed, startedFrom] = matterportAccountModels('harbour-studio').filter(
    (model) => model.state === 'active' && model.visibility !== 'password',
  );
  const uncaught: string[] = [];

  const bundles = (method: 'get' | 'post', route: string, body?: object) =>
    matterportBundles(it_.emulators.url, method, route, body);

  async function aProperty(title: string, modelId: string): Promise<string> {
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: '31 Wharf Road, Balmain', matterport_key: modelId },
      })
      .expect(201);
    return created.body.data.id as string;
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Wharf Plans Media');
    const admin = await it_.signIn('admin@demo.test');
    await giveCredits(admin, provider.providerId, 2 * ORDER_CREDITS.schematic_floorplan);
    await connectMatterport(it_.base, provider, 'harbour-studio');
    followUp = it_.platform.services.orders.app.get(MatterportFollowUp);
    // Matterport's orders wait until this file completes or fails them (other files keep the emulator's delay).
    defaultDelay = (await bundles('get', '/delay')).ms as number;
    await bundles('post', '/delay', { ms: 3_600_000 });
  }, 180_000);

  afterAll(async () => {
    await bundles('post', '/delay', { ms: defaultDelay });
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** Orders Matterport's schematic plan of the property from its page; answers the order's id. */
  async function orderFromMatterport(page: Page, propertyId: string, title: string): Promise<string> {
    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Order a floor plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order a floor plan' });
    await dialog.getByRole('radio', { name: /Schematic floor plan/ }).check();
    // The two ways side by side: a drafter (chosen until the person picks), or Matterport.
    const drawers = dialog.getByRole('group', { name: 'Drawn by' });
    await drawers.getByText(/Within 24 hours, in your plans' template/).waitFor();
    await drawers.getByText(/From 6 hours, in Matterport's own style/).waitFor();
    expect(await drawers.getByRole('radio', { name: /One of our drafters/ }).isChecked()).toBe(true);
    await drawers.getByRole('radio', { name: /Matterport/ }).check();
    // How fast, each at its price: normal unless the person picks faster.
    const delivery = dialog.getByRole('group', { name: 'Delivery' });
    for (const [speed, within, credits] of [
      ['Normal', 'Within 48 hours', '3 credits'],
      ['Fast', 'Within 24 hours', '5 credits'],
      ['Urgent', 'Within 6 hours', '8 credits'],
    ])
      await delivery.getByRole('radio', { name: `${speed} ${within} ${credits}` }).waitFor();
    expect(await delivery.getByRole('radio', { name: /^Normal/ }).isChecked()).toBe(true);
    await delivery.getByRole('radio', { name: /^Urgent/ }).check();
    await dialog.getByRole('button', { name: 'Order for 8 credits' }).waitFor();
    await delivery.getByRole('radio', { name: /^Normal/ }).check();
    await dialog.getByText('Matterport draws from the space as it is and takes no instructions').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Instructions' }).count()).toBe(0);
    await fitsTheWidth(page);
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-from-matterport.png') });
    await dialog.getByRole('button', { name: 'Order for 3 credits' }).click();
    await page.waitForURL(/\/provider\/orders\/[0-9a-f-]{36}$/);
    return page.url().split('/').at(-1)!;
  }

  it('orders a schematic plan from Matterport, seen in the queue and delivered when Matterport has drawn it', async () => {
    const propertyId = await aProperty('Balmain Wharf House', drawn.id);
    const before = await balanceOf(provider);
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);

    const orderId = await orderFromMatterport(page, propertyId, 'Balmain Wharf House');
    await page.getByText('Schematic floor plan drawn by Matterport').waitFor();
    await page.getByText('In progress', { exact: true }).first().waitFor();
    await page.getByText('Ordered from Matterport: Matterport is drawing it.').waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-at-matterport.png'), fullPage: true });

    // The platform's admin finds it in the schematic queue: Matterport draws it, there is no supplier to assign.
    const console = await signInAsDemoAdmin(browser, it_.base, PHONE, uncaught);
    await console.goto(`${it_.base}/virtual_assistant/schematic_floorplan_orders/${orderId}/show`);
    await console.getByText(/^Matterport is drawing it: the plan is delivered into this order/).waitFor();
    await console.getByText('Matterport', { exact: true }).first().waitFor();
    expect(await console.getByRole('button', { name: /Assign/ }).count()).toBe(0);
    await console.screenshot({ path: path.join(SCREENSHOTS, 'phone-queue-order.png'), fullPage: true });

    // Matterport completes it; the follow-up's next round delivers it.
    await bundles('post', '/complete', { modelId: drawn.id, bundleId: SCHEMATIC });
    await followUp.runNow();
    await page.reload();
    await page.getByText('Delivered', { exact: true }).first().waitFor();
    const files = page.getByRole('list', { name: 'Delivered files' });
    await files.getByRole('link', { name: `${drawn.id}_schematic_floorplan.svg` }).waitFor();
    expect(await files.getByRole('link').count()).toBe(3);
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-delivered.png'), fullPage: true });
    await expect(balanceOf(provider)).resolves.toMatchObject({
      credit_balance: before.credit_balance - ORDER_CREDITS.schematic_floorplan,
    });

    // Among the provider's floor plans.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Floor plans' }).click();
    await page
      .getByRole('heading', {
        name: `Balmain Wharf House · Schematic floor plan · ${drawn.id}_schematic_floorplan.png`,
      })
      .waitFor();
  });

  it('cancels a plan Matterport fails, with Matterport’s reason, and gives the credits back', async () => {
    const propertyId = await aProperty('Darling Street Flat', failed.id);
    const before = await balanceOf(provider);
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);

    await orderFromMatterport(page, propertyId, 'Darling Street Flat');
    await page.getByText('Schematic floor plan drawn by Matterport').waitFor();
    await bundles('post', '/fail', {
      modelId: failed.id,
      bundleId: SCHEMATIC,
      reason: 'The scan does not cover enough of the floor.',
    });
    await followUp.runNow();
    await page.reload();
    await page
      .getByRole('list', { name: 'Steps' })
      .getByText(
        'Matterport could not draw this plan: The scan does not cover enough of the floor. Its credits are back in your balance.',
      )
      .waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-failed.png'), fullPage: true });
    await expect(balanceOf(provider)).resolves.toEqual(before);
  });

  it("lets the supplier start from Matterport's plan of the space on a phone", async () => {
    const propertyId = await aProperty('Darling Street House', startedFrom.id);
    // Matterport drew the space for an earlier order of the provider's.
    await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'schematic_floorplan', drawn_by: 'matterport' },
      })
      .expect(201);
    await bundles('post', '/complete', { modelId: startedFrom.id, bundleId: SCHEMATIC });
    await followUp.runNow();
    // Now a drafter's order of the same space, assigned to the demo supplier.
    const admin = await it_.signIn('admin@demo.test');
    await giveCredits(admin, provider.providerId, ORDER_CREDITS.schematic_floorplan);
    const placed = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'schematic_floorplan', instructions: 'Name the bedrooms.' },
      })
      .expect(201);
    const orderId = placed.body.data.id as string;
    const [va, supplier] = await Promise.all([it_.signIn('va@demo.test'), it_.signIn('supplier@demo.test')]);
    const supplierId = await demoSupplierId(va);
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${orderId}/assign`, { supplier_id: supplierId })
      .expect(201);

    const page = await signedInPage(browser, it_.base, supplier, PHONE, uncaught);
    await page.goto(`${it_.base}/external_supplier/assigned_orders/${orderId}/show`);
    const section = page.getByRole('region', { name: "Matterport's plan" });
    await section.getByText(/^Matterport has drawn this space: start from its plan/).waitFor();
    const planFiles = section.getByRole('list', { name: "Matterport's plan" });
    await planFiles.getByRole('link', { name: `${startedFrom.id}_schematic_floorplan.svg` }).waitFor();
    expect(await planFiles.getByRole('link').count()).toBe(3);
    await section.getByRole('button', { name: "Start from Matterport's plan" }).click();
    await page.getByText("Matterport's plan is among the working files.").waitFor();
    const working = page.getByRole('list', { name: 'Working files' });
    await working.getByText(`${startedFrom.id}_schematic_floorplan.svg`).waitFor();
    expect(await working.getByRole('listitem').count()).toBe(3);
    await fitsTheWidth(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'phone-supplier-autogenerated.png'),
      fullPage: true,
    });
  });
});
