import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { NOT_A_COLOUR, TOUR_MESSAGES } from '@tourly/contracts';
import { signedInPage } from './support/browser';
import type { PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';
/** The page's fonts, as the journeys read them in the page. */
interface PageFonts {
  document: {
    querySelector(selector: string): object | null;
    fonts: Iterable<{ family: string; weight: string; status: string }>;
  };
  getComputedStyle(element: object): { fontFamily: string; fontWeight: string };
}
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'tour-space');

/**
 * The tour space in a real browser (Debian's Chromium) against the whole platform, with the Matterport emulator's
 * stand-in of the Showcase embed under the overlay. A provider on Starter changes the overlay (a refused colour in
 * the server's words, then a banner colour, a bigger logo), builds a menu with a sub-menu of two links (a refused
 * URL under its field first) beside the contact form, sees each change in the preview, opens the menu there, and
 * publishes; a provider on the free plan builds and previews on a phone, is told to upgrade when publishing, keeps
 * the overlay as a template (found by search), discards the draft after asking, applies the template, deletes it.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the tour space in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
  const editor = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const draftState = (page: Page) =>
    page.getByRole('region', { name: 'Draft and publishing' }).getByRole('status').first();

  /** Resolves once the preview's top row has this background (the draft saved and the preview asked again). */
  async function topBannerIs(page: Page, colour: string): Promise<void> {
    const row = await preview(page).locator('.tour-row-top').elementHandle();
    await page.waitForFunction(({ row, colour }) => row?.style.background.includes(colour), { row, colour });
  }

  async function openTourSpace(page: Page, propertyId: string, title: string): Promise<void> {
    await page.goto(`${base}/provider/properties/${propertyId}/virtual-tour/space`);
    await page.getByRole('heading', { name: 'Virtual tour', level: 1 }).waitFor();
    await page.getByRole('link', { name: `← ${title}` }).waitFor();
    const space = page.getByRole('tab', { name: 'Space' });
    expect(await space.getAttribute('aria-selected')).toBe('true');
    // The preview: the Showcase stand-in under the overlay, with the property's title in the top row.
    const embed = preview(page).locator('iframe');
    await embed.waitFor();
    expect(await embed.getAttribute('src')).toContain('/matterport/show/');
    await preview(page).getByText(title, { exact: true }).waitFor();
  }

  it('on Starter, changes the overlay and the menu, sees them in the preview, and publishes', async () => {
    const provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Harbour View Apartment');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await openTourSpace(page, propertyId, 'Harbour View Apartment');

    // The overlay's hint shows to a person until they dismiss it; dismissed, it is recorded for them.
    const hint = editor(page, 'Overlay').getByRole('complementary', { name: 'Your brand over the tour' });
    await hint.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'detached' });
    const seen = await provider
      .get('/provider/onboarding/check_visibility.json?check=cs_overlay')
      .expect(200);
    expect(seen.body.data).toEqual({ check: 'cs_overlay', visible: false });

    // The tabs are addressable: a link opens one, and the Space tab comes back without `?tab`.
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.waitForURL(/\?tab=password$/);
    await page.getByRole('tab', { name: 'Space' }).click();
    await page.waitForURL(/\/virtual-tour\/space$/);

    // The top row's banner: a colour refused in the server's words, then one taken, shown in the preview.
    const overlay = editor(page, 'Overlay');
    const top = overlay.getByRole('group', { name: 'Top row', exact: true });
    await top.getByRole('combobox', { name: 'Top row banner', exact: true }).selectOption('color');
    const colour = top.getByRole('textbox', { name: 'Top row banner colour', exact: true });
    await colour.fill('dark blue');
    await colour.blur();
    await top.getByText(`Top row banner colour ${NOT_A_COLOUR}`).waitFor();
    await colour.fill('#123456');
    await topBannerIs(page, 'rgb(18, 52, 86)');
    await draftState(page).getByText('Draft saved · unpublished changes').waitFor();

    // The logo, right of the top row, made extra large.
    const right = overlay.getByRole('region', { name: 'Top row, right column' });
    await right.getByRole('combobox', { name: 'Logo size' }).selectOption('xl');
    await preview(page).locator('.tour-logo[data-size="xl"]').waitFor();

    // The title in a web font served with the app, Lato Black: the preview shows it in that font once its
    // stylesheet (loaded only now) and its woff2 (from the app's own origin, never a font host) have loaded.
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (/\.woff2?$/.test(new URL(request.url()).pathname)) fontFiles.push(request.url());
    });
    const left = overlay.getByRole('region', { name: 'Top row, left column' });
    const titleFont = left.getByRole('combobox', { name: 'Title font', exact: true });
    await titleFont.selectOption('lato');
    await left.getByRole('combobox', { name: 'Title weight', exact: true }).selectOption('900');
    expect(
      await left
        .getByRole('combobox', { name: 'Title weight', exact: true })
        .locator('option')
        .allTextContents(),
    ).toEqual(['Light 300', 'Normal 400', 'Bold 700', 'Black 900']);
    expect(await preview(page).locator('.tour-title').count()).toBe(1);
    await page.waitForFunction(() => {
      // What the page has, typed here: this project's TypeScript has no DOM types (and the CSP no string eval).
      const { document, getComputedStyle } = globalThis as unknown as PageFonts;
      const title = document.querySelector('.tour-title');
      const style = title && getComputedStyle(title);
      const unquoted = (family: string) => family.replace(/['"]/g, '');
      return (
        !!style &&
        unquoted(style.fontFamily).startsWith('Lato') &&
        style.fontWeight === '900' &&
        [...document.fonts].some(
          (face) => unquoted(face.family) === 'Lato' && face.weight === '900' && face.status === 'loaded',
        )
      );
    });
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(fontFiles.every((url) => new URL(url).origin === new URL(base).origin)).toBe(true);

    // The menu: a sub-menu of two links beside the default contact form; a refused link under its field first.
    const menu = editor(page, 'Menu');
    await menu.getByRole('combobox', { name: 'New entry type' }).selectOption('submenu');
    await menu.getByRole('button', { name: 'Add entry' }).click();
    const submenu = menu.getByRole('group', { name: 'Entry 3', exact: true });
    await submenu.getByRole('textbox', { name: 'Title' }).first().fill('Neighbourhood');
    const firstChild = submenu.getByRole('group', { name: 'Entry 3, child entry 1' });
    await firstChild.getByRole('textbox', { name: 'Title' }).fill('Schools');
    await firstChild.getByRole('textbox', { name: 'Link URL' }).fill('not a link');
    await firstChild.getByText('Invalid URL', { exact: false }).waitFor();
    await draftState(page).getByText('Not saved: see what to fix below').waitFor();
    await firstChild.getByRole('textbox', { name: 'Link URL' }).fill('https://example.com/schools');
    await submenu.getByRole('button', { name: 'Add child entry to Neighbourhood' }).click();
    const secondChild = submenu.getByRole('group', { name: 'Entry 3, child entry 2' });
    // A page the server will not read for its title (a private address), in its words under the field.
    await secondChild.getByRole('textbox', { name: 'Link URL' }).fill('http://10.1.2.3/private');
    await secondChild.getByRole('button', { name: 'Use the page’s title' }).click();
    await secondChild.getByText(`Link URL ${TOUR_MESSAGES.metadataNotPublic}`).waitFor();
    await secondChild.getByRole('textbox', { name: 'Title' }).fill('Parks');
    await secondChild.getByRole('textbox', { name: 'Link URL' }).fill('https://example.com/parks');
    await draftState(page).getByText('Draft saved · unpublished changes').waitFor();
    expect(
      await menu
        .getByRole('group', { name: 'Entry 1', exact: true })
        .getByRole('combobox', { name: 'Type' })
        .inputValue(),
    ).toBe('contact_form');

    // The preview's menu (a sidebar by default) has the sub-menu, which opens on its two links, and the contact form.
    const tour = preview(page);
    const menuButton = tour.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const tourMenu = tour.getByRole('navigation', { name: 'Tour menu' });
    const neighbourhood = tourMenu.getByRole('button', { name: 'Neighbourhood' });
    await neighbourhood.click();
    expect(await neighbourhood.getAttribute('aria-expanded')).toBe('true');
    const schools = tourMenu.getByRole('link', { name: /Schools/ });
    expect(await schools.getAttribute('href')).toBe('https://example.com/schools');
    expect(await schools.getAttribute('target')).toBe('_blank');
    await tourMenu.getByRole('link', { name: /Parks/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-menu.png') });
    await tourMenu.getByRole('button', { name: 'Contact the agent' }).click();
    const contact = tour.getByRole('dialog', { name: 'Contact the agent' });
    await contact.getByText('Contact details come with the published tour', { exact: false }).waitFor();
    await contact.getByRole('button', { name: 'Close' }).click();
    await contact.waitFor({ state: 'detached' });

    // Publishing: the draft's state says so, and the published layers hold what was built.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await draftState(page).getByText('· no unpublished changes', { exact: false }).waitFor();
    await draftState(page).getByText('Published', { exact: false }).waitFor();
    await page.getByText('Published: visitors see this version of the tour now.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-published.png'), fullPage: true });

    const link = await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200);
    const draft = await provider
      .get(`/provider/virtual_tours/${link.body.data.virtual_tour.id}/draft`)
      .expect(200);
    const published = draft.body.data.published;
    expect(draft.body.data.has_draft).toBe(false);
    expect(published.overlay.top.banner).toEqual({ style: 'color', color: '#123456' });
    expect(published.overlay.top.columns[2]).toEqual([{ type: 'logo', size: 'xl', source: 'provider' }]);
    expect(published.overlay.top.columns[0][1].font).toMatchObject({ family: 'lato', weight: 900 });
    expect(
      published.menu.entries.map((entry: { title: string; type: string }) => [entry.title, entry.type]),
    ).toEqual([
      ['Contact the agent', 'contact_form'],
      ['Location', 'map'],
      ['Neighbourhood', 'submenu'],
    ]);
    expect(published.menu.entries[2].child_entries.map((child: { url: string }) => child.url)).toEqual([
      'https://example.com/schools',
      'https://example.com/parks',
    ]);

    // After a reload the page reads the same: nothing waits to be published.
    await page.reload();
    await draftState(page).getByText('· no unpublished changes', { exact: false }).waitFor();
    await page.close();
  });

  it('on the free plan, builds and previews on a phone, and is told to upgrade when publishing', async () => {
    const provider = await it_.signUp('Small Town Photos');
    const propertyId = await aProperty(provider, 'Cottage by the Sea');
    const page = await signedInPage(browser, base, provider, PHONE, uncaught);
    await openTourSpace(page, propertyId, 'Cottage by the Sea');

    const top = editor(page, 'Overlay').getByRole('group', { name: 'Top row', exact: true });
    await top.getByRole('combobox', { name: 'Top row banner', exact: true }).selectOption('color');
    await top.getByRole('textbox', { name: 'Top row banner colour', exact: true }).fill('rgb(200, 30, 40)');
    await topBannerIs(page, 'rgb(200, 30, 40)');
    await draftState(page).getByText('Draft saved · unpublished changes').waitFor();

    // The menu style: full screen, which covers the tour, and fades when closed.
    await editor(page, 'Overlay').getByRole('combobox', { name: 'Menu type' }).selectOption('fullscreen');
    await draftState(page).getByText('Draft saved · unpublished changes').waitFor();
    const tour = preview(page);
    await tour.locator('.tour-menu-button').waitFor();
    await tour.getByRole('button', { name: 'Menu' }).click();
    await tour.locator('.tour-menu-fullscreen').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-fullscreen-menu.png') });
    await tour.getByRole('button', { name: 'Back to the tour' }).click();
    await tour.locator('.tour-menu-fullscreen').waitFor({ state: 'detached' });

    // Publishing is refused in the plan's words, with the way to upgrade; the draft stays unpublished.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = page.getByRole('region', { name: 'Draft and publishing' }).getByRole('alert');
    await refusal.getByText(PUBLISHING_NEEDS_PLAN, { exact: true }).waitFor();
    expect(await draftState(page).textContent()).toBe('Draft saved · unpublished changes');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-upgrade.png'), fullPage: true });
    await refusal.getByRole('button', { name: 'Upgrade plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByRole('article', { name: 'Starter' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    const link = await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200);
    const draft = await provider
      .get(`/provider/virtual_tours/${link.body.data.virtual_tour.id}/draft`)
      .expect(200);
    expect(draft.body.data.has_draft).toBe(true);
    expect(draft.body.data.published).toBeNull();

    // The overlay kept as a template, the draft discarded (after asking), then the template applied to it again.
    const templates = editor(page, 'Overlay templates');
    await templates.getByRole('textbox', { name: 'Template name' }).fill('Red banner');
    await templates.getByRole('button', { name: 'Save overlay as template' }).click();
    await templates.getByText('The overlay was saved as “Red banner”.').waitFor();
    await templates.getByRole('list', { name: 'Overlay templates' }).getByText('Red banner').waitFor();
    await templates.getByRole('searchbox', { name: 'Search templates' }).fill('blue');
    await templates.getByText('No templates named like “blue”.').waitFor();
    await templates.getByRole('searchbox', { name: 'Search templates' }).fill('red');
    await templates.getByRole('list', { name: 'Overlay templates' }).getByText('Red banner').waitFor();

    await page.getByRole('button', { name: 'Discard draft' }).click();
    const discarding = page.getByRole('dialog', { name: 'Discard the draft?' });
    await discarding.getByRole('button', { name: 'Discard draft' }).click();
    await draftState(page).getByText('Not published yet: visitors see the display defaults').waitFor();
    await topBannerIs(page, 'rgb(255, 255, 255)');

    await templates.getByRole('button', { name: 'Apply Red banner' }).click();
    await topBannerIs(page, 'rgb(200, 30, 40)');
    await draftState(page).getByText('Draft saved · unpublished changes').waitFor();
    await templates.getByRole('button', { name: 'Delete Red banner' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this template?' })
      .getByRole('button', { name: 'Delete template' })
      .click();
    await templates.getByText('No templates named like “red”.').waitFor();
    await page.close();
  });
});
