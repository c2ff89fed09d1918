import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { ORDER_CREDITS } from '@tourly/contracts';
import { aDeliveredPlan, giveCredits } from '../services/orders/test/support';
import { fitsTheWidth, signInAsDemoAdmin } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-floorplan-variants');

const PROVIDER = 'Quayside Drafting Co';
const OTHER_PROVIDER = 'Tidewater Estates';
/** The plans, each named by its property, its kind and its file (orders' variantName), oldest first. */
const VILLA = 'Pelican Quay Villa · Floor plan · villa-ground.png';
const BARN = 'Saltmarsh Barn · Schematic floor plan · barn-schematic.png';
const COTTAGE = 'Pelican Point Cottage · TruePlan · cottage-trueplan.png';

/**
 * The back office's floor plans (`/admin/floorplan_variants`) in a real browser at 390 px, against the whole
 * platform: two providers' plans, each ordered by its provider and delivered by the demo supplier through the team's
 * API (assigned by the virtual assistant, started, its file uploaded, finalised). The platform admin opens the list
 * from the dashboard and sees both providers' plans newest first, each with its provider's name, its property, its
 * kind and its order (which opens in the virtual assistants' queue); a search by name narrows the list on the server,
 * the provider picker keeps one provider's plans, and a search nothing matches says so. Nothing is wider than the
 * phone. Wider, the plans are a table's rows.
 */
// A browser against the whole platform with the emulators and storage: on a loaded 2-core machine a journey is long.
jest.setTimeout(120_000);

describe('the floor plans list of the admin console', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  let otherProvider: Person;
  /** Each plan's order: its id and number. */
  const orders = new Map<string, { id: string; number: number }>();
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release, base } = await sharedBrowserPlatform());
    [provider, otherProvider] = await Promise.all([it_.signUp(PROVIDER), it_.signUp(OTHER_PROVIDER)]);
    const [admin, va, supplier] = await Promise.all(
      ['admin@demo.test', 'va@demo.test', 'supplier@demo.test'].map((email) => it_.signIn(email)),
    );
    await Promise.all([
      giveCredits(admin, provider.providerId, ORDER_CREDITS.floorplan + ORDER_CREDITS.schematic_floorplan),
      giveCredits(admin, otherProvider.providerId, ORDER_CREDITS.trueplan),
    ]);
    // One after another: the list is newest first.
    const team = { va, supplier };
    const plans = [
      [VILLA, provider, { title: 'Pelican Quay Villa', kind: 'floorplan', filename: 'villa-ground.png' }],
      [
        BARN,
        provider,
        { title: 'Saltmarsh Barn', kind: 'schematic_floorplan', filename: 'barn-schematic.png' },
      ],
      [
        COTTAGE,
        otherProvider,
        { title: 'Pelican Point Cottage', kind: 'trueplan', filename: 'cottage-trueplan.png' },
      ],
    ] as const;
    for (const [name, owner, plan] of plans) orders.set(name, await aDeliveredPlan(owner, team, plan));
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const plans = (page: Page) => page.getByRole('list', { name: 'Floor plans' });
  const plan = (page: Page, name: string) =>
    plans(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
  /** The plans listed, by name, in the list's order. */
  const listed = (page: Page) => plans(page).getByRole('heading', { level: 3 }).allInnerTexts();
  /** The value a block shows beside a label (RowBlocks' `<dl>`). */
  const detail = (block: Locator, label: string) =>
    block.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('shows an admin on a phone every provider’s plans, searched by name and filtered by provider', async () => {
    const page = await signInAsDemoAdmin(browser, base, PHONE, uncaught);
    const workOn = page.getByRole('navigation', { name: 'Work on' });
    // Each area by its label, providers too (not the resource's name).
    await workOn.getByRole('link', { name: 'Providers', exact: true }).waitFor();
    await workOn.getByRole('link', { name: 'Floor plans' }).click();
    await page.waitForURL(`${base}/admin/floorplan_variants`);

    // Both providers' plans, newest first (a shared platform may list other files' plans too), each with its
    // provider by name, its property, its kind and its order.
    await plan(page, COTTAGE).waitFor();
    expect((await listed(page)).filter((name) => [VILLA, BARN, COTTAGE].includes(name))).toEqual([
      COTTAGE,
      BARN,
      VILLA,
    ]);
    for (const [name, owner, property, kind] of [
      [VILLA, PROVIDER, 'Pelican Quay Villa', 'Floor plan'],
      [BARN, PROVIDER, 'Saltmarsh Barn', 'Schematic floor plan'],
      [COTTAGE, OTHER_PROVIDER, 'Pelican Point Cottage', 'TruePlan'],
    ] as const) {
      const block = plan(page, name);
      await detail(block, 'Provider').getByRole('link', { name: owner, exact: true }).waitFor();
      expect(await detail(block, 'Property').innerText()).toBe(property);
      expect(await detail(block, 'Kind').innerText()).toBe(kind);
      expect(await detail(block, 'Delivered').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      const order = orders.get(name)!;
      expect(
        await detail(block, 'Order')
          .getByRole('link', { name: `Order ${order.number}`, exact: true })
          .innerText(),
      ).toBe(String(order.number));
    }
    await fitsTheWidth(page);
    await shot(page, 'phone-floor-plans');

    // Searched by name on the server, after the typing settles: the two Pelican plans, of both providers.
    const search = page.getByRole('textbox', { name: 'Plan name' });
    await search.fill('pelican');
    await page.waitForURL(/pelican/);
    await plan(page, BARN).waitFor({ state: 'detached' });
    expect(await listed(page)).toEqual([COTTAGE, VILLA]);
    await fitsTheWidth(page);
    await shot(page, 'phone-floor-plans-searched');

    // A search nothing matches says so.
    await search.fill('no such plan');
    await page.getByText('No floor plan matches.').waitFor();
    await search.fill('');
    await plan(page, BARN).waitFor();

    // One provider's plans, picked by name: the other provider's are gone.
    await page.getByRole('combobox', { name: 'Provider', exact: true }).fill('Quayside');
    // The options narrow once the search has answered; an option clicked before that is re-rendered away.
    await page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasNotText: PROVIDER })
      .first()
      .waitFor({ state: 'detached' });
    await page.getByRole('option', { name: PROVIDER, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.waitForURL(/providerId/);
    await plan(page, COTTAGE).waitFor({ state: 'detached' });
    expect(await listed(page)).toEqual([BARN, VILLA]);
    await fitsTheWidth(page);
    await shot(page, 'phone-floor-plans-one-provider');

    // Wider than a phone, the same plans as a table's rows; a plan's order opens in the virtual assistants' queue
    // of its kind.
    await page.setViewportSize(DESKTOP);
    const villa = page.getByRole('row').filter({ hasText: VILLA });
    await villa.getByRole('cell', { name: 'Floor plan', exact: true }).waitFor();
    await villa.getByRole('link', { name: PROVIDER, exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: COTTAGE }).count()).toBe(0);
    await shot(page, 'desktop-floor-plans-one-provider');
    const villaOrder = orders.get(VILLA)!;
    await villa.getByRole('link', { name: `Order ${villaOrder.number}`, exact: true }).click();
    await page.waitForURL(`${base}/virtual_assistant/floorplan_orders/${villaOrder.id}/show`);
    await page.getByRole('heading', { name: `Order ${villaOrder.number}`, level: 1 }).waitFor();
    await page.context().close();
  });
});
