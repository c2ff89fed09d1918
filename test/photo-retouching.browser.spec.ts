import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { retouchingCredits } from '@tourly/contracts';
import { eventually } from '@tourly/platform/testing';
import { aTemporaryUpload, jpeg } from '../services/properties/test/media-support';
import { aProperty, balanceOf, deliverOrder, giveCredits } from '../services/orders/test/support';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'photo-retouching');
const TITLE = 'Birchgrove Boathouse';
const PHOTOS = ['living-room.jpg', 'kitchen.jpg', 'garden.jpg'];
const COST = retouchingCredits(PHOTOS.length, ['brightness_colour', 'sky_replacement']);

/**
 * Photo retouching in a real browser at a phone's width, against the whole platform: a provider ticks three photos
 * of a property on its page, chooses brightness and colour and a new sky, sees the price per photo and the total,
 * and lands on the order, its credits held; a virtual assistant finds it in the retouching queue and assigns it; the
 * supplier, told how to name what it delivers, uploads a retouched copy of each photo, validates and finalises; the
 * provider finds the order delivered, the credits spent and the retouched photos beside the originals; an amendment
 * redoing one puts its photo in that copy's place. A photo retouched in its place shows its original again with
 * "Restore original".
 */
jest.setTimeout(120_000);

describe('photo retouching in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Boathouse Photo Studio');
    const admin = await it_.signIn('admin@demo.test');
    await giveCredits(admin, provider.providerId, COST + 4);
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  /** A property of the provider's with a photo (a real JPEG) for each name. */
  async function aPropertyWithPhotos(title = TITLE, names = PHOTOS): Promise<string> {
    const propertyId = await aProperty(provider, title);
    const uploads: string[] = [];
    for (const [index, filename] of names.entries())
      uploads.push(await aTemporaryUpload(it_, provider, { filename, content: await jpeg(60 + index, 40) }));
    await provider
      .send('post', `/provider/properties/${propertyId}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: uploads },
      })
      .expect(201);
    return propertyId;
  }

  it('orders three photos retouched, assigned in the queue, delivered by the supplier beside the originals', async () => {
    const propertyId = await aPropertyWithPhotos();
    const before = await balanceOf(provider);
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);

    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Order retouching' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order retouching' });
    // Nothing chosen yet: ordering says what is missing, and costs nothing.
    await dialog.getByText('0 of 3 chosen').waitFor();
    await dialog.getByRole('button', { name: 'Order for 0 credits' }).click();
    await dialog.getByText('Choose the photos to retouch.').waitFor();
    await dialog.getByRole('button', { name: 'Choose all' }).click();
    await dialog.getByText('3 of 3 chosen').waitFor();
    const retouching = dialog.getByRole('group', { name: 'Retouching' });
    await retouching.getByRole('checkbox', { name: 'Sky replacement 2 credits a photo' }).check();
    expect(await retouching.getByRole('checkbox', { name: /^Brightness and colour/ }).isChecked()).toBe(true);
    const delivered = dialog.getByRole('group', { name: 'Delivered photos' });
    expect(await delivered.getByRole('radio', { name: /^Beside the originals/ }).isChecked()).toBe(true);
    await delivered.getByText(/An amendment’s photo takes the place of the one it redoes\./).waitFor();
    await dialog
      .getByRole('textbox', { name: 'Instructions' })
      .fill('A clear blue sky over the garden, please.');
    await fitsTheWidth(page);
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'phone-order-retouching.png') });
    await dialog.getByRole('button', { name: `Order for ${COST} credits` }).click();
    await page.waitForURL(/\/provider\/orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').at(-1)!;
    await page.getByText(`Its ${COST} credits are held until the photos are delivered.`).waitFor();
    await page.getByText('3 photos: Brightness and colour, Sky replacement; beside the originals').waitFor();
    const number = /Order (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;
    await fitsTheWidth(page);
    await shot(page, 'phone-order-placed');

    // The virtual assistant finds it in the retouching queue and hands it to the supplier.
    const va = await signedInPage(browser, it_.base, await it_.signIn('va@demo.test'), PHONE, uncaught);
    await va.goto(`${it_.base}/virtual_assistant/photo_retouching_orders`);
    await va.getByRole('link', { name: `Order ${number}`, exact: true }).click();
    await va.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await va.getByText(`Photo retouching · ${TITLE}`).waitFor();
    const assign = va.getByRole('form', { name: 'Assign to a supplier' });
    await assign.getByLabel('Supplier').selectOption({ label: 'Sam Supplier (supplier@demo.test)' });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await va.getByText(`Order ${number} assigned to Sam Supplier.`).waitFor();
    await fitsTheWidth(va);
    await shot(va, 'phone-va-assigned');

    // The supplier starts it, finds the photos with how to name the retouched ones, and delivers one for each.
    const supplier = await signedInPage(
      browser,
      it_.base,
      await it_.signIn('supplier@demo.test'),
      PHONE,
      uncaught,
    );
    await supplier.goto(`${it_.base}/external_supplier/assigned_orders/${orderId}/show`);
    await supplier.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    const actions = region(supplier, 'Actions');
    await actions.getByRole('button', { name: 'Start' }).click();
    await supplier.getByText(`Order ${number} started.`).waitFor();
    const originals = region(supplier, 'Supporting files');
    await originals
      .getByText(/Upload each retouched photo as a deliverable under its original's name/)
      .waitFor();
    for (const filename of PHOTOS) await originals.getByRole('link', { name: filename }).waitFor();
    const deliverables = region(supplier, 'Deliverables');
    for (const [index, filename] of PHOTOS.entries()) {
      await deliverables
        .getByLabel('Upload deliverable')
        .setInputFiles({ name: filename, mimeType: 'image/jpeg', buffer: await jpeg(64 + index, 48) });
      await deliverables.getByRole('link', { name: filename }).waitFor();
    }
    await actions.getByRole('button', { name: 'Validate' }).click();
    await actions
      .getByRole('region', { name: 'Validation' })
      .getByText('Ready to finalise: nothing stands in the way.')
      .waitFor();
    await actions.getByRole('button', { name: 'Finalise' }).click();
    const confirm = supplier.getByRole('dialog', { name: `Finalise order ${number}?` });
    await confirm.getByRole('button', { name: 'Finalise' }).click();
    await supplier.getByText(`Order ${number} delivered.`).waitFor();
    await fitsTheWidth(supplier);
    await shot(supplier, 'phone-supplier-delivered');

    // The provider: delivered, the credits spent, and the retouched photos after the originals.
    await page.reload();
    await page.getByText('Delivered', { exact: true }).first().waitFor();
    await expect(balanceOf(provider)).resolves.toMatchObject({
      credit_balance: before.credit_balance - COST,
    });
    // Properties puts them on the property when it hears of the delivery, a moment after.
    await eventually(
      async () =>
        (await provider.get(`/provider/properties/${propertyId}/photos`).expect(200)).body.data as unknown[],
      (listed) => listed.length === 2 * PHOTOS.length,
      'the retouched photos on the property',
    );
    await page.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const photos = region(page, 'Photos').getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await photos.nth(2 * PHOTOS.length - 1).waitFor();
    expect(await photos.count()).toBe(2 * PHOTOS.length);
    await fitsTheWidth(page);
    await shot(page, 'phone-photos-retouched');

    // The kitchen asked for again: the amendment's photo takes the place of the kitchen's retouched copy.
    const photosNow = async () =>
      (await provider.get(`/provider/properties/${propertyId}/photos`).expect(200)).body.data as Array<{
        id: string;
        file_id: string;
      }>;
    const copies = await photosNow();
    await page.goto(`${it_.base}/provider/orders/${orderId}`);
    await page.getByRole('button', { name: 'Request an amendment' }).click();
    const amend = page.getByRole('dialog', { name: 'Request an amendment' });
    await amend.getByRole('textbox', { name: /^What should change/ }).fill('The kitchen is still too dark.');
    await amend.getByRole('button', { name: 'Request amendment' }).click();
    await page.waitForURL(
      (url) => /\/provider\/orders\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(orderId),
    );
    const amendmentId = page.url().split('/').at(-1)!;
    const retoucher = await it_.signIn('supplier@demo.test');
    await retoucher.send('post', `/external_supplier/floorplan_orders/${amendmentId}/start`).expect(201);
    await retoucher
      .send('post', `/external_supplier/floorplan_orders/${amendmentId}/upload`)
      .attach('floorplan_file[file]', await jpeg(90, 60), {
        filename: 'kitchen.jpg',
        contentType: 'image/jpeg',
      })
      .expect(201);
    await retoucher.send('post', `/external_supplier/floorplan_orders/${amendmentId}/finalise`).expect(201);
    const redone = await eventually(
      photosNow,
      (listed) => listed[PHOTOS.length + 1]?.file_id !== copies[PHOTOS.length + 1]!.file_id,
      'the kitchen’s copy retouched again',
    );
    expect(redone.map((photo) => photo.id)).toEqual(copies.map((photo) => photo.id));
    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    await photos.nth(2 * PHOTOS.length - 1).waitFor();
    expect(await photos.count()).toBe(2 * PHOTOS.length);
  });

  it('restores the original of a photo retouched in its place', async () => {
    const title = 'Snails Bay Cottage';
    const propertyId = await aPropertyWithPhotos(title, ['porch.jpg']);
    const [photo] = (await provider.get(`/provider/properties/${propertyId}/photos`).expect(200)).body
      .data as Array<{
      id: string;
      file_id: string;
    }>;
    const placed = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: {
          kind: 'photo_retouching',
          photo_ids: [photo!.id],
          retouch_options: ['brightness_colour'],
          retouch_delivery: 'replace',
        },
      })
      .expect(201);
    const team = { va: await it_.signIn('va@demo.test'), supplier: await it_.signIn('supplier@demo.test') };
    await deliverOrder(team, placed.body.data.id as string, 'porch.png');
    await eventually(
      async () =>
        (await provider.get(`/provider/properties/${propertyId}/photos`).expect(200)).body.data as Array<{
          retouched: boolean;
        }>,
      ([listed]) => listed?.retouched === true,
      'the photo retouched in its place',
    );

    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const photos = region(page, 'Photos');
    await photos.getByRole('img', { name: 'porch.png' }).waitFor();
    await photos.getByRole('button', { name: 'Restore the original of photo porch.png' }).click();
    await photos.getByText('The original photo is back.').waitFor();
    await photos.getByRole('img', { name: 'porch.jpg' }).waitFor();
    expect(await photos.getByRole('button', { name: /^Restore the original/ }).count()).toBe(0);
    await fitsTheWidth(page);
    await shot(page, 'phone-original-restored');
    const [restored] = (await provider.get(`/provider/properties/${propertyId}/photos`).expect(200)).body
      .data as Array<{
      id: string;
      file_id: string;
    }>;
    expect(restored).toMatchObject({ id: photo!.id, file_id: photo!.file_id });
  });
});
