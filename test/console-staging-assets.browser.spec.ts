import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { png } from '../services/properties/test/media-support';
import { glb } from '../services/properties/test/staging-support';
import { fitsTheWidth, launchChromium, signInAsDemoAdmin } from './support/browser';
import { startPlatformWithEmulators, type PlatformWithEmulators } from './support/platform';
import { aSharedTour, onPlan } from './support/provider';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-staging-assets');

const ASSET = 'Mid-century sofa';
const RENAMED = 'Walnut mid-century sofa';
const REFUSED = 'Not a model';
const NOT_A_GLB = 'must be a 3D model in glTF binary (GLB)';
const CREDIT = '“Mid-century sofa” by Ada Modeller, CC Attribution';
/** Placed in a published staging scene: deleting it archives it. */
const PLACED = 'Brass floor lamp';
/** Made through the API for the phone's check. */
const PHONE_ASSET = 'Rattan armchair';

/**
 * The console's staging asset screens (issue 36) in a real browser (Debian's Chromium) against the whole platform, its
 * models in the local S3 server: an admin uploads a GLB with a third-party credit (its progress shown, the browser's
 * upload held to 512 kB/s) and finds it listed with its measures, after a PNG named .glb was refused under the file
 * input in the server's words with nothing listed; renames it (a blank name and a licence link without its scheme
 * refused under their inputs first), archives and restores it, reads its own log from its row, deletes it for good,
 * and reads every one of those in the log, newest first. Deleting another asset, which a provider's published staging
 * scene places, archives it instead, and the admin is told so. Then the library and the upload form on a 390 px
 * phone, nothing wider than it.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

describe('the console’s staging asset library in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let base: string;
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
    admin = await signInAsAdmin(DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /** The demo platform admin, signed in from the sign-in page. */
  const signInAsAdmin = (viewport: { width: number; height: number }) =>
    signInAsDemoAdmin(browser, base, viewport, uncaught);

  const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
  const cells = async (scope: Locator) =>
    (await scope.getByRole('cell').allInnerTexts()).map((t) => t.trim());

  /** Picks an option of a react-admin SelectInput (MUI's select: a combobox and its listbox). */
  async function choose(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** The are-you-sure dialog: its question, then its confirm button. */
  async function confirm(page: Page, title: string, button: string): Promise<void> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** What the input's description (its helper text, where a refusal goes) says. */
  async function describedBy(input: Locator): Promise<string> {
    const id = await input.getAttribute('aria-describedby');
    return (await input.page().locator(`[id="${id}"]`).innerText()).trim();
  }

  /** Nothing of the page reaches past a phone's width (a wide table scrolls inside its own box). */
  async function fitsThePhone(page: Page): Promise<void> {
    await fitsTheWidth(page);
  }

  /** The library's list, loaded: its search box, then no progress bar. */
  async function openLibrary(page: Page): Promise<void> {
    await page.goto(`${base}/admin/staging_assets`);
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
  }

  it('uploads a GLB with its credit and lists it, after a PNG named .glb is refused under the file', async () => {
    const page = admin;
    // The dashboard no longer says the staging assets are to come, and links to them.
    await page
      .getByRole('navigation', { name: 'Work on' })
      .getByRole('link', { name: 'Staging assets' })
      .click();
    await page.waitForURL(`${base}/admin/staging_assets`);
    await page.getByRole('link', { name: 'New asset' }).click();
    await page.waitForURL(`${base}/admin/staging_assets/create`);
    await page.getByRole('heading', { name: 'New staging asset', level: 1 }).waitFor();

    const file = page.getByLabel('Model file (GLB)');
    await file.setInputFiles({ name: 'sofa.glb', mimeType: 'model/gltf-binary', buffer: await png(64, 64) });
    await page.getByText('sofa.glb ·').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(REFUSED);
    await choose(page, 'Category', 'Sofas');
    await page.getByRole('button', { name: 'Upload asset' }).click();
    await page.getByText(NOT_A_GLB).waitFor();
    expect(await describedBy(file)).toBe(NOT_A_GLB);
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('The form contains 1 error(s)').waitFor();
    expect(page.url()).toBe(`${base}/admin/staging_assets/create`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-upload-refused.png'), fullPage: true });

    // The model itself (2 MB), named and credited; its upload goes with its progress (the browser's network held to
    // 512 kB/s, so that the progress is there to be seen), then the list shows it first.
    await file.setInputFiles({
      name: 'mid-century-sofa.glb',
      mimeType: 'model/gltf-binary',
      buffer: await glb({ triangles: 1234, padding: 2_000_000 }),
    });
    await page.getByText('mid-century-sofa.glb ·').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(ASSET);
    const credit: [string, string][] = [
      ['Model id (Sketchfab uid)', 'c0ffee12'],
      ['Model name', 'Mid-century sofa'],
      ['Author', 'Ada Modeller'],
      ['Author’s profile URL', 'https://sketchfab.test/ada'],
      ['Licence', 'CC Attribution'],
      ['Licence URL', 'https://creativecommons.org/licenses/by/4.0/'],
    ];
    for (const [label, value] of credit)
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await page.getByRole('button', { name: 'Upload asset' }).click();
    await page.getByRole('progressbar', { name: 'Uploading the model' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Uploading \d+%$/ })
      .waitFor();
    await page.waitForURL(`${base}/admin/staging_assets`);
    await network.detach();
    await page.getByText(`Staging asset “${ASSET}” added to the platform’s library.`).waitFor();

    const listed = row(page, ASSET);
    await listed.waitFor();
    expect(await cells(listed)).toEqual([
      '',
      `${ASSET}\nmid-century-sofa.glb`,
      'Sofas',
      'Platform',
      '1,234',
      expect.stringMatching(/^\d\.\d MB$/),
      '2.00 × 0.90 × 0.80 m',
      CREDIT,
      'In the library',
      expect.stringMatching(/^Edit\s+Archive\s+Delete\s+Log$/i),
    ]);
    // Its picture: the thumbnail made at upload, loaded lazily at a fixed size, named by the asset.
    const picture = listed.getByRole('img', { name: ASSET });
    // A function, not a string: the page's CSP refuses a string evaluated as code.
    await page.waitForFunction(
      (image) => image.complete && image.naturalWidth === 256,
      await picture.elementHandle(),
    );
    expect(await picture.getAttribute('loading')).toBe('lazy');
    const shown = (await picture.boundingBox())!;
    expect([shown.width, shown.height]).toEqual([48, 48]);
    // The refused upload left nothing.
    await page.getByRole('textbox', { name: 'Name' }).fill('model');
    await page.waitForURL(/filter=.*model/);
    await listed.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Name' }).fill('');
    await listed.waitFor();
    expect(await row(page, REFUSED).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-library.png'), fullPage: true });
  });

  it('renames it, a blank name and a bad licence link refused under their inputs first', async () => {
    const page = admin;
    await openLibrary(page);
    await row(page, ASSET)
      .getByRole('button', { name: `Edit ${ASSET}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit staging asset “${ASSET}”` });
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.inputValue()).toBe(ASSET);
    expect(await dialog.getByRole('textbox', { name: 'Licence', exact: true }).inputValue()).toBe(
      'CC Attribution',
    );

    const licenceUrl = dialog.getByRole('textbox', { name: 'Licence URL', exact: true });
    await name.fill('');
    await licenceUrl.fill('creativecommons.org/licenses/by/4.0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The form contains 2 error(s)').waitFor();
    expect(await describedBy(name)).toBe('Required');
    expect(await describedBy(licenceUrl)).toBe('Invalid URL');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-edit-refused.png'), fullPage: true });

    await name.fill(RENAMED);
    await licenceUrl.fill('https://creativecommons.org/licenses/by/4.0/');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Staging asset “${RENAMED}” saved.`).waitFor();
    await row(page, RENAMED).waitFor();
  });

  it('archives it after its question, then restores it', async () => {
    const page = admin;
    await openLibrary(page);
    const listed = row(page, RENAMED);
    await listed.getByRole('button', { name: `Archive ${RENAMED}` }).click();
    await page.getByText('Providers no longer find it in their library.', { exact: false }).waitFor();
    await confirm(page, `Archive staging asset “${RENAMED}”?`, 'Archive');
    await listed.getByText('Archived', { exact: true }).waitFor();
    await listed.getByRole('button', { name: `Restore ${RENAMED}` }).click();
    await listed.getByText('In the library', { exact: true }).waitFor();
    await listed.getByRole('button', { name: `Archive ${RENAMED}` }).waitFor();
  });

  it('reads its own log from its row, newest first', async () => {
    const page = admin;
    await openLibrary(page);
    await row(page, RENAMED)
      .getByRole('link', { name: `Log of ${RENAMED}` })
      .click();
    await page.waitForURL(/\/admin\/staging_asset_log\?filter=/);
    await page.getByText(`The log of “${RENAMED}” only.`).waitFor();
    await row(page, 'Restored').waitFor();
    expect(await logRows(page)).toEqual([
      ['Restored', RENAMED, 'Archived: Yes → No'],
      ['Archived', RENAMED, 'Archived: No → Yes'],
      ['Updated', RENAMED, `Name: ${ASSET} → ${RENAMED}`],
      ['Created', ASSET, '—'],
    ]);
  });

  it('deletes it for good after its question, and the log says all of it', async () => {
    const page = admin;
    await openLibrary(page);
    await row(page, RENAMED)
      .getByRole('button', { name: `Delete ${RENAMED}` })
      .click();
    const question = page.getByRole('dialog', { name: `Delete staging asset “${RENAMED}”?` });
    await question
      .getByText('If a published staging scene places it, it is archived instead', { exact: false })
      .waitFor();
    await confirm(page, `Delete staging asset “${RENAMED}”?`, 'Delete');
    await page.getByText(`Staging asset “${RENAMED}” deleted for good.`).waitFor();
    await row(page, RENAMED).waitFor({ state: 'detached' });

    // The whole log, from the menu; each row says who did it, as the API logged it.
    await page.getByRole('menuitem', { name: 'Staging asset log' }).click();
    await page.waitForURL(`${base}/admin/staging_asset_log`);
    await row(page, 'Deleted').waitFor();
    expect(await page.getByText(/^The log of .* only\.$/).count()).toBe(0);
    expect(await logRows(page)).toEqual([
      ['Deleted', RENAMED, '—'],
      ['Restored', RENAMED, 'Archived: Yes → No'],
      ['Archived', RENAMED, 'Archived: No → Yes'],
      ['Updated', RENAMED, `Name: ${ASSET} → ${RENAMED}`],
      ['Created', ASSET, '—'],
    ]);
    const api = await it_.signIn('admin@demo.test');
    const logged = await api.get('/admin/vt_staging/asset/logs.json').expect(200);
    const actors = new Set(
      (logged.body.data.items as { actor_user_id: string }[]).map((r) => r.actor_user_id),
    );
    expect(actors.size).toBe(1);
    const [actor] = [...actors];
    expect(await page.getByRole('cell', { name: `User ${actor!}` }).count()).toBe(5);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-log.png'), fullPage: true });
  });

  it('archives instead of deleting an asset a published staging scene places, and says so', async () => {
    // A provider on the Creator plan places the platform's lamp in its shared tour's scene and publishes it.
    const api = await it_.signIn('admin@demo.test');
    const lamp = await api
      .send('post', '/admin/vt_staging/assets')
      .field('asset[name]', PLACED)
      .field('asset[category_id]', 'lighting')
      .attach('asset[file]', await glb({ size: [0.4, 1.6, 0.4] }), 'lamp.glb')
      .expect(201);
    const provider = await it_.signUp('Harbour Lights Media');
    await onPlan(it_, provider, 'vt_creator_plan');
    const { propertyId } = await aSharedTour(provider, 'Lighthouse Loft');
    await provider
      .send('post', `/provider/properties/${propertyId}/vt_staging/scene`, {
        scene: {
          placements: [
            { asset_id: lamp.body.data.id, position: { x: 1, y: 0, z: -2 }, yaw: 90, scale: 1, floor: 0 },
          ],
        },
      })
      .expect(200);
    const slug = (await provider.get(`/provider/properties/${propertyId}`).expect(200)).body.data
      .slug as string;
    await provider
      .send('put', '/provider/virtual_tours/layers/publish', { property_slug: slug, publish: true })
      .expect(200);

    const page = admin;
    await openLibrary(page);
    const listed = row(page, PLACED);
    await listed.getByRole('button', { name: `Delete ${PLACED}` }).click();
    await confirm(page, `Delete staging asset “${PLACED}”?`, 'Delete');
    await page
      .getByText(
        `Staging asset “${PLACED}” archived instead of deleted: a published staging scene places it.`,
      )
      .waitFor();
    await listed.getByText('Archived', { exact: true }).waitFor();
    await listed.getByRole('link', { name: `Log of ${PLACED}` }).click();
    await page.getByText(`The log of “${PLACED}” only.`).waitFor();
    await row(page, 'Archived').waitFor();
    expect(await logRows(page)).toEqual([
      ['Archived', PLACED, 'Archived: No → Yes'],
      ['Created', PLACED, '—'],
    ]);
  });

  it('shows the library and the upload form within a 390 px phone', async () => {
    const api = await it_.signIn('admin@demo.test');
    await api
      .send('post', '/admin/vt_staging/assets')
      .field('asset[name]', PHONE_ASSET)
      .field('asset[category_id]', 'chairs')
      .attach('asset[file]', await glb({ size: [0.7, 0.8, 0.7] }), 'armchair.glb')
      .expect(201);
    const page = await signInAsAdmin(PHONE);
    await openLibrary(page);
    const block = page
      .getByRole('list', { name: 'Staging assets' })
      .getByRole('listitem')
      .filter({ hasText: PHONE_ASSET });
    await block.getByText('0.70 × 0.80 × 0.70 m').waitFor();
    await block.getByRole('img', { name: PHONE_ASSET }).waitFor();
    for (const action of ['Edit', 'Archive', 'Delete']) {
      await block.getByRole('button', { name: `${action} ${PHONE_ASSET}` }).waitFor();
    }
    await block.getByRole('link', { name: `Log of ${PHONE_ASSET}` }).waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-library.png'), fullPage: true });

    await page.getByRole('link', { name: 'New asset' }).click();
    await page.getByRole('heading', { name: 'New staging asset', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Licence URL', exact: true }).waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-new-asset.png'), fullPage: true });
    await page.context().close();
  });

  /** The log's rows on the page: what, which asset, the changes. */
  async function logRows(page: Page): Promise<string[][]> {
    const body = page.getByRole('rowgroup').nth(1);
    const rows = await body.getByRole('row').all();
    return Promise.all(
      rows.map(async (each) => {
        const [, what, asset, , changes] = await cells(each);
        return [what!, asset!, changes!];
      }),
    );
  }
});
