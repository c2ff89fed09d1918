import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { assetFields, glb } from '../services/properties/test/staging-support';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onPlan } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'digital-twin');

interface Point {
  x: number;
  y: number;
  z: number;
}

/**
 * The house's placement the test aligns to: the scan has a model point a quarter turn about the vertical and moved
 * 3 m across and 1 m up (scan = (z + 3, y + 1, -x), as digital-twin-player.browser.spec.ts), so a point picked in the
 * scan is this model point.
 */
const onTheModel = ({ x, y, z }: Point): Point => ({ x: -z, y: y - 1, z: x - 3 });

/**
 * Where the three picks land on the stand-in's floor (fractions of its width and height): near its top, clear of
 * what the stand-in shows over it (the badge and the parameters at the bottom), and not on one line.
 */
const SPOTS = [
  { x: 0.2, y: 0.1 },
  { x: 0.8, y: 0.1 },
  { x: 0.4, y: 0.45 },
];

// A browser against the whole platform with the emulators and storage: on a loaded 2-core machine a journey is long.
jest.setTimeout(180_000);

/**
 * Issue 37, the provider's digital twin page (`/provider/properties/{id}/digital-twin`) at 390 px, against the whole
 * platform with the Matterport emulator's Showcase stand-in: a provider on Creator opens it from the property's page,
 * chooses a model of its library, picks three points in the scan and types the same points on the model, aligns
 * (each residual 0 cm, "Aligned", the model placed in the scan where the fit puts it), then moves one model point 2 m
 * (that pair flagged, "Not aligned", the model taken out of the scan); the pairs are there again when the page opens
 * again; "Remove" (asked first) brings the library back.
 */
describe('the digital twin page', () => {
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

  const showcase = (page: Page): FrameLocator => page.frameLocator('iframe.twin-scan');
  const pair = (page: Page, n: number) => page.getByRole('group', { name: `Pair ${n}`, exact: true });

  async function aModel(provider: Person, name: string): Promise<void> {
    const upload = provider
      .send('post', '/provider/vt_staging/assets.json')
      .attach('asset[file]', await glb({ size: [10, 6, 8] }), {
        filename: 'house.glb',
        contentType: 'model/gltf-binary',
      });
    for (const [field, value] of Object.entries(assetFields({ name, category: 'sofas' }))) {
      void upload.field(field, value);
    }
    const asset = await upload;
    if (asset.status !== 201) throw new Error(`asset refused: ${asset.status} ${asset.text}`);
  }

  /** Waits for the page's SDK session, then starts Showcase (its play button), so the floor takes clicks. */
  async function exploreTheSpace(page: Page): Promise<void> {
    await showcase(page).locator('body[data-sdk-sessions]').waitFor({ state: 'attached' });
    await showcase(page).getByRole('button', { name: 'Explore the 3D space' }).click();
  }

  /** "Pick in the scan", then a click on the stand-in's floor: the new pair's scan point, as Showcase told it. */
  async function pickInTheScan(page: Page, n: number, at: { x: number; y: number }): Promise<Point> {
    await page.getByRole('button', { name: 'Pick in the scan' }).click();
    await page.getByRole('status').getByText('Click the point in the 3D view.').waitFor();
    const floor = showcase(page).getByRole('button', { name: /^Floor of / });
    const box = (await floor.boundingBox())!;
    await floor.click({ position: { x: box.width * at.x, y: box.height * at.y } });
    await page.getByRole('status').getByText(`Pair ${n}: scan point `, { exact: false }).waitFor();
    const told = await showcase(page).locator('body').getAttribute('data-pointer');
    return JSON.parse(told!) as Point;
  }

  async function typeModelPoint(page: Page, n: number, point: Point): Promise<void> {
    for (const axis of ['x', 'y', 'z'] as const) {
      await pair(page, n)
        .getByRole('spinbutton', { name: `Model ${axis} (m)` })
        .fill(String(point[axis]));
    }
  }

  it('a provider on a phone chooses its model, aligns it with three pairs picked in the scan, and sees a wrong pair flagged', async () => {
    const provider = await it_.signUp('Twin Harbour Homes');
    await onPlan(it_, provider, 'vt_creator_plan');
    await aModel(provider, 'Harbour House exterior');
    const { propertyId } = await aSharedTour(provider, 'Harbour House');

    const page = await signedInPage(browser, base, provider, PHONE, uncaught);
    await page.goto(`${base}/provider/properties/${propertyId}`);
    await page.getByRole('link', { name: 'Digital twin' }).click();
    await page.waitForURL(`${base}/provider/properties/${propertyId}/digital-twin`);
    await page.getByRole('heading', { name: 'Digital twin', level: 1 }).waitFor();
    // The first visit's hint (the dtx_experience onboarding flag), until dismissed.
    const hint = page.getByRole('complementary', { name: "The property's surroundings, around the scan" });
    await hint.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: '← Harbour House' }).waitFor();

    // No twin yet: the library's models, each with "Use this model".
    await page
      .getByRole('list', { name: 'Library models' })
      .getByRole('listitem')
      .filter({ hasText: 'Harbour House exterior' })
      .getByRole('button', { name: 'Use this model' })
      .click();
    await page.getByRole('heading', { name: 'Harbour House exterior' }).waitFor();
    await page.getByRole('status').getByText('Pending alignment', { exact: true }).waitFor();
    const align = page.getByRole('button', { name: 'Align', exact: true });
    expect(await align.isDisabled()).toBe(true);
    await fitsTheWidth(page);

    // Three pairs: a point picked in the scan, and the same point on the model typed beside it.
    await exploreTheSpace(page);
    const picked: Point[] = [];
    for (const [index, at] of SPOTS.entries()) {
      const scan = await pickInTheScan(page, index + 1, at);
      picked.push(scan);
      await typeModelPoint(page, index + 1, onTheModel(scan));
    }
    expect(await align.isDisabled()).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-pairs.png'), fullPage: true });

    // Aligned: every residual 0 cm, the verdict, the twin's state, and the model in the scan where the fit puts it.
    await align.click();
    await page.getByRole('status').getByText('Aligned (error 0 cm): visitors see the exterior').waitFor();
    for (const n of [1, 2, 3]) {
      await pair(page, n).getByText('Residual 0 cm', { exact: true }).waitFor();
    }
    await page.getByRole('status').getByText('Aligned, error 0 cm').waitFor();
    await showcase(page).locator('body[data-models="1"]').waitFor({ state: 'attached' });
    const placed = showcase(page).getByRole('list', { name: 'Staged models' }).getByRole('listitem');
    expect(await placed.textContent()).toContain('Harbour House exterior');
    const numbers = async (attribute: string) =>
      (await placed.getAttribute(attribute))!.split(',').map(Number);
    expect(await numbers('data-position')).toEqual([3, 1, 0].map((value) => expect.closeTo(value, 3)));
    const [qx, qy, qz, qw] = await numbers('data-quaternion');
    expect(Math.abs(qx!) + Math.abs(qz!)).toBeLessThan(1e-3);
    expect(qy).toBeCloseTo(Math.SQRT1_2, 3);
    expect(qw).toBeCloseTo(Math.SQRT1_2, 3);
    await fitsTheWidth(page);

    // One model point 2 m off: not aligned, the model taken out of the scan, the pair flagged with the largest
    // residual (with three pairs the fit spreads the error: the others are off too, by less).
    const wrong = onTheModel(picked[2]!);
    await pair(page, 3)
      .getByRole('spinbutton', { name: 'Model x (m)' })
      .fill(String(wrong.x + 2));
    await page
      .getByText('The pairs changed since the last alignment: press Align to fit them again.')
      .waitFor();
    await align.click();
    await page
      .getByRole('status')
      .getByText(/^Not aligned: the error is \d+ cm, over 15 cm; check the pairs with the largest residual$/)
      .waitFor();
    await pair(page, 3).getByText('this pair is off: check both points', { exact: false }).waitFor();
    const residuals = await Promise.all(
      [1, 2, 3].map(async (n) =>
        Number(/Residual (\d+) cm/.exec((await pair(page, n).textContent()) ?? '')?.[1]),
      ),
    );
    expect(Math.max(...residuals)).toBe(residuals[2]);
    expect(residuals[2]).toBeGreaterThan(15);
    await page.getByRole('status').getByText('Pending alignment', { exact: true }).waitFor();
    await showcase(page).locator('body[data-models="0"]').waitFor({ state: 'attached' });
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-not-aligned.png'), fullPage: true });

    // Opened again, the page has the pairs kept, with their residuals.
    await page.reload();
    await pair(page, 3).waitFor();
    expect(await pair(page, 3).getByRole('spinbutton', { name: 'Model x (m)' }).inputValue()).toBe(
      String(wrong.x + 2),
    );
    await pair(page, 3).getByText('this pair is off: check both points', { exact: false }).waitFor();

    // Removed (asked first): the library again.
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the digital twin?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Use this model' }).first().waitFor();
    expect((await provider.get(`/provider/properties/${propertyId}/digital_twin`)).status).toBe(404);
    await page.context().close();
  });
});
