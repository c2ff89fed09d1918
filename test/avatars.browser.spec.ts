import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type BrowserPlatform, fitsTheWidth, signedInPage, startBrowserPlatform } from './support/browser';
import { gatewayClient, type Person } from './support/platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'avatars');

/**
 * People's pictures (issue 31) in a real browser against the whole platform, at a desktop's and a phone's width: the
 * demo provider's admin is refused a text file, uploads a picture on the settings page, sees it in the team list,
 * and removes it (the initials again).
 */
jest.setTimeout(120_000);

describe('a person’s picture', () => {
  let it_: BrowserPlatform;
  let admin: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    // The local S3 serves the pictures over http: the pages may show images from it (production's storage is https).
    it_ = await startBrowserPlatform({ env: { IMAGE_ORIGINS: 'http://127.0.0.1:*' } });
    mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await gatewayClient(it_.base, it_.emulatorsUrl).signIn('provider@demo.test');
  }, 180_000);
  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'uploads a picture in the profile and sees it in the team list, then removes it (%s)',
    async (name, viewport) => {
      // Each width starts without a picture.
      expect((await admin.send('delete', '/profile/avatar')).status).toBe(200);
      const page = await signedInPage(it_.browser, it_.base, admin, viewport, uncaught);
      await page.goto(`${it_.base}/provider/settings`);
      const profile = page.getByRole('region', { name: 'Profile' });
      const picture = profile.getByRole('group', { name: 'Picture' });
      await picture.getByText('PP', { exact: true }).waitFor();

      // Not an image: the server's words under the field, and still the initials.
      await picture.getByLabel('Upload a picture').setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture\n'),
      });
      await picture.getByText('Picture must be an image (JPEG, PNG, WebP or GIF)').waitFor();
      await picture.getByText('PP', { exact: true }).waitFor();

      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      await picture
        .getByLabel('Upload a picture')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      const shown = picture.locator('img.avatar');
      await shown.waitFor();
      // The square thumbnail itself, loaded from storage.
      // A function, not a string: the page's CSP refuses a string evaluated as code.
      await page.waitForFunction(
        (image) => image.complete && image.naturalWidth === 256,
        await shown.elementHandle(),
      );
      expect(await picture.getByText('must be an image').count()).toBe(0);
      await fitsTheWidth(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-profile.png`), fullPage: true });

      // The team list shows it on the admin's row.
      await page.goto(`${it_.base}/provider/settings/team`);
      const members = page.getByRole('region', { name: 'Members' });
      const row = members.getByRole('row').filter({ hasText: 'Paula Provider' });
      await row.locator('img.avatar').waitFor();
      await fitsTheWidth(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-team.png`), fullPage: true });

      // Removed: the initials again.
      await page.goto(`${it_.base}/provider/settings`);
      await picture.getByRole('button', { name: 'Remove' }).click();
      await picture.getByText('PP', { exact: true }).waitFor();
      expect(await picture.locator('img.avatar').count()).toBe(0);
      await page.context().close();
    },
  );
});
