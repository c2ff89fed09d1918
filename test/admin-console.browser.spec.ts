import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { fitsTheWidth, launchChromium, signInAsDemoAdmin } from './support/browser';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { glb } from '../services/properties/test/staging-support';
import { aProperty } from './support/provider';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'admin-console');

const PROVIDER = 'Harbour Lights Media';
/** Another provider: a search or the tag filter leaves it out. */
const OTHER_PROVIDER = 'Seaside Tours';
const PROPERTY = 'Lighthouse Loft';
const TAG = 'key-account';
const BILLING_EMAIL = 'accounts@harbour-lights.test';
/** The providers list's address once a search for the provider has settled (query keys sorted). */
const SEARCHED_HARBOUR = /filter=.*Harbour.*perPage=100/;

/**
 * The provider's page in the admin console (issue 18) in a real browser (Debian's Chromium) against the whole
 * platform: an admin finds a provider by searching, opens its page and reads its properties and orders (made through
 * the API as the provider); is refused negotiated pricing before the provider has a billing account, saves one, is
 * refused a discount over 100% under the field, then sets 15% after its question; adjusts its credits after its
 * question; changes how its floor plans are drawn (a bad colour refused under the field first); tags it (a tag too
 * long refused first), then filters the providers list by the tag; and finds each change, who made it and each field
 * before and after, in the Audit tab. Then every tab on a 390 px phone, nothing wider than it, screenshots of each.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

describe('the provider’s page in the admin console', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let base: string;
  let provider: Person;
  let orderNumber: number;
  let propertyId: string;
  /** The platform admin, signed in from the sign-in page at a desktop's width. */
  let admin: Page;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({ s3: true, env: (emulatorsUrl) => pagesEnv(webDist, emulatorsUrl) }),
      launchChromium(),
    ]);
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    provider = await it_.signUp(PROVIDER);
    await it_.signUp(OTHER_PROVIDER);
    // The provider's property and a floor-plan order of it, through the API, paid with credits an admin gave.
    const api = await it_.signIn('admin@demo.test');
    await api
      .send('post', '/admin/credit_bundles.json', {
        provider_id: provider.providerId,
        credits_qty: 10,
        category: 'promotional',
      })
      .expect(201);
    propertyId = await aProperty(provider, PROPERTY);
    // Its tour's player link (and the provider's namespace) are made the first time the link is read.
    await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200);
    const placed = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'floorplan' },
      })
      .expect(201);
    orderNumber = placed.body.data.number as number;
    admin = await signInAsAdmin();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /** The demo platform admin, signed in from the sign-in page at a desktop's width. */
  const signInAsAdmin = () => signInAsDemoAdmin(browser, base, DESKTOP, uncaught);

  const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
  /** The tab's page, named by its tab (so never the page of the tab left a moment ago). */
  const panel = (page: Page, tab: string) => page.getByRole('tabpanel', { name: tab, exact: true });
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const providerPage = () => `${base}/admin/providers/${provider.providerId}/show`;

  /**
   * Opens one of the provider's page's tabs, as a person does: its tab (the page first, by its address, when the page
   * is elsewhere), then the tab's address. On a phone the strip of tabs is scrolled to reach the tab while MUI may
   * scroll the selected tab back into view: a tap that a moving strip gave to another tab (once in a loaded CI run)
   * is made again, as a person would, and a tab that never opens says where the page went instead.
   */
  async function openTab(page: Page, label: string, path: string): Promise<void> {
    if (!page.url().startsWith(providerPage())) {
      await page.goto(providerPage());
      await page.getByRole('heading', { name: PROVIDER, level: 1 }).waitFor();
    }
    const address = path === '' ? providerPage() : `${providerPage()}/${path}`;
    for (let tap = 1; ; tap++) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      try {
        await page.waitForURL(address, { timeout: 10_000 });
        return;
      } catch (error) {
        if (tap === 3) {
          const selected = await page.getByRole('tab', { selected: true }).allTextContents();
          throw new Error(
            `The ${label} tab did not open: the page is at ${page.url()}, its tab ${selected.join()}`,
            {
              cause: error,
            },
          );
        }
      }
    }
  }

  /** Picks an option of a react-admin SelectInput (MUI's select: a combobox and its listbox). */
  async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** The are-you-sure dialog: its question, then its confirm button. */
  async function confirm(page: Page, title: string, button: string): Promise<void> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Nothing of the page reaches past a phone's width (the tabs and wide tables scroll inside their own box). */
  async function fitsThePhone(page: Page): Promise<void> {
    await fitsTheWidth(page);
  }

  it('finds the provider, opens its page and reads its properties and orders', async () => {
    const page = admin;
    await page.goto(`${base}/admin/providers`);
    await row(page, OTHER_PROVIDER).waitFor();
    // The list's search box (the app bar's provider picker is a combobox with the same placeholder).
    await page.getByRole('textbox', { name: 'Name or subdomain' }).fill('Harbour');
    // The search, then its page size (100 while searching), go in the address once the typing has settled.
    await page.waitForURL(SEARCHED_HARBOUR);
    await row(page, OTHER_PROVIDER).waitFor({ state: 'detached' });
    await row(page, PROVIDER)
      .getByRole('link', { name: `Open ${PROVIDER}` })
      .click();
    await page.waitForURL(providerPage());
    await page.getByRole('heading', { name: PROVIDER, level: 1 }).waitFor();
    await region(page, 'Details').getByText(provider.providerId).waitFor();
    await page.getByRole('button', { name: `Impersonate ${PROVIDER}` }).waitFor();

    await openTab(page, 'Properties', 'properties');
    const properties = panel(page, 'Properties');
    await row(properties, PROPERTY).getByText('12 Harbour View, Sydney').waitFor();
    // Searched on the server: nothing matches, then the property again.
    const search = properties.getByPlaceholder('Title or address');
    await search.fill('Nowhere Street');
    await properties.getByText('No properties.').waitFor();
    await search.fill('Lighthouse');
    await row(properties, PROPERTY).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-properties.png'), fullPage: true });

    await openTab(page, 'Orders', 'orders');
    const orders = panel(page, 'Orders');
    const orderRow = row(orders, PROPERTY);
    await orderRow.getByRole('link', { name: `Order ${orderNumber}` }).waitFor();
    await orderRow.getByText('Placed', { exact: true }).waitFor();
    await orderRow.getByText('Floor plan', { exact: true }).waitFor();
    // Orders placed from a day to come: none yet.
    const nextYear = new Date().getFullYear() + 1;
    await orders.getByLabel('Placed from').fill(`${nextYear}-01-01`);
    await orders.getByText('No orders.').waitFor();
    // A date input takes an emptied value once left.
    await orders.getByLabel('Placed from').fill('');
    await orders.getByLabel('Placed from').blur();
    await orderRow.getByRole('link', { name: `Order ${orderNumber}` }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-orders.png'), fullPage: true });
  });

  it('sets negotiated pricing once a billing account exists, each refusal where it belongs', async () => {
    const page = admin;
    await openTab(page, 'Billing', 'billing');
    const pricing = region(page, 'Negotiated pricing');
    await pricing.getByText('No negotiated discount').waitFor();
    const discount = pricing.getByRole('spinbutton', { name: 'Discount (%)' });

    // No billing account yet: billing refuses the request as a whole, a notification.
    await discount.fill('10');
    await pricing.getByRole('button', { name: 'Set pricing' }).click();
    await confirm(page, `Set a negotiated discount of 10% for ${PROVIDER}?`, 'Set pricing');
    await page.getByText('Save your billing information first').waitFor();

    const account = region(page, 'Billing account');
    await account.getByRole('textbox', { name: 'Name', exact: true }).fill(PROVIDER);
    await account.getByRole('textbox', { name: 'Email', exact: true }).fill(BILLING_EMAIL);
    await account.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Harbour Road, Sydney');
    await account.getByRole('textbox', { name: 'Country', exact: true }).fill('AU');
    await account.getByRole('button', { name: 'Save billing account' }).click();
    await page.getByText(`Billing account of ${PROVIDER} saved.`).waitFor();
    await account.getByText(/^cus_/).waitFor();

    // More than 100%: the server's words under the field, and the form's count of errors.
    await discount.fill('150');
    await pricing.getByRole('button', { name: 'Set pricing' }).click();
    await confirm(page, `Set a negotiated discount of 150% for ${PROVIDER}?`, 'Set pricing');
    await pricing.getByText('must be between 0 and 100').waitFor();
    expect(await discount.getAttribute('aria-invalid')).toBe('true');
    await pricing.getByText('The form contains 1 error(s)').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-pricing-refused.png'), fullPage: true });

    await discount.fill('15');
    await pricing.getByRole('button', { name: 'Set pricing' }).click();
    await confirm(page, `Set a negotiated discount of 15% for ${PROVIDER}?`, 'Set pricing');
    await page.getByText(`${PROVIDER} has 15% off its plan from its next invoice.`).waitFor();
    await pricing.getByText('15% off its plan.').waitFor();
    await region(page, 'Plan subscription').getByText('Free', { exact: true }).first().waitFor();
  });

  it('adjusts its credits after asking', async () => {
    const page = admin;
    await openTab(page, 'Credits', 'credits');
    const balance = region(page, 'Balance');
    // The order holds what it costs: 10 given, the rest available.
    await balance.getByText('Reserved').waitFor();
    const before = await balance.locator('dd').first().innerText();
    const available = Number(/\d+/.exec(before)?.[0]);

    await balance.getByRole('button', { name: 'Adjust credits' }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust credits of ${PROVIDER}` });
    await choose(adjust, page, 'Category', 'Customer service issue');
    await adjust.getByRole('spinbutton', { name: 'Amount' }).fill('20');
    await adjust.getByRole('textbox', { name: 'Note', exact: true }).fill('Sorry for the late plan');
    await adjust.getByRole('button', { name: 'Adjust credits' }).click();
    await confirm(page, `Adjust the credits of ${PROVIDER} by +20?`, 'Adjust credits');
    await page
      .getByText(`Credits adjusted by +20: ${PROVIDER} has ${available + 20} credits available.`)
      .waitFor();
    await adjust.waitFor({ state: 'detached' });
    await balance.getByText(`${available + 20} credits`).waitFor();
    await row(region(page, 'Adjustments'), 'Sorry for the late plan').getByText('+20').waitFor();
  });

  it('changes how its floor plans are drawn, a bad colour refused first', async () => {
    const page = admin;
    await openTab(page, 'Floor-plan configuration', 'floorplan_configuration');
    const configuration = region(page, 'How its floor plans are drawn');
    await configuration.getByText('Nothing set yet').waitFor();
    await choose(configuration, page, 'Template', 'Blueprint');
    const colour = configuration.getByRole('textbox', { name: 'Brand colour' });
    await colour.fill('sea blue');
    await configuration.getByRole('button', { name: 'Save configuration' }).click();
    await configuration.getByText('must be a colour like #1a2b3c').waitFor();
    expect(await colour.getAttribute('aria-invalid')).toBe('true');
    await colour.fill('#1a2b3c');
    await configuration.getByRole('button', { name: 'Save configuration' }).click();
    await page.getByText(`Floor-plan configuration of ${PROVIDER} saved.`).waitFor();
    await configuration.getByText('Suppliers draw this provider’s plans as set here.').waitFor();
  });

  it('tags it, a tag too long refused first, then filters the providers list by the tag', async () => {
    const page = admin;
    await openTab(page, 'Overview', '');
    const tagSection = region(page, 'Tag');
    const tag = tagSection.getByRole('textbox', { name: 'Tag' });
    await tag.fill('x'.repeat(41));
    await tagSection.getByRole('button', { name: 'Save tag' }).click();
    await tagSection.getByText('must be at most 40 characters').waitFor();
    expect(await tag.getAttribute('aria-invalid')).toBe('true');
    await tagSection.getByText('The form contains 1 error(s)').waitFor();

    await tag.fill(TAG);
    await tagSection.getByRole('button', { name: 'Save tag' }).click();
    await page.getByText(`${PROVIDER} is tagged “${TAG}”.`).waitFor();
    // The page's heading shows it.
    await page.getByRole('heading', { name: PROVIDER, level: 1 }).locator('..').getByText(TAG).waitFor();

    await page.getByRole('link', { name: 'Back to providers' }).click();
    // The list as it was left (the search for the provider): typed into before it settles, a filter would be undone.
    await page.waitForURL(SEARCHED_HARBOUR);
    await page.getByRole('textbox', { name: 'Tag', exact: true }).fill(TAG);
    await page.waitForURL(new RegExp(`filter=.*${TAG}`));
    await row(page, PROVIDER).getByText(TAG).waitFor();
    await row(page, OTHER_PROVIDER).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-providers-tagged.png'), fullPage: true });
    await row(page, PROVIDER)
      .getByRole('link', { name: `Open ${PROVIDER}` })
      .click();
    await page.waitForURL(providerPage());
  });

  it('shows each change in the Audit tab: who, when, and each field before and after', async () => {
    const page = admin;
    await openTab(page, 'Audit', 'audit');
    const audit = panel(page, 'Audit');
    // Billing's and orders' changes reach identity's trail through their events, a moment after they are made.
    for (const [record, line] of [
      ['Tag', `Tag: (none) → ${TAG}`],
      ['Credits adjusted', 'Credits: +20 credits'],
      ['Floor-plan configuration', 'Brand colour: (none) → #1a2b3c'],
      ['Negotiated pricing', 'Discount: 0% → 15%'],
      ['Billing account', `Email: (none) → ${BILLING_EMAIL}`],
      ['Credits given', 'Credits: 10 credits'],
    ] as const) {
      await untilShown(audit, row(audit, line).filter({ hasText: record }));
      await row(audit, line).getByText('admin@demo.test').waitFor();
    }
    await row(audit, 'Floor-plan configuration').getByText('Template: Classic → Blueprint').waitFor();
    await row(audit, 'Credits adjusted').getByText('Category: Customer service issue').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-audit.png'), fullPage: true });
  });

  /** Reads the list again ("Refresh") until it shows `what`: the page's own way to catch up. */
  async function untilShown(scope: Locator, what: Locator): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await what.first().waitFor({ timeout: 2_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await scope.getByRole('button', { name: 'Refresh' }).click();
    }
  }

  it('fits every tab of the provider’s page on a phone', async () => {
    const page = admin;
    await page.setViewportSize(PHONE);
    try {
      const tabs: Array<[string, string, (tab: Locator) => Locator]> = [
        ['Overview', '', (tab) => tab.getByRole('region', { name: 'Details' })],
        // On a phone each user is a block of its own rather than a table's row (their row actions in reach).
        [
          'Users',
          'users',
          (tab) =>
            tab
              .getByRole('list', { name: 'Users' })
              .getByRole('listitem')
              .getByText('Admin', { exact: true }),
        ],
        ['Properties', 'properties', (tab) => row(tab, PROPERTY)],
        ['Tours', 'tours', (tab) => row(tab, PROPERTY).getByRole('link', { name: /\/tours\// })],
        // The namespace its tour's link is in, with that one tour.
        [
          'Player link namespaces',
          'player_link_namespaces',
          (tab) => tab.getByRole('cell', { name: '1', exact: true }),
        ],
        ['Orders', 'orders', (tab) => tab.getByRole('link', { name: `Order ${orderNumber}` })],
        ['Bookings', 'bookings', (tab) => tab.getByText('No bookings yet.')],
        ['Clients', 'clients', (tab) => tab.getByText('No clients.')],
        ['Floor-plan configuration', 'floorplan_configuration', (tab) => tab.getByText('Suppliers draw')],
        ['Billing', 'billing', (tab) => tab.getByText('15% off its plan.')],
        ['Credits', 'credits', (tab) => row(tab, 'Sorry for the late plan').first()],
        ['Domain', 'domain', (tab) => tab.getByText('No white-label domain')],
        // Nobody has acted as this provider in this suite: the log says so, for this provider alone.
        [
          'Impersonations',
          'impersonations',
          (tab) => tab.getByText('No administrator has acted as this provider.'),
        ],
        // On a phone each change is a block of its own rather than a table's row.
        [
          'Audit',
          'audit',
          (tab) => tab.getByRole('listitem').filter({ hasText: 'Negotiated pricing' }).first(),
        ],
      ];
      await page.goto(providerPage());
      await page.getByRole('heading', { name: PROVIDER, level: 1 }).waitFor();
      for (const [label, tabPath, shown] of tabs) {
        await openTab(page, label, tabPath);
        await shown(panel(page, label)).waitFor();
        await fitsThePhone(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `phone-${tabPath || 'overview'}.png`),
          fullPage: true,
        });
      }
      // The providers list with its tag and filter, a block per provider.
      await page.goto(`${base}/admin/providers`);
      await page
        .getByRole('list', { name: 'Providers' })
        .getByRole('listitem')
        .filter({ hasText: PROVIDER })
        .getByText(TAG)
        .waitFor();
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-providers.png'), fullPage: true });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
  it('lists every provider’s digital twins, searched by their property, at both widths', async () => {
    // The provider's twin of a model the back office added to the platform's library, aligned by four pairs of
    // points (through the API).
    const uploaded = await (
      await it_.signIn('admin@demo.test')
    )
      .send('post', '/admin/vt_staging/assets')
      .field('asset[name]', 'Harbour street')
      .field('asset[category_id]', 'sofas')
      .attach('asset[file]', await glb({ size: [10, 6, 8] }), {
        filename: 'street.glb',
        contentType: 'model/gltf-binary',
      })
      .expect(201);
    const model = uploaded.body.data as { id: string; name: string };
    const twin = `/provider/properties/${propertyId}/digital_twin`;
    await provider.send('post', twin, { digital_twin: { asset_id: model.id } }).expect(201);
    const corners = [
      { x: 0, y: 0, z: 0 },
      { x: 10, y: 0, z: 0 },
      { x: 10, y: 0, z: 8 },
      { x: 5, y: 6, z: 4 },
    ];
    await provider
      .send('put', `${twin}/layers/alignment`, {
        alignmentPoints: corners.map((model) => ({
          model,
          scan: { x: model.x + 2, y: model.y, z: model.z + 0.03 },
        })),
      })
      .expect(200);

    const page = admin;
    await page.goto(`${base}/admin`);
    await page.getByRole('menuitem', { name: 'Digital twins' }).click();
    await page.getByRole('textbox', { name: 'Property title or address' }).fill('lighthouse');
    // The search applies after its debounce, by moving to the list's filtered address: the row of the unfiltered list
    // can be clicked before that, and the late move would take the page back to the list.
    await page.waitForURL(/lighthouse/);
    const listed = row(page, PROPERTY);
    await listed.getByRole('cell', { name: 'Aligned', exact: true }).waitFor();
    expect(await listed.getByRole('cell', { name: model.name, exact: true }).count()).toBe(1);
    expect(await listed.getByRole('cell', { name: '0.0 cm', exact: true }).count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'digital-twins.png') });
    await listed.getByRole('link', { name: 'Open provider' }).click();
    await page.getByRole('heading', { name: PROVIDER, level: 1 }).waitFor();

    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${base}/admin/digital_twins`);
      await page
        .getByRole('list', { name: 'Digital twins' })
        .getByRole('listitem')
        .filter({ hasText: PROPERTY })
        .filter({ hasText: 'Aligned' })
        .waitFor();
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-digital-twins.png'), fullPage: true });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
