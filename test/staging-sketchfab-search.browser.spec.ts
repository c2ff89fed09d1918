import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signedInPage } from './support/browser';
import type { PlatformWithEmulators } from './support/platform';
import { aSharedTour, onPlan } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'staging-sketchfab-search');

// A browser against the whole platform with the emulators and storage: on a loaded 2-core machine a journey is long.
jest.setTimeout(240_000);

/**
 * Issue 36, searching Sketchfab from the staging editor: results as cards (the emulator's catalogue), a licence that
 * does not allow staging said in words on its card, "More results" for the next page, and a result imported into the
 * provider's library once its account is connected.
 */
describe('searching Sketchfab in the staging editor', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release, base } = await sharedBrowserPlatform());
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  it('a provider on Creator searches "sofa", imports the result and finds it in the library', async () => {
    const provider = await it_.signUp('Search Staging Media');
    await onPlan(it_, provider, 'vt_creator_plan');
    const { propertyId } = await aSharedTour(provider, 'Search Loft');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await page.goto(`${base}/provider/properties/${propertyId}/vt_staging/edit`);
    const library = page.getByRole('region', { name: 'Library', exact: true });
    const results = library.getByRole('list', { name: 'Sketchfab results' });
    const searchbox = library.getByRole('searchbox', { name: 'Search Sketchfab' });
    const search = async (words: string) => {
      await searchbox.fill(words);
      await library.getByRole('button', { name: 'Search', exact: true }).click();
    };

    // Searching needs no connection: a refused licence is said on its card, and every page is reachable.
    await search('lamp');
    const ceramic = results.getByRole('listitem').filter({ hasText: 'Ceramic Table Lamp' });
    await ceramic.getByText('does not allow using it in a staged scene', { exact: false }).waitFor();
    expect(await ceramic.getByRole('button').count()).toBe(0);
    await results
      .getByRole('listitem')
      .filter({ hasText: 'Brass Floor Lamp' })
      .getByText('Connect Sketchfab to import it.')
      .waitFor();
    await search('a');
    await results.getByRole('listitem').nth(5).waitFor();
    expect(await results.getByRole('listitem').count()).toBe(6);
    await library.getByRole('button', { name: 'More results' }).click();
    await results.getByRole('listitem').nth(7).waitFor();
    await library.getByRole('button', { name: 'More results' }).waitFor({ state: 'detached' });

    // Connected (Sketchfab's consent page, back in the editor), a result is imported.
    await library.getByRole('button', { name: 'Connect Sketchfab' }).click();
    await page
      .getByRole('button', { name: /^Continue as / })
      .first()
      .click();
    await page.waitForURL(/\/vt_staging\/edit\?sketchfab=connected$/);
    await search('sofa');
    const sofa = results.getByRole('listitem').filter({ hasText: 'Mid-Century Sofa' });
    await sofa.getByText('by Nordic Loft Studio · CC Attribution').waitFor();
    await sofa.getByRole('button', { name: 'Import Mid-Century Sofa' }).click();
    await library.getByText('“Mid-Century Sofa” is in your library', { exact: false }).waitFor();
    await library.screenshot({ path: path.join(SCREENSHOTS, 'desktop-search.png') });
    await library.getByRole('searchbox', { name: 'Search the library' }).fill('Mid-Century');
    await library
      .getByRole('list', { name: 'Library models' })
      .getByRole('button', { name: 'Place Mid-Century Sofa' })
      .waitFor();
  });
});
