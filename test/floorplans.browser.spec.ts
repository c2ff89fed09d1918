import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ORDER_CREDITS } from '@tourly/contracts';
import { aDeliveredPlan, giveCredits, PNG } from '../services/orders/test/support';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { someClients } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'floorplans');

/**
 * The provider's floor plans page in a real browser at a phone's width: the plans its orders delivered (two
 * properties' here, delivered through the team's API as in orders.browser), how they are drawn, a plan handed to a
 * client from its row and found again by the client filter, the search by name, and the plan's file opened. A
 * provider with no plan yet sees what the page is for.
 */
jest.setTimeout(120_000);

describe('the floor plans page in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Plans Media');
    const [admin, va, supplier] = await Promise.all(
      ['admin@demo.test', 'va@demo.test', 'supplier@demo.test'].map((email) => it_.signIn(email)),
    );
    await giveCredits(admin, provider.providerId, 2 * ORDER_CREDITS.floorplan);
    const team = { va, supplier };
    await aDeliveredPlan(provider, team, {
      title: 'Harbour View Terrace',
      kind: 'floorplan',
      filename: 'harbour-ground.png',
    });
    await aDeliveredPlan(provider, team, {
      title: 'Ocean Street Cottage',
      kind: 'floorplan',
      filename: 'ocean-cottage.png',
    });
    await provider
      .send('post', '/provider/clients/create_from_dashboard', { client_form: { name: 'Coastal Homes' } })
      .expect(201);
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const HARBOUR = 'Harbour View Terrace · Floor plan · harbour-ground.png';
  const OCEAN = 'Ocean Street Cottage · Floor plan · ocean-cottage.png';

  it('lists the delivered plans, hands one to a client, finds it by client and by name, and opens its file', async () => {
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Floor plans' }).click();
    await page.getByRole('heading', { name: 'Floor plans', level: 1 }).waitFor();

    // How the plans are drawn: the defaults of a provider no administrator configured.
    const drawing = page.getByRole('region', { name: 'How your plans are drawn' });
    await drawing.getByText('Classic', { exact: true }).waitFor();
    await drawing
      .getByText('Metric units, showing wall dimensions, room areas, the total area.', { exact: false })
      .waitFor();

    // Both plans, newest first, each with its property and order.
    const list = page.getByRole('list', { name: 'Floor plans' });
    await page.getByRole('status').getByText('2 floor plans').waitFor();
    expect(await list.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([OCEAN, HARBOUR]);
    const harbour = list.getByRole('listitem', { name: HARBOUR });
    await harbour.getByRole('link', { name: 'Harbour View Terrace' }).waitFor();
    await harbour.getByRole('link', { name: /^Order \d+$/ }).waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-floorplans.png'), fullPage: true });

    // Handed to a client from its row: saved at once, and the client filter finds it alone.
    await harbour.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Coastal Homes' });
    await harbour.getByRole('status').getByText('Handed to the client.').waitFor();
    await page
      .getByRole('search', { name: 'Floor plans' })
      .getByRole('combobox', { name: 'Client' })
      .selectOption({ label: 'Coastal Homes' });
    await page.waitForURL(/[?&]client=[0-9a-f-]{36}/);
    await page.getByRole('status').getByText('1 floor plan', { exact: true }).waitFor();
    expect(await list.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([HARBOUR]);
    const assigned = await provider.get('/provider/orders/floorplan_variants.json').expect(200);
    expect(
      (assigned.body.data.items as Array<{ name: string; provider_client_id: string | null }>).map(
        (variant) => [variant.name, variant.provider_client_id !== null],
      ),
    ).toEqual([
      [OCEAN, false],
      [HARBOUR, true],
    ]);

    // The search by name, the filters cleared: the other plan alone.
    await page.goto(`${it_.base}/provider/floorplans`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('ocean');
    await page.waitForURL(/[?&]search=ocean/);
    await page.getByRole('status').getByText('1 floor plan', { exact: true }).waitFor();
    expect(await list.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([OCEAN]);

    // Its file: a link valid an hour, to the plan the supplier delivered.
    const ocean = list.getByRole('listitem', { name: OCEAN });
    await ocean.getByRole('button', { name: 'Get the file' }).click();
    const file = ocean.getByRole('link', { name: 'Open ocean-cottage.png' });
    const fetched = await fetch((await file.getAttribute('href'))!);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);

    // A search nothing matches says so and clears.
    await page.getByRole('searchbox', { name: 'Search' }).fill('nowhere');
    await page.getByRole('heading', { name: 'No floor plans match' }).waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByRole('status').getByText('2 floor plans').waitFor();
    await fitsTheWidth(page);
  });

  it('past a hundred clients, opens a search in the row it is asked for, not in every row', async () => {
    const names = Array.from({ length: 101 }, (_, index) => `Agency ${String(index + 1).padStart(3, '0')}`);
    const ids = await someClients(provider, names);
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/floorplans`);
    const list = page.getByRole('list', { name: 'Floor plans' });
    const ocean = list.getByRole('listitem', { name: OCEAN });
    const harbour = list.getByRole('listitem', { name: HARBOUR });

    // The filter has its search box; each row a button, and no box until it is pressed.
    await page
      .getByRole('search', { name: 'Floor plans' })
      .getByRole('searchbox', { name: 'Find a client' })
      .waitFor();
    await ocean.getByRole('button', { name: 'Find a client' }).waitFor();
    expect(await list.getByRole('button', { name: 'Find a client' }).count()).toBe(2);
    expect(await list.getByRole('searchbox').count()).toBe(0);
    // The plan handed to Coastal Homes (the 102nd client by name) still shows it.
    const harbourClient = harbour.getByRole('combobox', { name: 'Client' });
    await harbourClient
      .locator('option:checked', { hasText: 'Coastal Homes' })
      .waitFor({ state: 'attached' });

    await ocean.getByRole('button', { name: 'Find a client' }).click();
    const search = ocean.getByRole('searchbox', { name: 'Find a client' });
    expect(await search.evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
    await search.fill('agency 101');
    const oceanClient = ocean.getByRole('combobox', { name: 'Client' });
    await oceanClient.locator('option', { hasText: 'Agency 001' }).waitFor({ state: 'detached' });
    expect(await oceanClient.locator('option').allTextContents()).toEqual(['No client', 'Agency 101']);
    await oceanClient.selectOption({ label: 'Agency 101' });
    await ocean.getByRole('status').getByText('Handed to the client.').waitFor();
    await harbour.getByRole('button', { name: 'Find a client' }).waitFor();
    await fitsTheWidth(page);

    const handed = await provider.get('/provider/orders/floorplan_variants.json').expect(200);
    expect(
      (handed.body.data.items as Array<{ name: string; provider_client_id: string | null }>).find(
        (variant) => variant.name === OCEAN,
      )?.provider_client_id,
    ).toBe(ids.get('Agency 101'));
    await page.context().close();
  });

  it('tells a provider with no plan yet what the page is for', async () => {
    const newcomer = await it_.signUp('Fresh Plans');
    const page = await signedInPage(browser, it_.base, newcomer, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/floorplans`);
    const empty = page.getByRole('region', { name: 'No floor plans yet' });
    await empty.getByText(/Each plan an order delivers is kept here/).waitFor();
    await empty.getByRole('button', { name: 'Order a floor plan' }).click();
    await page.getByRole('dialog', { name: 'Order a floor plan' }).waitFor();
    await fitsTheWidth(page);
  });
});
