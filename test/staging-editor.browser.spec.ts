import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { tourPublicId } from '@tourly/contracts';
import { sketchfabUid } from '@tourly/emulators';
import { eventually } from '@tourly/platform/testing';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { glb } from '../services/properties/test/staging-support';
import { signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aProperty, aSharedTour, onPlan, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'staging-editor');
/** Two presets' lights and the warm tint (web/src/tour/staging-lighting.ts's table). */
const LIGHTING_PRESETS = {
  natural: { ambient: { color: '#ffffff' }, directional: { color: '#fff6e8' } },
  warm: { ambient: { color: '#ffe4c4' }, directional: { color: '#ffc98a' }, tint: { color: '#ffb45c' } },
};
/** The Sketchfab emulator's catalogue (infra/emulators README, "Sketchfab Data API v3"). */
const SOFA = sketchfabUid('Mid-Century Sofa'); // CC Attribution, downloadable
const FIG = sketchfabUid('Fiddle Leaf Fig Plant'); // CC Attribution-NoDerivs: refused
const PLAN_REFUSAL =
  'Virtual staging is part of the creator studio, which comes with the Creator and Pro plans. Upgrade your plan to stage this property.';

// A browser against the whole platform with the emulators and storage: on a loaded 2-core machine a journey is long.
jest.setTimeout(240_000);

interface ScenePlacement {
  id: string;
  asset_id: string;
  position: { x: number; y: number; z: number };
  yaw: number;
  scale: number;
  asset: { name: string };
}

/**
 * Issue 36, the staging editor (`/provider/properties/{id}/vt_staging/edit`) at 1280 px: a provider on Creator stages
 * a scanned room with a model of its library, one it uploads here and one it imports from Sketchfab (its account
 * connected through Sketchfab's consent page), each dropped on the floor of the scan in Showcase; moves one on the
 * plan and turns it, undoes, changes the scene's lighting (the preview's lights, shadows and tint follow), saves the
 * draft (visitors still see no staging), publishes, and the published scene.json has the three pieces. The library's
 * cards show each model's thumbnail. A provider on Starter gets the explanation and the plans instead of an editor.
 */
describe('the staging editor', () => {
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

  const showcase = (page: Page): FrameLocator => page.frameLocator('iframe.staging-model');
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  /** Waits for the editor's SDK session, then starts Showcase (its play button), so the floor takes clicks. */
  async function exploreTheSpace(page: Page): Promise<void> {
    await showcase(page).locator('body[data-sdk-sessions]').waitFor({ state: 'attached' });
    await showcase(page).getByRole('button', { name: 'Explore the 3D space' }).click();
  }

  /**
   * Drops the chosen piece where a click on the stand-in's floor lands, `at` a fraction of the floor's width and
   * height: near its top on the right, clear of what the stand-in shows over it (the staged models on the left,
   * the parameters at the bottom right).
   */
  async function dropOnTheFloor(page: Page, name: string, at: { x: number; y: number }): Promise<void> {
    await page.getByRole('status').getByText(`Click the floor in the 3D view where ${name} goes.`).waitFor();
    const floor = showcase(page).getByRole('button', { name: /^Floor of / });
    const box = (await floor.boundingBox())!;
    await floor.click({ position: { x: box.width * at.x, y: box.height * at.y } });
    await page.getByRole('status').getByText(`${name} placed.`, { exact: false }).waitFor();
  }

  /** Waits until Showcase's lights are the preset's: its ambient and directional lights, in the SDK's colours. */
  async function litWith(page: Page, preset: keyof typeof LIGHTING_PRESETS): Promise<void> {
    const lights = showcase(page).getByRole('list', { name: 'Scene lights' });
    const { ambient, directional } = LIGHTING_PRESETS[preset];
    const color = (hex: string) =>
      [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).join(',');
    await lights.locator(`[data-type="mp.ambientLight"][data-color="${color(ambient.color)}"]`).waitFor();
    await lights
      .locator(`[data-type="mp.directionalLight"][data-color="${color(directional.color)}"]`)
      .waitFor();
    expect(await lights.getByRole('listitem').count()).toBe(2);
  }

  /** Waits until the field shows `value` (React updates it after the click's render). */
  async function hasValue(field: Locator, value: string): Promise<void> {
    await eventually(
      () => field.inputValue(),
      (shown) => shown === value,
      `the field showing ${value}`,
    );
  }

  async function uploadedByApi(provider: Person, name: string): Promise<void> {
    const uploaded = await provider
      .send('post', '/provider/vt_staging/assets.json')
      .field('asset[name]', name)
      .field('asset[category_id]', 'tables')
      .attach('asset[file]', await glb({ size: [1.2, 0.45, 0.6] }), {
        filename: 'table.glb',
        contentType: 'model/gltf-binary',
      });
    expect(uploaded.status).toBe(201);
  }

  it('a provider on Creator stages a room with three pieces, moves and turns one, undoes, saves and publishes', async () => {
    const provider = await it_.signUp('Staging Lights Media');
    await onPlan(it_, provider, 'vt_creator_plan');
    const tour = await aSharedTour(provider, 'Harbour Loft');
    const { propertyId } = tour;
    const scenePath = `/vt_staging/${encodeURIComponent(
      tourPublicId(tour.link.client_slug, tour.link.model_slug),
    )}/scene.json`;
    await uploadedByApi(provider, 'Oak coffee table');

    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    // From the property's page to the staging's, then the editor.
    await page.goto(`${base}/provider/properties/${propertyId}`);
    await page.getByRole('link', { name: 'Virtual staging' }).click();
    await page.getByRole('heading', { name: 'Nothing staged yet' }).waitFor();
    await page.getByRole('link', { name: 'Stage this property' }).click();
    await page.waitForURL(`${base}/provider/properties/${propertyId}/vt_staging/edit`);
    const library = region(page, 'Library');

    // Sketchfab first (it leaves the page): its consent page, then back in the editor, connected.
    await library.getByRole('button', { name: 'Connect Sketchfab' }).click();
    await page
      .getByRole('button', { name: /^Continue as / })
      .first()
      .click();
    await page.waitForURL(/\/vt_staging\/edit\?sketchfab=connected$/);
    await page.getByText('Your Sketchfab account is connected', { exact: false }).waitFor();
    // The editor's hint for a first staging, until dismissed (the user's onboarding flag vt_staging_start).
    const hint = page.getByRole('complementary', { name: 'Stage this room' });
    await hint.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'detached' });
    await exploreTheSpace(page);

    // The library's cards show each model's picture (the thumbnail made at upload), loaded, at a fixed size.
    const thumbnail = library.getByRole('img', { name: 'Oak coffee table' });
    // A function, not a string: the page's CSP refuses a string evaluated as code.
    await page.waitForFunction(
      (image) => image.complete && image.naturalWidth === 256,
      await thumbnail.elementHandle(),
    );
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
    expect(await thumbnail.getAttribute('src')).toContain('.webp');
    const shown = (await thumbnail.boundingBox())!;
    expect([shown.width, shown.height]).toEqual([64, 64]);

    // 1. A model of the library.
    await library.getByRole('button', { name: 'Place Oak coffee table' }).click();
    await dropOnTheFloor(page, 'Oak coffee table', { x: 0.58, y: 0.1 });

    // 2. Uploaded here: a picture named .glb refused in the server's words, then a GLB.
    const file = library.getByLabel('GLB file');
    await file.setInputFiles({
      name: 'sofa.glb',
      mimeType: 'model/gltf-binary',
      buffer: Buffer.from('not a model'),
    });
    await library.getByRole('textbox', { name: 'Name' }).fill('Linen sofa');
    await library.getByRole('button', { name: 'Upload' }).click();
    await library.getByText('must be a 3D model in glTF binary (GLB)').waitFor();
    await file.setInputFiles({
      name: 'sofa.glb',
      mimeType: 'model/gltf-binary',
      buffer: await glb({ size: [2, 0.9, 0.9] }),
    });
    await library.getByRole('textbox', { name: 'Name' }).fill('Linen sofa');
    await library.getByRole('button', { name: 'Upload' }).click();
    await library.getByText('“Linen sofa” is in your library', { exact: false }).waitFor();
    await dropOnTheFloor(page, 'Linen sofa', { x: 0.7, y: 0.25 });

    // 3. From Sketchfab: a no-derivatives licence refused before anything is fetched, then a model under CC BY.
    const link = library.getByRole('textbox', { name: 'Sketchfab model link or uid' });
    await link.fill(`https://sketchfab.com/3d-models/fiddle-leaf-fig-${FIG}`);
    await library.getByRole('button', { name: 'Look up' }).click();
    await library.getByText('does not allow using it in a staged scene', { exact: false }).waitFor();
    await link.fill(`https://sketchfab.com/3d-models/mid-century-sofa-${SOFA}`);
    await library.getByRole('button', { name: 'Look up' }).click();
    await library.getByRole('link', { name: 'CC Attribution' }).waitFor();
    await library.getByRole('button', { name: 'Import into my library' }).click();
    await library.getByText('“Mid-Century Sofa” is in your library', { exact: false }).waitFor();
    await dropOnTheFloor(page, 'Mid-Century Sofa', { x: 0.85, y: 0.12 });

    // The three models stand in the scan, loaded from storage, each with its contact shadow (shadows are on at first),
    // lit by the natural preset.
    await showcase(page).locator('body[data-models="6"]').waitFor({ state: 'attached' });
    await showcase(page).locator('li.model[data-state="loaded"]').nth(5).waitFor();
    expect(await showcase(page).locator('li.model[data-state="failed"]').count()).toBe(0);
    expect(await showcase(page).locator('li.model').filter({ hasText: '(shadow)' }).count()).toBe(3);
    await litWith(page, 'natural');
    expect(await page.locator('.staging-model-frame .scene-tint').count()).toBe(0);

    // The scene's settings change the preview as they are saved: warm lights, the scan tinted, no shadows.
    const settings = region(page, 'Scene settings');
    await settings.getByRole('combobox', { name: 'Lighting' }).selectOption({ label: 'Warm' });
    await litWith(page, 'warm');
    // Each box shows the saved setting: it changes once the server has it, so the test waits on the preview.
    await settings.getByRole('checkbox', { name: /Light the whole space/ }).click();
    await page
      .locator(`.staging-model-frame .scene-tint[data-tint="${LIGHTING_PRESETS.warm.tint.color}"]`)
      .waitFor();
    await settings.getByRole('checkbox', { name: 'Shadows under the pieces' }).click();
    await showcase(page).locator('body[data-models="3"]').waitFor({ state: 'attached' });
    expect(await showcase(page).locator('li.model').filter({ hasText: '(shadow)' }).count()).toBe(0);

    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-editor.png'), fullPage: true });

    // Moved on the plan (one drag) and turned: the piece's panel and the scan follow.
    const plan = page.getByRole('application', { name: 'Plan of the floor' });
    const sofa = plan.getByRole('button', { name: 'Linen sofa' });
    const piece = region(page, 'Linen sofa');
    await sofa.click();
    const where = piece.getByText(/ m on floor /);
    const before = await where.textContent();
    const box = (await sofa.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    const moved = await eventually(
      () => where.textContent(),
      (text) => text !== before,
      'the sofa moved on the plan',
    );
    await piece.getByRole('button', { name: 'Turn left 15°' }).click();
    const rotation = piece.getByRole('spinbutton', { name: 'Rotation (degrees)' });
    await hasValue(rotation, '15');

    // Undo (the button) takes the turn back, redo (Ctrl+Shift+Z) brings it, Ctrl+Z takes it back again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await hasValue(rotation, '0');
    await plan.focus();
    await page.keyboard.press('Control+Shift+Z');
    await hasValue(rotation, '15');
    await page.keyboard.press('Control+Z');
    await hasValue(rotation, '0');
    expect(await where.textContent()).toBe(moved);
    // A key nudges it 10 cm across (the plan has the focus); Ctrl+Z takes that back too.
    await page.keyboard.press('ArrowRight');
    await eventually(
      () => where.textContent(),
      (text) => text !== moved,
      'the sofa nudged',
    );
    await page.keyboard.press('Control+Z');
    await eventually(
      () => where.textContent(),
      (text) => text === moved,
      'the nudge undone',
    );

    // Leaving with unsaved changes asks first; staying keeps them.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Done' }).click();
    expect(asked).toEqual(['The staging has changes that are not saved. Leave without saving them?']);
    expect(page.url()).toBe(`${base}/provider/properties/${propertyId}/vt_staging/edit?sketchfab=connected`);

    // Saved as the draft: visitors still see no staging.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('status')
      .getByText('Draft saved. Visitors see the staging once you publish it.')
      .waitFor();
    const draft = (await provider.get(`/provider/properties/${propertyId}/vt_staging/?scene_data=true`)).body
      .data;
    expect(draft).toMatchObject({ has_draft: true, placement_count: 3, published_at: null });
    expect((await it_.http.get(scenePath)).status).toBe(404);

    // Published with the tour's layers: the public scene has the three pieces, the sofa where it was moved to.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').getByText('Published: visitors now see the staged room.').waitFor();
    const published = await it_.http.get(scenePath);
    expect(published.status).toBe(200);
    const placements = published.body.data.placements as ScenePlacement[];
    expect(placements.map((placement) => placement.asset.name).sort()).toEqual([
      'Linen sofa',
      'Mid-Century Sofa',
      'Oak coffee table',
    ]);
    const placedSofa = placements.find((placement) => placement.asset.name === 'Linen sofa')!;
    const drafted = (draft.placements as ScenePlacement[]).find(
      (placement) => placement.id === placedSofa.id,
    )!;
    expect(placedSofa).toMatchObject({ yaw: 0, scale: 1, position: drafted.position });
    expect(moved).toContain(`${placedSofa.position.x.toFixed(2)} m, ${placedSofa.position.z.toFixed(2)} m`);
    expect(published.body.data.model_credits).toEqual([
      expect.objectContaining({ model: expect.objectContaining({ uid: SOFA }) }),
    ]);

    // On a phone's width the panels stack: the scan first, then the piece's panels, then the library.
    await page.setViewportSize(PHONE);
    const top = async (name: string) => (await region(page, name).boundingBox())!.y;
    const [scan, pieces, libraryTop] = [await top('The scan'), await top('Pieces'), await top('Library')];
    expect(scan).toBeLessThan(pieces);
    expect(pieces).toBeLessThan(libraryTop);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-editor.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The staging's page says so, with nothing left to publish.
    await page.getByRole('link', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Published' }).waitFor();
    await page.getByRole('listitem').getByText('Linen sofa').waitFor();
    await page.context().close();
  });

  it('a provider on Starter is told staging comes with Creator and Pro, and shown the plans', async () => {
    const provider = await it_.signUp('Starter Staging Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Quay Cottage');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await page.goto(`${base}/provider/properties/${propertyId}/vt_staging/edit`);
    await page.getByRole('heading', { name: 'Virtual staging comes with the creator studio' }).waitFor();
    await page.getByText(PLAN_REFUSAL).waitFor();
    expect(await page.locator('iframe.staging-model').count()).toBe(0);
    await page.getByRole('button', { name: 'See the plans' }).click();
    await page.getByRole('dialog').getByText('Virtual staging', { exact: false }).first().waitFor();
    await page.context().close();
  });
});
