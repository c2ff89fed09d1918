import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { assetFields, glb } from '../services/properties/test/staging-support';
import { showcaseConnected } from './support/matterport';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onPlan } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
/** The warm preset's lights and tint (web/src/tour/staging-lighting.ts's table). */
const WARM = {
  ambient: { color: '#ffe4c4', intensity: 0.7 },
  directional: { color: '#ffc98a', intensity: 1.8 },
  tint: { color: '#ffb45c' },
};
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'staging-player');

/**
 * Issue 36's virtual staging as a visitor meets it, in a real browser against the whole platform with the Matterport
 * emulator's Showcase stand-in (its Scene API lists the models the player starts, each fetched from storage). A
 * provider on the Creator plan (the creator studio) uploads two assets, a sofa credited to a third-party author and a
 * table of its own, places the sofa twice and the table once, sets warm lighting with global lighting and shadows, and
 * publishes the tour's layers. A visitor on a phone sees the three pieces in the space, lit by the warm preset's
 * lights, a contact shadow under each and the scan tinted, turns virtual staging off (pieces, shadows and tint gone)
 * and on (back), and opens the 3D model credits:
 * the sofa's model once, with its author's and licence's links. A tour without a scene never asks for one and shows no
 * toggle.
 */
jest.setTimeout(150_000);

describe('virtual staging in the player', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
    provider = await it_.signUp('Staged Homes');
    await onPlan(it_, provider, 'vt_creator_plan');
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** An asset of the provider's own library, uploaded as the library's form does: its id. */
  async function anAsset(name: string, credit?: { uid: string; name: string }): Promise<string> {
    const upload = provider
      .send('post', '/provider/vt_staging/assets.json')
      .attach('asset[file]', await glb(), { filename: 'piece.glb', contentType: 'model/gltf-binary' });
    for (const [field, value] of Object.entries(assetFields({ name, category: 'sofas', credit }))) {
      void upload.field(field, value);
    }
    const answer = await upload;
    if (answer.status !== 201) throw new Error(`asset refused: ${answer.status} ${answer.text}`);
    return answer.body.data.id as string;
  }

  /** A visitor on a phone at the tour's player link, with every request the page makes recorded. */
  async function visitor(link: { client_slug: string; model_slug: string }) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`${base}/tours/${link.client_slug}/${link.model_slug}`);
    return { page, requests };
  }

  /** '#ffc98a' as the stand-in lists a light's colour: r,g,b from 0 to 1. */
  const sdkColor = (hex: string) =>
    [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).join(',');

  const showcase = (page: Page) => page.frameLocator('iframe.tour-model');
  const stagedModels = (page: Page) => showcase(page).getByRole('list', { name: 'Staged models' });
  const modelsInTheSpace = (page: Page, count: number) =>
    showcase(page).locator(`body[data-models="${count}"]`).waitFor({ state: 'attached' });
  /** Waits until Showcase has loaded every model listed (or failed to): answers the failures, in its words. */
  async function loadFailures(page: Page): Promise<string[]> {
    await stagedModels(page).locator('[data-state="loading"]').first().waitFor({ state: 'detached' });
    return stagedModels(page).locator('[data-state="failed"]').allTextContents();
  }

  it('a visitor on a phone sees the staged models, turns staging off and on, and reads the models’ credits', async () => {
    const { propertyId, link } = await aSharedTour(provider, 'Staged Harbour Loft');
    const sofa = await anAsset('Linen sofa', { uid: 'c0ffee12', name: 'Mid-century sofa' });
    const table = await anAsset('Oak table');
    const placement = (assetId: string, x: number, yaw: number) => ({
      asset_id: assetId,
      position: { x, y: 0, z: -2.25 },
      yaw,
      scale: 1,
      floor: 0,
    });
    await provider
      .send('post', `/provider/properties/${propertyId}/vt_staging/scene`, {
        scene: { placements: [placement(sofa, 1.5, 90), placement(sofa, -1, 0), placement(table, 0, 180)] },
      })
      .expect(200);
    await provider
      .send('patch', `/provider/properties/${propertyId}/vt_staging/settings`, {
        scene_settings: { lighting: 'warm', global_lighting: true, shadows: true },
      })
      .expect(200);
    const slug = (await provider.get(`/provider/properties/${propertyId}`).expect(200)).body.data.slug;
    await provider
      .send('put', '/provider/virtual_tours/layers/publish', { property_slug: slug, publish: true })
      .expect(200);

    const { page } = await visitor(link);
    await showcaseConnected(page);
    // Three pieces of two models, each loaded from storage where the editor put it (the sofa turned a quarter),
    // each with its contact shadow (the app's GLB, flat under it).
    await modelsInTheSpace(page, 6);
    await expect(loadFailures(page)).resolves.toEqual([]);
    expect((await stagedModels(page).getByRole('listitem').allTextContents()).sort()).toEqual([
      'Linen sofa',
      'Linen sofa',
      'Linen sofa (shadow)',
      'Linen sofa (shadow)',
      'Oak table',
      'Oak table (shadow)',
    ]);
    const shadows = stagedModels(page).getByRole('listitem').filter({ hasText: '(shadow)' });
    for (const url of await shadows.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-url')),
    )) {
      expect(url).toMatch(new RegExp(`^${base}/assets/contact-shadow-[\\w-]+\\.glb$`));
    }
    await expect(stagedModels(page).locator('[data-position="1.5,0.005,-2.25"]').textContent()).resolves.toBe(
      'Linen sofa (shadow)',
    );
    // Lit by the warm preset: its ambient and directional lights, in Matterport's inputs.
    const lights = showcase(page).getByRole('list', { name: 'Scene lights' });
    const { ambient, directional, tint } = WARM;
    const ambientLight = lights.locator('[data-type="mp.ambientLight"]');
    await expect(ambientLight.getAttribute('data-color')).resolves.toBe(sdkColor(ambient.color));
    await expect(ambientLight.getAttribute('data-intensity')).resolves.toBe(String(ambient.intensity));
    const directionalLight = lights.locator('[data-type="mp.directionalLight"]');
    await expect(directionalLight.getAttribute('data-color')).resolves.toBe(sdkColor(directional.color));
    await expect(directionalLight.getAttribute('data-intensity')).resolves.toBe(
      String(directional.intensity),
    );
    await expect(lights.getByRole('listitem').count()).resolves.toBe(2);
    // Global lighting: the scan tinted with the preset's colour, over the frame, never in a click's way.
    const tinted = page.locator(`.scene-tint[data-tint="${tint.color}"]`);
    await tinted.waitFor();
    await expect(
      tinted.evaluate(
        (element) => element.ownerDocument.defaultView!.getComputedStyle(element).pointerEvents,
      ),
    ).resolves.toBe('none');
    const frame = (await page.locator('iframe.tour-model').boundingBox())!;
    const over = (await tinted.boundingBox())!;
    expect([over.width, over.height]).toEqual([frame.width, frame.height]);
    const turned = stagedModels(page).locator('[data-position="1.5,0,-2.25"]');
    const [x, y, z, w] = (await turned.getAttribute('data-quaternion'))!.split(',').map(Number);
    expect([x, z]).toEqual([0, 0]);
    expect(y).toBeCloseTo(Math.SQRT1_2, 6);
    expect(w).toBeCloseTo(Math.SQRT1_2, 6);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-staged.png') });

    // Off: the models and their shadows leave the space, the tint goes; on: they are back.
    const toggle = page.getByRole('button', { name: 'Virtual staging' });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await toggle.click();
    await modelsInTheSpace(page, 0);
    await stagedModels(page).waitFor({ state: 'hidden' });
    await tinted.waitFor({ state: 'detached' });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-unstaged.png') });
    await toggle.click();
    await modelsInTheSpace(page, 6);
    await expect(loadFailures(page)).resolves.toEqual([]);
    await tinted.waitFor();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');

    // The credits: the sofa's model once (placed twice), with its author's and its licence's links; the table is
    // the provider's own and credits no one.
    await page.getByRole('contentinfo').getByRole('button', { name: '3D model credits' }).click();
    const credits = page.getByRole('dialog', { name: 'Third-party 3D models' });
    await credits.waitFor();
    const listed = credits.getByRole('listitem');
    await expect(listed.allTextContents()).resolves.toEqual([
      'Mid-century sofaby Ada Modeller · Licence: CC Attribution',
    ]);
    await expect(credits.getByRole('link', { name: 'Ada Modeller' }).getAttribute('href')).resolves.toBe(
      'https://sketchfab.test/ada',
    );
    await expect(
      credits.getByRole('link', { name: 'Licence: CC Attribution' }).getAttribute('href'),
    ).resolves.toBe('https://creativecommons.org/licenses/by/4.0/');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-credits.png') });
  });

  it('a tour without a staged scene never asks for one, loads no staging code and shows no toggle', async () => {
    const { link } = await aSharedTour(provider, 'Bare Harbour Flat');
    const { page, requests } = await visitor(link);
    await page.locator('.tour-overlay').getByText('Bare Harbour Flat', { exact: true }).waitFor();
    await page.locator('iframe.tour-model').waitFor();
    // Everything the page asked for has arrived: whatever staging would load would have been asked for by now.
    await page.waitForLoadState('networkidle');
    const urls = requests.map((request) => request.url());
    expect(urls.filter((url) => url.includes('/scene.json') || /StagingLayer/.test(url))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Virtual staging' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '3D model credits' }).count()).toBe(0);
  });
});
