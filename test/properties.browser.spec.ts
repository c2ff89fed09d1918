import { closeSync, openSync, ftruncateSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { LIMITS, MESSAGES } from '@tourly/contracts';
import { matterportAccountModels } from '@tourly/emulators';
import { Database } from '@tourly/platform';
import { completeAuthentication, enterCard, fitsTheWidth, signedInPage } from './support/browser';
import { connectMatterport } from './support/matterport';
import { onStarter } from './support/provider';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';

/**
 * The provider's property pages in a real browser (Debian's Chromium) against the whole platform: the maps and
 * Matterport emulators, a local S3 for photos, Stripe's emulator and its Stripe.js stand-in. A new provider
 * creates a property (meeting the maps service's three refusals under the address field), searches and filters
 * the list, uploads a photo, builds the property's website, is asked to upgrade on the free plan, publishes a
 * premium tour on Starter, pays for one premium tour beyond the quota on its own (which the billing page lists),
 * stops paying for it, and deletes a property; the list is checked on a phone.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(90_000);

describe('property pages in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  let page: Page;
  let files: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
    provider = await it_.signUp('Harbour Lights Media');
    // The spaces picker lists the provider's own Matterport account's models.
    await connectMatterport(base, provider, 'demo-scans');
    page = await signedIn(provider, DESKTOP);
    files = mkdtempSync(path.join(tmpdir(), 'tourly-properties-browser-'));
  }, 180_000);

  afterAll(async () => {
    await release?.();
    if (files) rmSync(files, { recursive: true, force: true });
    expect(uncaught).toEqual([]);
  });

  const signedIn = (person: Person, viewport: { width: number; height: number }) =>
    signedInPage(browser, base, person, viewport, uncaught);

  /** A property made through the API, as a test builder: its id. */
  async function aProperty(title: string, address: string): Promise<string> {
    const created = await provider.send('post', '/provider/properties', {
      create_tour_params: { title, address, matterport_key: 'SxQL3iGyoDo' },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  /** Resolves once the image has loaded (drawn with a size), not merely once it is in the page (thumbnails load lazily). */
  async function loaded(image: Locator): Promise<void> {
    await image.scrollIntoViewIfNeeded();
    const handle = await image.elementHandle();
    await image.page().waitForFunction((element) => element.complete && element.naturalWidth > 0, handle);
  }

  /** Chooses a 320 x 240 PNG with the section's file button, then waits for its thumbnail (named `alt`) to load. */
  async function addPng(section: Locator, button: string, name: string, alt: string): Promise<void> {
    const png = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 11, g: 110, b: 105 } },
    })
      .png()
      .toBuffer();
    await section.getByLabel(button).setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await loaded(section.getByRole('img', { name: alt }));
  }

  /** The tour paid for on its own beyond Starter's premium tours, and its price a month ('$4.95'). */
  const extra = { id: '', price: '' };

  const field = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });
  const rows = () => page.getByRole('list', { name: 'Properties' }).getByRole('listitem');

  it('creates a property, with the maps service’s refusals under the address field as it words them', async () => {
    await page.goto(`${base}/provider/properties`);
    const empty = page.getByRole('region', { name: 'No properties yet' });
    await empty.getByText('Add your first property').waitFor();
    await empty.getByRole('button', { name: 'New property' }).click();

    const modal = page.getByRole('dialog', { name: 'New property' });
    await modal.getByRole('button', { name: 'Create property' }).click();
    await modal.getByText(MESSAGES.required, { exact: true }).first().waitFor();
    expect(await modal.getByText(MESSAGES.required, { exact: true }).count()).toBe(3);
    for (const label of ['Title', 'Address', 'Matterport link or model id']) {
      expect(await field(modal, label).getAttribute('aria-invalid')).toBe('true');
    }

    await field(modal, 'Title').fill('Harbour View Apartment');
    await field(modal, 'Address').fill('1 Nowhere Lane, Sydney');
    await field(modal, 'Matterport link or model id').fill('abc');
    await modal.getByRole('button', { name: 'Create property' }).click();
    await modal
      .getByText(
        'Matterport link or model id is not a Matterport model id (5 or more letters or digits) or a link to a Matterport model',
      )
      .waitFor();

    // The model picked from the account's spaces; the title and address typed stay as they are.
    await modal.getByRole('button', { name: 'Choose from Matterport spaces' }).click();
    const spaces = modal.getByRole('region', { name: 'Matterport spaces' });
    await spaces.getByLabel('Search spaces').fill('harbour');
    await spaces.getByRole('button', { name: /12 Harbour View, Sydney/ }).click();
    expect(await field(modal, 'Matterport link or model id').inputValue()).toBe(
      matterportAccountModels('demo-scans').find((model) => model.name === '12 Harbour View, Sydney')!.id,
    );
    expect(await field(modal, 'Title').inputValue()).toBe('Harbour View Apartment');

    const refusals: Array<[string, string]> = [
      ['1 Nowhere Lane, Sydney', MESSAGES.addressNotFound],
      ['2 No Coordinates Street, Sydney', MESSAGES.addressWithoutCoordinates],
      ['3 No Location Road, Sydney', MESSAGES.addressWithoutLocation],
    ];
    for (const [address, message] of refusals) {
      await field(modal, 'Address').fill(address);
      await modal.getByRole('button', { name: 'Create property' }).click();
      await modal.getByText(message, { exact: true }).waitFor();
      // Under the field, which is marked invalid and gets the focus.
      expect(await field(modal, 'Address').getAttribute('aria-invalid')).toBe('true');
      await expect(
        field(modal, 'Address').evaluate((input) => input === input.ownerDocument.activeElement),
      ).resolves.toBe(true);
    }

    await field(modal, 'Address').fill('12 Harbour View, Sydney, Australia');
    await modal.getByRole('button', { name: 'Create property' }).click();
    await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
    await page.getByText('The property was created.').waitFor();
    expect(page.url()).toMatch(/\/provider\/properties\/[0-9a-f-]{36}$/);
  });

  it('searches the list as the person types, by title or address, and filters it', async () => {
    await aProperty('Bondi Beach House', '4 Ocean Parade, Bondi Beach, Australia');
    await aProperty('Collins Street Office', '88 Collins Street, Melbourne, Australia');
    await page.getByRole('link', { name: '← Properties' }).click();
    await page.getByText('3 properties').waitFor();
    expect(await rows().count()).toBe(3);
    await rows().filter({ hasText: 'Harbour View Apartment' }).getByText('Basic', { exact: true }).waitFor();
    await rows()
      .filter({ hasText: 'Harbour View Apartment' })
      .getByText('Unpublished', { exact: true })
      .waitFor();

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('bondi');
    await page.getByText('1 property', { exact: true }).waitFor();
    expect(await rows().allInnerTexts()).toEqual([expect.stringContaining('Bondi Beach House')]);
    expect(new URL(page.url()).searchParams.get('search')).toBe('bondi');
    await search.fill('melbourne'); // the address, not the title
    await rows().filter({ hasText: 'Collins Street Office' }).waitFor();
    await page.getByText('1 property', { exact: true }).waitFor();
    await search.fill('');
    await page.getByText('3 properties').waitFor();

    await page.getByRole('combobox', { name: 'Status' }).selectOption('unpublished');
    await page.getByText('3 properties').waitFor();
    await page.getByRole('combobox', { name: 'Tour type' }).selectOption('premium');
    const none = page.getByRole('region', { name: 'No matching properties' });
    await none.getByText('Nothing matches these filters.', { exact: false }).waitFor();
    await none.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByText('3 properties').waitFor();
    expect(await page.getByRole('combobox', { name: 'Tour type' }).inputValue()).toBe('');

    await page.getByRole('link', { name: 'Harbour View Apartment' }).click();
    await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
  });

  it('uploads a photo and shows its thumbnail; a file that is not an image, or is too large, is refused as said', async () => {
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByText('No photos yet.').waitFor();
    await addPng(photos, 'Add photos', 'living-room.png', 'living-room.png');
    await photos.getByText('1 photo was added.').waitFor();

    // On a slow connection the upload shows how far it has got.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 300, height: 300, channels: 3 },
      },
    )
      .jpeg({ quality: 100 })
      .toBuffer();
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: noise.length / 3, // bytes a second: about three seconds
    });
    await photos
      .getByLabel('Add photos')
      .setInputFiles({ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: noise });
    const progress = photos.getByRole('progressbar', { name: 'Uploading hall.jpg' });
    await page.waitForFunction(
      (bar) =>
        bar !== null && Number(bar.getAttribute('value')) > 0 && Number(bar.getAttribute('value')) < 100,
      await progress.elementHandle(),
    );
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await loaded(photos.getByRole('img', { name: 'hall.jpg' }));
    await network.detach();

    await photos.getByLabel('Add photos').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not a picture'),
    });
    const uploads = photos.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('Errors occurred whilst uploading this file:').waitFor();
    await uploads.getByText('must be an image (JPEG, PNG, WebP or GIF)', { exact: true }).waitFor();
    await uploads.getByRole('button', { name: 'Remove notes.png from the list' }).click();
    await uploads.waitFor({ state: 'detached' });

    // One byte over 100MB (a sparse file): refused at once, before anything is sent.
    const huge = path.join(files, 'huge.jpg');
    const handle = openSync(huge, 'w');
    ftruncateSync(handle, LIMITS.maxUploadBytes + 1);
    closeSync(handle);
    await photos.getByLabel('Add photos').setInputFiles(huge);
    await uploads.getByText(MESSAGES.uploadTooLarge, { exact: true }).waitFor();
    await uploads.getByRole('button', { name: 'Remove huge.jpg from the list' }).click();
    expect(await photos.getByRole('list', { name: 'Photos' }).getByRole('img').count()).toBe(2);
  });

  it('uploads a PDF document, refuses an image as one, and deletes the document after asking', async () => {
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByText('No documents yet', { exact: false }).waitFor();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    await documents.getByLabel('Upload documents').setInputFiles([
      { name: 'brochure.pdf', mimeType: 'application/pdf', buffer: pdf },
      {
        name: 'photo.pdf',
        mimeType: 'application/pdf',
        buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      },
    ]);
    await documents.getByRole('link', { name: 'brochure.pdf' }).waitFor();
    await documents.getByText('1 document was added.').waitFor();
    const uploads = documents.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('must be a PDF', { exact: true }).waitFor();
    await uploads.getByRole('button', { name: 'Remove photo.pdf from the list' }).click();

    // "Download all" is a plain link: the browser follows it asking for HTML too, and gets the zip.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('link', { name: 'Download all documents (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('brochure.pdf'))).toBe(true);

    await documents.getByRole('button', { name: 'Delete document brochure.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
    await confirm.getByRole('button', { name: 'Delete document' }).click();
    await documents.getByText('brochure.pdf was deleted.').waitFor();
    await documents.getByText('No documents yet', { exact: false }).waitFor();
  });

  it('builds the website: settings and features sent as changed, the server’s refusals under their fields, the photos it shows, all kept', async () => {
    const propertyId = new URL(page.url()).pathname.split('/').pop()!;
    const websitePath = `/provider/properties/${propertyId}/website`;
    const website = page.getByRole('region', { name: 'Website', exact: true });
    await website.getByText('Not published', { exact: true }).waitFor();
    const changes: Array<{ path: string; body: unknown }> = [];
    const record = (request: Request) => {
      if (request.method() === 'PATCH' && request.url().includes(`${websitePath}/`))
        changes.push({ path: new URL(request.url()).pathname, body: request.postDataJSON() });
    };
    page.on('request', record);

    // A colour the server would refuse is refused here first, in the server's words, and nothing is sent.
    const refusal = await provider.send('patch', `${websitePath}/settings`, {
      website_settings: { primary_color: 'sea green' },
    });
    expect(refusal.status).toBe(422);
    const [notAColour] = refusal.body.errors['website_settings.primary_color'] as string[];
    const settings = website.getByRole('form', { name: 'Settings' });
    await field(settings, 'Headline').fill('Harbour views from every room');
    await field(settings, 'Primary colour').fill('sea green');
    await settings.getByRole('checkbox', { name: 'Show the map' }).uncheck();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText(`Primary colour ${notAColour}`, { exact: true }).waitFor();
    expect(await field(settings, 'Primary colour').getAttribute('aria-invalid')).toBe('true');
    await expect(
      field(settings, 'Primary colour').evaluate((input) => input === input.ownerDocument.activeElement),
    ).resolves.toBe(true);
    await field(settings, 'Primary colour').fill('rgb(11, 110, 105)');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('The website settings were saved.').waitFor();

    // A number the server refuses: its message under the field, focus on it; then saved.
    const features = website.getByRole('form', { name: 'Property features' });
    await field(features, 'Bedrooms').fill('1001');
    await field(features, 'Bathrooms').fill('2');
    await features.getByRole('combobox', { name: 'Measurement unit' }).selectOption('both');
    await field(features, 'Price').fill('Auction');
    await field(features, 'Add a feature').fill('Ocean views');
    await field(features, 'Add a feature').press('Enter');
    await field(features, 'Add a feature').fill('Pool');
    await features.getByRole('button', { name: 'Add feature' }).click();
    await field(features, 'Add a feature').fill('Balcony'); // still typed when saving: saved too
    await features.getByRole('button', { name: 'Remove the feature Pool' }).click();
    await features.getByRole('button', { name: 'Save features' }).click();
    await features.getByText('Bedrooms must be at most 1000', { exact: true }).waitFor();
    await expect(
      field(features, 'Bedrooms').evaluate((input) => input === input.ownerDocument.activeElement),
    ).resolves.toBe(true);
    await field(features, 'Bedrooms').fill('3');
    await features.getByRole('button', { name: 'Save features' }).click();
    await features.getByText('The property’s features were saved.').waitFor();
    const chips = features.getByRole('list', { name: 'Features', exact: true }).getByRole('listitem');
    expect(await chips.allInnerTexts()).toEqual([
      expect.stringContaining('Ocean views'),
      expect.stringContaining('Balcony'),
    ]);

    // The photos: all of them in their own order until chosen; hall.jpg first, then living-room.png left out.
    const photos = website.getByRole('form', { name: 'Photos on the website' });
    const shown = async () => {
      const boxes = await photos.getByRole('list', { name: 'Website photos' }).getByRole('checkbox').all();
      return Promise.all(
        boxes.map(async (box) => [await box.getAttribute('aria-label'), await box.isChecked()]),
      );
    };
    expect(await shown()).toEqual([
      ['Show living-room.png', true],
      ['Show hall.jpg', true],
    ]);
    await photos.getByRole('button', { name: 'Move hall.jpg up' }).click();
    await photos.getByRole('button', { name: 'Save photos' }).click();
    await photos.getByText('The website shows 2 photos, in the order saved.').waitFor();
    await photos.getByRole('checkbox', { name: 'Show living-room.png' }).uncheck();
    await photos.getByRole('button', { name: 'Save photos' }).click();
    await photos.getByText('The website shows 1 photo, in the order saved.').waitFor();

    // Each part sent only what changed.
    page.off('request', record);
    expect(changes).toEqual([
      {
        path: `${websitePath}/settings`,
        body: {
          website_settings: {
            headline: 'Harbour views from every room',
            primary_color: 'rgb(11, 110, 105)',
            show_map: false,
          },
        },
      },
      {
        path: `${websitePath}/property_features`,
        body: {
          property_features: {
            bedrooms: 1001,
            bathrooms: 2,
            measurement_unit: 'both',
            price: 'Auction',
            features: ['Ocean views', 'Balcony'],
          },
        },
      },
      {
        path: `${websitePath}/property_features`,
        body: {
          property_features: {
            bedrooms: 3,
            bathrooms: 2,
            measurement_unit: 'both',
            price: 'Auction',
            features: ['Ocean views', 'Balcony'],
          },
        },
      },
      { path: `${websitePath}/photos`, body: { photos: [expect.any(String), expect.any(String)] } },
      { path: `${websitePath}/photos`, body: { photos: [expect.any(String)] } },
    ]);

    await page.reload();
    await settings.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await field(settings, 'Headline').inputValue()).toBe('Harbour views from every room');
    expect(await field(settings, 'Primary colour').inputValue()).toBe('rgb(11, 110, 105)');
    expect(await settings.getByRole('checkbox', { name: 'Show the map' }).isChecked()).toBe(false);
    expect(await settings.getByRole('checkbox', { name: 'Show the address' }).isChecked()).toBe(true);
    expect(await field(features, 'Bedrooms').inputValue()).toBe('3');
    expect(await field(features, 'Price').inputValue()).toBe('Auction');
    expect(await features.getByRole('combobox', { name: 'Measurement unit' }).inputValue()).toBe('both');
    expect(await chips.allInnerTexts()).toEqual([
      expect.stringContaining('Ocean views'),
      expect.stringContaining('Balcony'),
    ]);
    await photos.getByRole('list', { name: 'Website photos' }).waitFor();
    expect(await shown()).toEqual([
      ['Show hall.jpg', true],
      ['Show living-room.png', false],
    ]);

    // "Show all photos" goes back to every photo in its own order.
    await photos.getByRole('button', { name: 'Show all photos' }).click();
    await photos.getByText('The website shows all the photos, in their own order.').waitFor();
    expect(await shown()).toEqual([
      ['Show living-room.png', true],
      ['Show hall.jpg', true],
    ]);
    expect((await provider.get(`${websitePath}/`)).body.data.photos).toBeNull();
  });

  it('adds a floorplan the website then offers, a video link and a media link refused in the server’s words first, and deletes one after asking', async () => {
    const propertyId = new URL(page.url()).pathname.split('/').pop()!;
    const isFocused = (locator: Locator) =>
      locator.evaluate((element) => element === element.ownerDocument.activeElement);

    // A floorplan, named after its file, is offered to the website at once (no reload).
    const floorplans = page.getByRole('region', { name: 'Floorplans' });
    await floorplans.getByText('No floorplans yet.', { exact: false }).waitFor();
    await addPng(floorplans, 'Add floorplans', 'ground-floor.png', 'ground-floor');
    await floorplans.getByText('1 floorplan was added.').waitFor();
    const [floorplan] = (await provider.get(`/provider/properties/${propertyId}/floorplans`)).body
      .data as Array<{
      id: string;
    }>;
    const website = page.getByRole('region', { name: 'Website', exact: true });
    const onWebsite = website.getByRole('form', { name: 'Floorplan on the website' });
    await onWebsite.getByRole('combobox', { name: 'Floorplan' }).selectOption({ label: 'ground-floor' });
    await onWebsite.getByRole('button', { name: 'Save floorplan' }).click();
    await onWebsite.getByText('The website shows ground-floor.').waitFor();
    expect(
      (await provider.get(`/provider/properties/${propertyId}/website/`)).body.data.published_floorplan,
    ).toEqual({
      id: floorplan!.id,
    });

    // A link to Tourly itself is no video: refused under the field, which takes the focus.
    const videos = page.getByRole('region', { name: 'Videos' });
    const videoLink = field(videos, 'Video link');
    await videoLink.fill('http://localhost/x');
    await videos.getByRole('button', { name: 'Add video link' }).click();
    await videos.getByText('must be a video hosted elsewhere, not a link to Tourly itself').waitFor();
    expect(await isFocused(videoLink)).toBe(true);
    await videoLink.fill('https://vimeo.com/123');
    await field(videos, 'Title').fill('Drone flyover');
    await videos.getByRole('button', { name: 'Add video link' }).click();
    await videos.getByText('1 video was added.').waitFor();
    const video = videos.getByRole('list', { name: 'Videos' }).getByRole('link', { name: 'Drone flyover' });
    await video.waitFor();
    expect(await video.getAttribute('href')).toBe('https://vimeo.com/123');
    expect(await videoLink.inputValue()).toBe('');

    const links = page.getByRole('region', { name: 'Media links' });
    const link = field(links, 'Link');
    await link.fill('brochure on the web');
    await links.getByRole('button', { name: 'Add link' }).click();
    await links.getByText(MESSAGES.invalidUrl, { exact: true }).waitFor();
    expect(await isFocused(link)).toBe(true);
    await link.fill('https://example.com/brochure');
    await field(links, 'Title').fill('Brochure');
    await links.getByRole('button', { name: 'Add link' }).click();
    await links.getByRole('list', { name: 'Media links' }).getByRole('link', { name: 'Brochure' }).waitFor();
    expect(await links.getByText(MESSAGES.invalidUrl, { exact: true }).count()).toBe(0);

    await links.getByRole('button', { name: 'Delete link Brochure' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this link?' });
    await confirm.getByRole('button', { name: 'Delete link' }).click();
    await links.getByText('The link Brochure was deleted.').waitFor();
    await links.getByText('No media links yet.').waitFor();
    expect((await provider.get(`/provider/properties/${propertyId}/media_links`)).body.data).toEqual([]);
  });

  it('on the free plan, asks for an upgrade before publishing, and opens the plan upgrade modal', async () => {
    const publishing = page.getByRole('region', { name: 'Publishing' });
    const share = publishing.getByRole('switch', { name: 'Share the tour' });
    await share.click();
    const refusal = publishing.getByRole('alert');
    await refusal.getByText(PUBLISHING_NEEDS_PLAN, { exact: true }).waitFor();
    expect(await share.isChecked()).toBe(false);
    await refusal.getByRole('button', { name: 'Upgrade plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByRole('article', { name: 'Starter' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('on Starter, shares the tour and makes it premium; the list filters it so, with its photo', async () => {
    await onStarter(it_, provider);

    await page.reload();
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByRole('switch', { name: 'Share the tour' }).click();
    await publishing.getByText('The tour is shared.').waitFor();
    expect(await publishing.getByRole('switch', { name: 'Share the tour' }).isChecked()).toBe(true);
    await publishing.getByRole('switch', { name: 'Premium tour' }).click();
    await publishing.getByText('This is a premium tour now.').waitFor();
    // Each switch says what is so as it stands: the website is not live until it is published.
    const website = publishing.getByRole('switch', { name: 'Publish the website' });
    expect(await website.isChecked()).toBe(false);
    await publishing
      .getByText('The property’s single-property website is not live: turn this on to publish it.')
      .waitFor();
    expect(await publishing.getByText('The property’s single-property website is live.').count()).toBe(0);
    await website.click();
    await publishing.getByText('The website is published.').waitFor();
    await publishing.getByText('The property’s single-property website is live.').waitFor();
    // Where visitors find it, to copy or open.
    const websiteLink = await publishing.getByRole('textbox', { name: 'Website link' }).inputValue();
    expect(websiteLink).toBe(`${base}/tours/${provider.providerId}/harbour-view-apartment/website`);
    expect(await publishing.getByRole('link', { name: 'Open the website' }).getAttribute('href')).toBe(
      websiteLink,
    );
    await page
      .getByRole('region', { name: 'Website', exact: true })
      .getByText('Live', { exact: true })
      .waitFor();
    const status = page.getByRole('group', { name: 'Tour status' });
    await status.getByText('Premium', { exact: true }).waitFor();
    await status.getByText('Published', { exact: true }).waitFor();

    await page.getByRole('link', { name: '← Properties' }).click();
    await page.getByRole('combobox', { name: 'Tour type' }).selectOption('premium');
    await page.getByText('1 property', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await page.getByText('1 property', { exact: true }).waitFor();
    const row = rows().filter({ hasText: 'Harbour View Apartment' });
    await row.getByText('Premium', { exact: true }).waitFor();
    await loaded(row.locator('img')); // decorative (alt ""), beside the title
    // The filters combine: no premium tour is unpublished; both others are.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('unpublished');
    await page.getByRole('region', { name: 'No matching properties' }).waitFor();
    await page.getByRole('combobox', { name: 'Tour type' }).selectOption('');
    await page.getByText('2 properties').waitFor();
    expect(await rows().filter({ hasText: 'Harbour View Apartment' }).count()).toBe(0);
  });

  it('pays for a premium tour beyond the full quota on its own, with a card that asks for 3-D Secure', async () => {
    // 19 more premium tours fill Starter's 20 (a test builder, through the API).
    for (let index = 1; index <= 19; index += 1) {
      const id = await aProperty(`Quota Tour ${index}`, `${index} Quota Street, Sydney, Australia`);
      await provider
        .send('put', `/provider/properties/${id}/published_features`, {
          published_features: { premium: true },
        })
        .expect(200);
    }
    const extraId = await aProperty('Extra Premium House', '7 Riverside Drive, Brisbane, Australia');
    extra.id = extraId;
    const preview = await provider.send('post', `/provider/properties/${extraId}/preview_publish`, {
      published_features: { premium: true },
    });
    expect(preview.body.data).toMatchObject({ allowed: false, payment_required: true });
    const { amount_in_cents: cents } = preview.body.data.price as { amount_in_cents: number };
    const price = `$${(cents / 100).toFixed(2)}`;
    extra.price = price;

    await page.goto(`${base}/provider/properties/${extraId}`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByRole('switch', { name: 'Premium tour' }).click();
    const modal = page.getByRole('dialog', { name: 'Pay and publish' });
    await modal
      .getByText('Your plan includes 20 premium tours, and all are in use.', { exact: false })
      .waitFor();
    await modal.getByText(price, { exact: true }).waitFor();

    const cardSection = modal.getByRole('region', { name: 'Card', exact: true });
    await cardSection.getByText('Visa •••• 4242').waitFor();
    await cardSection.getByRole('button', { name: 'Add another card' }).click();
    await enterCard(cardSection, '4000 0027 6000 3184');
    await completeAuthentication(page); // saving the card
    expect(await cardSection.getByRole('radio', { name: /•••• 3184/ }).isChecked()).toBe(true);
    await modal.getByRole('checkbox', { name: 'Make this my default card' }).check();
    const payments: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (
        request.method() === 'PUT' &&
        request.url().endsWith(`/provider/properties/${extraId}/published_features`)
      )
        payments.push(request.postDataJSON() as Record<string, unknown>);
    });
    await modal.getByRole('button', { name: `Pay ${price} / month` }).click();
    await completeAuthentication(page); // paying with it
    await modal.waitFor({ state: 'detached' });

    await publishing.getByText('“Extra Premium House” is a premium tour now, paid separately.').waitFor();
    await publishing.getByText('Paid separately', { exact: true }).waitFor();
    expect(await publishing.getByRole('switch', { name: 'Premium tour' }).isChecked()).toBe(true);
    // Paid with the new card, asked to become the default: the first request, then the same after 3-D Secure.
    const cards = (await provider.get('/provider/billing/account/credit_cards')).body.data as Array<{
      id: string;
      last4: string;
    }>;
    const newCard = cards.find((saved) => saved.last4 === '3184')!.id;
    const paid = {
      published_features: { premium: true },
      payment_method_id: newCard,
      set_as_default_payment: true,
    };
    expect(payments).toEqual([paid, paid]);
  });

  it('lists the premium tours on the billing page, each included in the plan or paid separately, and what the separate one costs', async () => {
    await page.goto(`${base}/provider/billing`);
    const section = page.getByRole('region', { name: 'Premium tours and add-ons' });
    const tours = section.getByRole('region', { name: 'Premium tours', exact: true });
    const paid = section.getByRole('region', { name: 'Paid separately', exact: true });
    // Harbour View Apartment, the 19 quota tours and the one paid separately: 21, ten a page.
    await tours.getByText('Page 1 of 3').waitFor();
    const paidRow = paid.getByRole('row', { name: /Extra Premium House/ });
    await paidRow.getByText(`${extra.price} / month`, { exact: true }).waitFor();
    await paidRow.getByText('Active', { exact: true }).waitFor();
    await paidRow.getByText(/^Renews on \d{4}-\d{2}-\d{2}$/).waitFor();

    const search = section.getByRole('searchbox', { name: 'Search tours' });
    await search.fill('extra premium');
    await tours.getByRole('navigation', { name: 'Premium tours pages' }).waitFor({ state: 'detached' });
    expect(await tours.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('Tour'),
      expect.stringMatching(/Extra Premium House[\s\S]*Paid separately/),
    ]);
    await search.fill('harbour view');
    await paid.getByText('Nothing matches “harbour view”.').waitFor();
    const included = tours.getByRole('row', { name: /Harbour View Apartment/ });
    await included.getByText('Included in your plan', { exact: true }).waitFor();
    expect(await tours.getByRole('row').count()).toBe(2);
    await included.getByRole('link', { name: 'Harbour View Apartment' }).click();
    await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
  });

  it('stops paying for the premium tour paid separately, which the billing page then lists as ended', async () => {
    await page.goto(`${base}/provider/properties/${extra.id}`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByRole('button', { name: 'Stop paying for this premium tour' }).click();
    const confirm = page.getByRole('dialog', { name: 'Stop paying for this premium tour?' });
    await confirm
      .getByText('the tour becomes a basic tour that is no longer shared', { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Stop paying' }).click();
    await publishing.getByText('You no longer pay for this premium tour', { exact: false }).waitFor();
    expect(await publishing.getByRole('switch', { name: 'Premium tour' }).isChecked()).toBe(false);
    expect(await publishing.getByText('Paid separately', { exact: true }).count()).toBe(0);

    await page.goto(`${base}/provider/billing`);
    const paid = page.getByRole('region', { name: 'Paid separately', exact: true });
    const row = paid.getByRole('row', { name: /Extra Premium House/ });
    await row.getByText('Ended', { exact: true }).waitFor();
    await row.getByText(/^Ended on \d{4}-\d{2}-\d{2}$/).waitFor();
    await row.getByText(`${extra.price} / month`, { exact: true }).waitFor();
  });

  it('chooses the property’s agents among the team, in the order visitors see them, each change kept', async () => {
    const id = await aProperty('Agents Listing', '12 Harbour View, Sydney NSW 2000, Australia');
    await it_.aMember('ann.agent@example.com', provider.providerId, 'member');
    await it_.aMember('ben.agent@example.com', provider.providerId, 'scan_technician');
    await page.goto(`${base}/provider/properties/${id}`);
    const agents = page.getByRole('region', { name: 'Agents' });
    await agents.getByText('No agents yet.').waitFor();
    const picker = agents.getByRole('combobox', { name: 'Add an agent' });
    // The team only: the provider's people, never its client users.
    for (const email of ['ben.agent@example.com', 'ann.agent@example.com']) {
      await picker.selectOption({ label: `Test User (${email})` });
      await agents.getByRole('button', { name: 'Add agent' }).click();
      await agents.getByRole('status').filter({ hasText: 'Test User added.' }).waitFor();
      await agents.getByRole('listitem').filter({ hasText: email }).waitFor();
    }
    const list = agents.getByRole('list', { name: 'Agents' });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('ben.agent@example.com'),
      expect.stringContaining('ann.agent@example.com'),
    ]);
    await list.getByRole('listitem').nth(1).getByRole('button', { name: 'Move Test User up' }).click();
    await agents.getByRole('status').filter({ hasText: 'Test User moved up.' }).waitFor();
    const saved = async () => {
      const agentIds = (await provider.get(`/provider/properties/${id}/contacts`)).body.data
        .agent_ids as string[];
      const emails = (await it_.platform.services.identity.app
        .get(Database)
        .dataSource.query('SELECT id, email FROM users WHERE id = ANY($1::uuid[])', [agentIds])) as Array<{
        id: string;
        email: string;
      }>;
      return agentIds.map((agentId) => emails.find((user) => user.id === agentId)?.email);
    };
    expect(await saved()).toEqual(['ann.agent@example.com', 'ben.agent@example.com']);

    await list.getByRole('listitem').nth(0).getByRole('button', { name: 'Remove Test User' }).click();
    await agents.getByRole('status').filter({ hasText: 'Test User removed.' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.reload();
    await agents.getByRole('list', { name: 'Agents' }).getByText('ben.agent@example.com').waitFor();
    expect(await saved()).toEqual(['ben.agent@example.com']);
  });

  it('edits a property, deletes it after asking, and then finds it no more', async () => {
    const id = await aProperty('Old Listing', '9 Marine Parade, Brighton, United Kingdom');
    await page.goto(`${base}/provider/properties/${id}`);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByRole('button', { name: 'Edit details' }).click();
    await field(details, 'Address').fill('Nowhere in particular');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText(MESSAGES.addressNotFound, { exact: true }).waitFor();
    await field(details, 'Address').fill('9 Marine Parade, Brighton, United Kingdom');
    await field(details, 'Title').fill('Old Listing (sold)');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('The details were saved.').waitFor();
    await page.getByRole('heading', { name: 'Old Listing (sold)', level: 1 }).waitFor();

    await details.getByRole('button', { name: 'Delete property' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this property?' });
    await confirm.getByText('our support team can restore it', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete property' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    await page
      .getByText('“Old Listing (sold)” was deleted. If that was a mistake, our support team can restore it.')
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('old listing');
    await page.getByRole('region', { name: 'No matching properties' }).waitFor();

    await page.goto(`${base}/provider/properties/${id}`);
    await page.getByRole('heading', { name: 'Property not found', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to your properties' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
  });

  it('fits the list on a 390 px phone, every row tappable, and a property’s media sections', async () => {
    // An account whose email is not confirmed yet (sign-up confirms it now; older accounts may not be), so the
    // reminder with its long address is on the page too.
    const me = await provider.get('/users/me');
    await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [me.body.data.user_id]);
    const phone = await signedIn(provider, PHONE);
    await phone.goto(`${base}/provider/properties`);
    const list = phone.getByRole('list', { name: 'Properties' });
    await list.getByRole('listitem').first().waitFor();
    await phone.getByRole('button', { name: 'New property' }).waitFor();
    // The page's own parts stay within the phone's width (nothing to scroll sideways to reach).
    for (const part of [
      phone.getByRole('button', { name: 'New property' }),
      phone.getByRole('searchbox', { name: 'Search' }),
      phone.getByRole('combobox', { name: 'Tour type' }),
      phone.getByRole('navigation', { name: 'Properties pages' }),
      ...(await list.getByRole('listitem').all()),
    ]) {
      const box = await part.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    const first = list.getByRole('listitem').first();
    const box = await first.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    // A tap anywhere on the row opens the property (its link covers the row).
    const title = (await first.getByRole('heading').textContent()) as string;
    await phone.mouse.click(box!.x + box!.width - 12, box!.y + box!.height - 8);
    await phone.getByRole('heading', { name: title, level: 1 }).waitFor();

    // The property's media sections fit too, their buttons big enough to tap.
    for (const name of ['Floorplans', 'Videos', 'Media links']) {
      const section = phone.getByRole('region', { name, exact: true });
      await section.getByRole('status').last().waitFor({ state: 'attached' });
      const sectionBox = await section.boundingBox();
      expect(sectionBox!.x).toBeGreaterThanOrEqual(0);
      expect(sectionBox!.x + sectionBox!.width).toBeLessThanOrEqual(PHONE.width);
    }
    const addLink = phone
      .getByRole('region', { name: 'Media links' })
      .getByRole('button', { name: 'Add link' });
    expect((await addLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Nothing widens the page, the email reminder's long address included: no sideways scrolling at all.
    await phone.getByRole('region', { name: 'Email confirmation' }).waitFor();
    await fitsTheWidth(phone);
    await phone.context().close();
  });
});
