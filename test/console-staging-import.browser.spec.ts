import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { png } from '../services/properties/test/media-support';
import { CSV_CREDIT_CELLS, glb, startFileServer } from '../services/properties/test/staging-support';
import { IMPORT_COLUMNS } from '../services/properties/src/staging/imports/staging-imports.rules';
import { fitsTheWidth, launchChromium, signInAsDemoAdmin } from './support/browser';
import { startPlatformWithEmulators, type PlatformWithEmulators } from './support/platform';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-staging-import');

const HEADER = IMPORT_COLUMNS.join(',');
/** The file's rows that make assets, by line, and the one that cannot (a PNG named .glb). */
const CREATED = ['Oak dining table', 'Wool rug', 'Linen sofa', 'Rattan chair'];
const NOT_A_MODEL = 'Not a model';
const NOT_A_GLB = 'model_url: is not a readable glTF binary (GLB) model';
/** A created row's links (buttons' words are shown in capitals). */
const ASSET_LINKS = expect.stringMatching(/^In the library\s+Log$/i) as unknown as string;
const NO_CATEGORY = `has no category column: the header row names the columns (${IMPORT_COLUMNS.join(', ')})`;

/**
 * The console's bulk upload of staging assets (issue 36) in a real browser (Debian's Chromium) against the whole
 * platform: the CSV and its models are served by a web server this file starts, which the platform trusts as the
 * operator's own asset server (STAGING_IMPORT_TRUSTED_ORIGINS). An admin uploads a CSV of five models, one of them a
 * PNG named .glb; the import's page follows it (the last model held back by the server until the page has shown the
 * import running with four rows done), then says each row's outcome, the failed one's reason and what to do next.
 * The four new assets are in the library and logged `created`. A CSV without a category column is refused as a whole
 * under the URL, nothing imported. Then the import's page on a 390 px phone, nothing wider than it.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

describe('the console’s bulk upload of staging assets in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let base: string;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  let origin: string;
  /** The admin, signed in from the sign-in page at a desktop's width. */
  let admin: Page;
  /** The import the journey made, for the phone's look. */
  let importPath = '';
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    files = await startFileServer();
    origin = files.origin;
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({
        s3: true,
        env: (emulatorsUrl) => ({
          ...pagesEnv(webDist, emulatorsUrl),
          STAGING_IMPORT_TRUSTED_ORIGINS: origin,
        }),
      }),
      launchChromium(),
    ]);
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await signInAsAdmin(DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    await files?.close();
    expect(uncaught).toEqual([]);
  });

  const serve = (path: string, body: Buffer | string, type?: string) => files.serve(path, body, type);

  /** The demo platform admin, signed in from the sign-in page. */
  const signInAsAdmin = (viewport: { width: number; height: number }) =>
    signInAsDemoAdmin(browser, base, viewport, uncaught);

  const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
  const cells = async (scope: Locator) =>
    (await scope.getByRole('cell').allInnerTexts()).map((t) => t.trim());

  /** What the input's description (its helper text, where a refusal goes) says. */
  async function describedBy(input: Locator): Promise<string> {
    const id = await input.getAttribute('aria-describedby');
    return (await input.page().locator(`[id="${id}"]`).innerText()).trim();
  }

  /** The bulk upload form, from the library's list. */
  async function openBulkUpload(page: Page): Promise<Locator> {
    await page.goto(`${base}/admin/staging_assets`);
    await page.getByRole('link', { name: 'Bulk upload' }).click();
    await page.waitForURL(`${base}/admin/staging_asset_imports/create`);
    await page.getByRole('heading', { name: 'Bulk upload of staging assets', level: 1 }).waitFor();
    return page.getByRole('textbox', { name: 'CSV file URL' });
  }

  it('imports a CSV of five models, follows its progress to the end and says each row’s outcome', async () => {
    const page = admin;
    // The last model is held back until the page has shown the import running: then the page must pick up the end
    // by itself.
    let lastAsked!: () => void;
    const lastModelAsked = new Promise<void>((resolve) => (lastAsked = resolve));
    let releaseLast!: () => void;
    const lastReleased = new Promise<void>((resolve) => (releaseLast = resolve));
    const chair = await glb({ size: [0.6, 0.9, 0.6] });
    serve('/models/table.glb', await glb({ size: [1.8, 0.75, 0.9] }), 'model/gltf-binary');
    serve('/models/rug.glb', await glb({ size: [2, 0.01, 3] }), 'model/gltf-binary');
    serve('/models/photo.glb', await png(64, 64), 'image/png');
    serve('/models/sofa.glb', await glb({ size: [2.1, 0.8, 0.9] }), 'model/gltf-binary');
    files.route('/models/chair.glb', (response) => {
      lastAsked();
      void lastReleased.then(() =>
        response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(chair),
      );
    });
    const modelUrls = ['table', 'rug', 'photo', 'sofa', 'chair'].map(
      (name) => `${origin}/models/${name}.glb`,
    );
    serve(
      '/catalogue.csv',
      [
        HEADER,
        `${modelUrls[0]},${CREATED[0]},tables,,,,,,,`,
        `${modelUrls[1]},${CREATED[1]},Rugs,${CSV_CREDIT_CELLS.join(',')}`,
        `${modelUrls[2]},${NOT_A_MODEL},decor,,,,,,,`,
        `${modelUrls[3]},${CREATED[2]},sofas,,,,,,,`,
        `${modelUrls[4]},${CREATED[3]},chairs,,,,,,,`,
      ].join('\n'),
    );

    const url = await openBulkUpload(page);
    for (const line of [
      'One model a row, under a header row naming the columns.',
      'Required: model_url (a GLB), name, and category (its name or id).',
      'At most 1 MB and 500 rows.',
    ])
      await page.getByRole('listitem').filter({ hasText: line }).waitFor();
    await url.fill(`${origin}/catalogue.csv`);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.waitForURL(/\/admin\/staging_asset_imports\/[^/]+\/show$/);
    importPath = new URL(page.url()).pathname;
    await page.getByText('Import started: 5 rows read from the file.').waitFor();
    await page.getByRole('heading', { name: 'Staging asset import', level: 1 }).waitFor();
    await page.getByText(`${origin}/catalogue.csv`).waitFor();

    // Running: every row but the held one done, the bar at four fifths.
    await lastModelAsked;
    const progress = page.getByRole('status').filter({ hasText: /rows done/ });
    await progress
      .filter({ hasText: '4 of 5 rows done: 3 created, 1 failed, 1 waiting for its download.' })
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Rows done' }).getAttribute('aria-valuenow')).toBe(
      '80',
    );
    await page.getByText('Running', { exact: true }).waitFor();
    expect(await cells(row(page, CREATED[3]))).toEqual(['6', CREATED[3], modelUrls[4], 'Waiting', '', '']);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-import-running.png'), fullPage: true });

    // The last model goes: the page finds the import finished on its own, and stops asking.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/vt_staging/asset/imports/')) reads.push(request.url());
    });
    releaseLast();
    await progress.filter({ hasText: '5 of 5 rows done: 4 created, 1 failed.' }).waitFor();
    await page.getByText('Finished', { exact: true }).waitFor();
    const readsWhenFinished = reads.length;
    expect(await page.getByRole('progressbar', { name: 'Rows done' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await page
      .getByText(
        '1 row failed: it says why below. Fix it and upload a CSV of that row alone: the created rows are already in the library, and a failed row is not tried again.',
      )
      .waitFor();

    const outcomes = await Promise.all(
      [...CREATED.slice(0, 2), NOT_A_MODEL, ...CREATED.slice(2)].map((name) => cells(row(page, name))),
    );
    expect(outcomes).toEqual([
      ['2', CREATED[0], modelUrls[0], 'Created', '', ASSET_LINKS],
      ['3', CREATED[1], modelUrls[1], 'Created', '', ASSET_LINKS],
      ['4', NOT_A_MODEL, modelUrls[2], 'Failed', NOT_A_GLB, ''],
      ['5', CREATED[2], modelUrls[3], 'Created', '', ASSET_LINKS],
      ['6', CREATED[3], modelUrls[4], 'Created', '', ASSET_LINKS],
    ]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-import-finished.png'), fullPage: true });

    // A created row's asset in the library, found by its name.
    await row(page, CREATED[1])
      .getByRole('link', { name: `${CREATED[1]} in the library` })
      .click();
    await page.waitForURL(/\/admin\/staging_assets\?filter=/);
    const rug = row(page, CREATED[1]);
    await rug.getByText('“Wool Area Rug” by Ada Modeller, CC Attribution').waitFor();
    expect(reads.length).toBe(readsWhenFinished);

    // The library holds the four, and not the PNG.
    await page.getByRole('textbox', { name: 'Name' }).fill('');
    for (const name of CREATED) await row(page, name).waitFor();
    expect(await row(page, NOT_A_MODEL).count()).toBe(0);

    // The log says each was created by the admin who uploaded the file.
    await page.getByRole('menuitem', { name: 'Staging asset log' }).click();
    await page.waitForURL(`${base}/admin/staging_asset_log`);
    await page.getByRole('columnheader', { name: 'What' }).waitFor();
    for (const name of CREATED) {
      const logged = row(page, name);
      await logged.waitFor();
      const [, what, asset] = await cells(logged);
      expect([what, asset]).toEqual(['Created', name]);
    }
    expect(await row(page, NOT_A_MODEL).count()).toBe(0);

    // The imports' list, newest first, with its counts.
    await page.getByRole('menuitem', { name: 'Staging asset imports' }).click();
    await page.waitForURL(`${base}/admin/staging_asset_imports`);
    await page.getByRole('columnheader', { name: 'File' }).waitFor();
    const listed = row(page, `${origin}/catalogue.csv`);
    await listed.waitFor();
    expect(await cells(listed)).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      `${origin}/catalogue.csv`,
      expect.stringMatching(/^User [0-9a-f-]{36}$/),
      'Finished',
      '4',
      '1',
      '0',
      expect.stringMatching(/^Rows$/i),
    ]);
    await listed.getByRole('link', { name: `Rows of the import of ${origin}/catalogue.csv` }).click();
    await page.waitForURL(`${base}${importPath}`);
    await progress.filter({ hasText: '5 of 5 rows done' }).waitFor();
  });

  it('refuses a CSV without a category column as a whole, under its URL, importing nothing', async () => {
    const page = admin;
    serve('/no-category.csv', `model_url,name\n${origin}/models/table.glb,Side table\n`);
    const api = await it_.signIn('admin@demo.test');
    const before = (await api.get('/admin/vt_staging/asset/imports.json').expect(200)).body.data.total_count;

    const url = await openBulkUpload(page);
    await url.fill(`${origin}/no-category.csv`);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByText(NO_CATEGORY).waitFor();
    expect(await describedBy(url)).toBe(NO_CATEGORY);
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('The form contains 1 error(s)').waitFor();
    expect(page.url()).toBe(`${base}/admin/staging_asset_imports/create`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-file-refused.png'), fullPage: true });
    expect((await api.get('/admin/vt_staging/asset/imports.json').expect(200)).body.data.total_count).toBe(
      before,
    );
  });

  it('shows the import’s page within a 390 px phone', async () => {
    expect(importPath).not.toBe('');
    const page = await signInAsAdmin(PHONE);
    await page.goto(`${base}${importPath}`);
    await page.getByRole('status').filter({ hasText: '5 of 5 rows done' }).waitFor();
    const failed = page
      .getByRole('list', { name: 'Rows of the file' })
      .getByRole('listitem')
      .filter({ hasText: NOT_A_MODEL });
    await failed.getByText(NOT_A_GLB).waitFor();
    const created = page
      .getByRole('list', { name: 'Rows of the file' })
      .getByRole('listitem')
      .filter({ hasText: CREATED[0] });
    await created.getByRole('link', { name: `Log of ${CREATED[0]}` }).waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-import.png'), fullPage: true });
    await page.context().close();
  });
});
