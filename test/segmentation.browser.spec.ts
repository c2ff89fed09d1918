import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { matterportAccountModels } from '@tourly/emulators';
import { fitsTheWidth, launchChromium, signedInPage } from './support/browser';
import { connectMatterport } from './support/matterport';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { aProperty } from './support/provider';
import { builtWebApp, pagesEnv } from './support/web-build';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'segmentation');
const HOUSE = matterportAccountModels('harbour-studio').find(
  (model) => model.name === '31 Wharf Road, Balmain',
)!;
/** Each panorama takes the engine this long, so the page shows the job running before it ends. */
const ENGINE_LATENCY_MS = 300;
/** A whole job on a loaded 2-core machine: one panorama at a time, each 300 ms at the engine and a few writes. */
const JOB_ENDS_WITHIN_MS = 90_000;

/**
 * The Segmentation section of a property's page (issue 37) in a real browser (Debian's Chromium) at a phone's width,
 * against the whole platform, the Matterport emulator (Harbour Studio's account) and the segmentation engine's
 * emulator, with masks stored in a local S3: a provider with its account connected presses "Segment panoramas", sees
 * the job's progress (the page asks every 2 s), then that every panorama of the scan was segmented, with "Segment
 * again"; a provider without an account is told in the section, in the API's words, what to do first.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

describe('segmenting a property’s panoramas in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({
        s3: true,
        env: (emulatorsUrl) => ({
          ...pagesEnv(webDist, emulatorsUrl),
          EVENT_RETRY_BACKOFF_MS: '50,50,50,50',
        }),
      }),
      launchChromium(),
    ]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  const segmentationSection = (page: Page) => page.getByRole('region', { name: 'Segmentation', exact: true });

  /** The section as the phone shows it. */
  const shoot = (page: Page, name: string) =>
    segmentationSection(page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

  async function propertyPage(person: Person, propertyId: string): Promise<Page> {
    const page = await signedInPage(browser, it_.base, person, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    return page;
  }

  /** Sets the segmentation engine emulator's `latency` or injects `failures` into its next answers. */
  async function engine(control: 'latency' | 'failures', body: object): Promise<void> {
    const answer = await fetch(`${it_.emulators.url}/_emulator/segmentation/${control}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`the engine's ${control} answered ${answer.status}`);
  }

  it('segments every panorama of the scan, showing the progress, then the outcome with “Segment again”', async () => {
    const provider = await it_.signUp('Harbour Lights Media');
    await connectMatterport(it_.base, provider, 'harbour-studio');
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: {
          title: 'Wharf Road House',
          address: '31 Wharf Road, Balmain',
          matterport_key: HOUSE.id,
        },
      })
      .expect(201);
    const total = HOUSE.rooms.length;
    await engine('latency', { ms: ENGINE_LATENCY_MS });

    const page = await propertyPage(provider, created.body.data.id as string);
    const section = segmentationSection(page);
    await section.getByText('The panoramas are not segmented yet.').waitFor();
    await section
      .getByText(/^Names the walls, floors, windows, doors and furniture in every panorama/)
      .waitFor();
    await fitsTheWidth(page);

    await section.getByRole('button', { name: 'Segment panoramas' }).click();
    const bar = section.getByRole('progressbar', { name: 'Panoramas segmented' });
    await bar.waitFor();
    await section.getByText(new RegExp(`^\\d+ of ${total} panoramas segmented$`)).waitFor();
    expect(Number(await bar.getAttribute('max'))).toBe(total);
    // No second job is offered while this one runs.
    expect(await section.getByRole('button').count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-running');

    await section
      .getByText(new RegExp(`^All ${total} panoramas segmented on \\d{4}-\\d{2}-\\d{2}$`))
      .waitFor({ timeout: JOB_ENDS_WITHIN_MS });
    await section.getByRole('button', { name: 'Segment again' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await section.getByRole('list', { name: 'Panoramas not segmented' }).count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-done');

    // What the page showed is what the API holds.
    const status = (
      await provider.get(`/provider/properties/${created.body.data.id}/segmentation/status.json`)
    ).body.data.segmentation;
    expect(status).toMatchObject({
      available: true,
      job: { status: 'done', total, segmented: total, failed: 0 },
    });

    // Again, with the engine out of service for every try of every panorama (5 each, 50 ms apart here): each fails
    // with the engine's words, listed by its room.
    await engine('latency', { ms: 0 });
    await engine('failures', { status: 500, times: 5 * total });
    await section.getByRole('button', { name: 'Segment again' }).click();
    await section.getByText(`0 of ${total} segmented; ${total} failed`, { exact: true }).waitFor({
      timeout: JOB_ENDS_WITHIN_MS,
    });
    const failures = section.getByRole('list', { name: 'Panoramas not segmented' }).getByRole('listitem');
    expect(await failures.count()).toBe(total);
    expect(
      await failures.filter({ hasText: /\(gave up after 5 tries: segment again later\)$/ }).count(),
    ).toBe(total);
    await failures.filter({ hasText: HOUSE.rooms[0]!.label }).first().waitFor();
    await section.getByRole('button', { name: 'Segment again' }).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-failed');
  });

  it('tells a provider without a Matterport account, in the API’s words, in the section', async () => {
    const provider = await it_.signUp('Quay Street Media');
    const propertyId = await aProperty(provider, 'Quay Street Loft');

    const page = await propertyPage(provider, propertyId);
    const section = segmentationSection(page);
    await section.getByRole('button', { name: 'Segment panoramas' }).click();
    await section
      .getByRole('alert')
      .getByText('No Matterport account is connected: an admin of your team can connect one in Settings.', {
        exact: true,
      })
      .waitFor();
    // Nothing started: the button is still there, and no progress.
    await section.getByRole('button', { name: 'Segment panoramas' }).waitFor();
    expect(await section.getByRole('progressbar').count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-not-connected');
  });
});
