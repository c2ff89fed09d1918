import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { signedInPage } from './support/browser';
import { showcaseConnected } from './support/matterport';
import type { PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'wayfinding-welcome');

/**
 * Issue 34's wayfinding and welcome screens in a real browser against the whole platform. A provider builds a
 * sequence of welcome screens beside the tour space's preview (a screen without a title refused in the server's
 * words, a photo uploaded, the screens reordered) and meets them in the preview; makes two places where the
 * preview's camera stands in the Showcase stand-in and a journey between them; makes the tour premium and shares it.
 * A visitor on a phone meets the welcome screens full screen (Next, then Start the tour), then follows the journey
 * step by step to its end.
 */
jest.setTimeout(150_000);

describe('wayfinding and welcome screens in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
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

  async function openTourSpace(page: Page, propertyId: string, title: string): Promise<void> {
    await page.goto(`${base}/provider/properties/${propertyId}/virtual-tour/space`);
    await page.getByRole('heading', { name: 'Virtual tour', level: 1 }).waitFor();
    await preview(page).getByText(title, { exact: true }).waitFor();
  }

  /** Two welcome screens, the second with a photo, saved; a screen without a title refused first. */
  async function buildWelcomeScreens(page: Page): Promise<void> {
    const screens = editor(page, 'Welcome screens');
    await screens.getByText('No welcome screens: the tour starts at once.').waitFor();
    await screens.getByRole('button', { name: 'Add a screen' }).click();
    await screens.getByRole('button', { name: 'Save welcome screens' }).click();
    const first = screens.getByRole('listitem', { name: 'Screen 1' });
    await first.getByText('Required').waitFor();

    await first.getByRole('textbox', { name: 'Title' }).fill('The view');
    await first.getByRole('combobox', { name: 'Media', exact: true }).selectOption('photo');
    const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await first
      .getByLabel('Upload the photo of The view')
      .setInputFiles({ name: 'view.jpg', mimeType: 'image/jpeg', buffer: photo });
    await first.getByRole('img', { name: 'The view: its photo' }).waitFor();

    await screens.getByRole('button', { name: 'Add a screen' }).click();
    const second = screens.getByRole('listitem', { name: 'Screen 2' });
    await second.getByRole('textbox', { name: 'Title' }).fill('Welcome home');
    await second.getByRole('textbox', { name: 'Text' }).fill('A harbour apartment with a view.');
    await second.getByRole('button', { name: 'Move Welcome home up' }).click();
    await screens.getByRole('button', { name: 'Save welcome screens' }).click();
    await screens.getByRole('status').getByText('Saved.').waitFor();
  }

  it('the provider builds welcome screens and meets them in the preview', async () => {
    const provider = await it_.signUp('Welcome Screens Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Harbour Welcome');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await openTourSpace(page, propertyId, 'Harbour Welcome');
    await buildWelcomeScreens(page);

    // The preview shows them as visitors will, one after another.
    const dialog = preview(page).getByRole('dialog', { name: 'Welcome home' });
    await dialog.getByText('Screen 1 of 2').waitFor();
    await dialog.getByRole('button', { name: 'Skip all' }).waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const view = preview(page).getByRole('dialog', { name: 'The view' });
    await view.locator('img').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'preview-welcome-screens.png') });
    await view.getByRole('button', { name: 'Start the tour' }).click();
    await view.waitFor({ state: 'detached' });

    // Saved for good: a new visit to the editor lists them in their order.
    await page.reload();
    const screens = editor(page, 'Welcome screens');
    await screens.getByRole('listitem', { name: 'Screen 2' }).waitFor();
    expect(
      await screens
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((item) => (item.querySelector('input') as { value: string } | null)?.value),
        ),
    ).toEqual(['Welcome home', 'The view']);
  });

  it('a journey made in the preview’s space is followed by a visitor on a phone, after the welcome screens', async () => {
    const provider = await it_.signUp('Wayfinding Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Harbour Journey');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await openTourSpace(page, propertyId, 'Harbour Journey');
    await buildWelcomeScreens(page);
    await preview(page)
      .getByRole('dialog', { name: 'Welcome home' })
      .getByRole('button', { name: 'Skip all' })
      .click();

    // Two places where the preview's camera stands: the room it starts in, then two rooms on.
    const showcase = page.frameLocator('iframe.tour-model');
    await showcaseConnected(page);
    await showcase.getByRole('button', { name: 'Explore the 3D space' }).click();
    const wayfinding = editor(page, 'Wayfinding');
    const add = wayfinding.getByRole('button', { name: 'Add the place the preview stands at' });
    await expect(add.isEnabled()).resolves.toBe(true);
    const start = await roomNow(page);
    await wayfinding.getByRole('textbox', { name: 'Name of the new place' }).fill(start);
    await add.click();
    const walked = [start];
    for (let step = 0; step < 2; step++) walked.push(await walkOn(page, walked));
    const end = walked[walked.length - 1]!;
    await wayfinding.getByRole('textbox', { name: 'Name of the new place' }).fill(end);
    await add.click();
    await wayfinding.getByRole('button', { name: 'Add a journey' }).click();
    await wayfinding.getByRole('textbox', { name: 'Journey 1' }).fill(`Take me to the ${end}`);
    await wayfinding.getByRole('button', { name: 'Save wayfinding' }).click();
    await wayfinding.getByRole('status').getByText('Saved.').waitFor();

    // Premium and shared, as the Publishing section does it.
    const shared = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { tour: true, premium: true },
    });
    expect(shared.status).toBe(200);
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;

    // The visitor on a phone: the welcome screens full screen, then the tour.
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const visitor = await context.newPage();
    visitor.on('pageerror', (error) => uncaught.push(error.message));
    await visitor.goto(`${base}/tours/${link.client_slug}/${link.model_slug}`);
    const welcome = visitor.getByRole('dialog', { name: 'Welcome home' });
    const box = await welcome.locator('.welcome-screens-card').boundingBox();
    expect(box).toMatchObject({ width: PHONE.width });
    await welcome.getByRole('button', { name: 'Next' }).click();
    await visitor
      .getByRole('dialog', { name: 'The view' })
      .getByRole('button', { name: 'Start the tour' })
      .click();

    // The journey, step by step, to its end.
    await showcaseConnected(visitor);
    await visitor.getByRole('button', { name: 'Find your way' }).click();
    await visitor.getByRole('button', { name: `Take me to the ${end}` }).click();
    // Each step is said as it starts (`Step 2 of 3`, unit-tested in journey.spec.ts); the end is waited for.
    await visitor.getByText(`You have arrived: ${end}.`).waitFor();
    expect(await visitor.frameLocator('iframe.tour-model').locator('body').getAttribute('data-room')).toBe(
      end,
    );
    await visitor.screenshot({ path: path.join(SCREENSHOTS, 'phone-arrived.png') });
    await context.close();
  });
});

/** The room the preview's camera stands in (the Showcase stand-in says it on its body). */
async function roomNow(page: Page): Promise<string> {
  const body = page.frameLocator('iframe.tour-model').locator('body[data-room]');
  await body.waitFor({ state: 'attached' });
  return (await body.getAttribute('data-room'))!;
}

/** One step to a room not walked yet, through the stand-in's own "Go to" buttons. */
async function walkOn(page: Page, walked: string[]): Promise<string> {
  const showcase = page.frameLocator('iframe.tour-model');
  const labels = await showcase.getByRole('button', { name: /^Go to / }).allTextContents();
  const room = labels.map((label) => label.replace(/^Go to /, '').trim()).find((r) => !walked.includes(r));
  if (!room) throw new Error(`no room left to walk to after ${walked.join(', ')}`);
  await showcase.getByRole('button', { name: `Go to ${room}`, exact: true }).click();
  await showcase.locator(`body[data-room="${room}"]`).waitFor({ state: 'attached' });
  return room;
}
