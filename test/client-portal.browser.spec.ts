import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { eventually } from '@tourly/platform/testing';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'client-portal');

/**
 * Client portals (issue 31) in a real browser (Debian's Chromium) against the whole platform, at a desktop's and a
 * phone's width: a provider on a paid plan records a client with a contact and a property on the client's page,
 * previews the portal, invites the contact into it; the contact opens the emailed link, creates an account, lands
 * in the portal (the provider's name, not its workspace), and sees exactly that client's property, its shared tour
 * and its floor plan: not another client's of the same provider.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

interface Email {
  subject: string;
  textBody: string;
}

describe('client portals in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Coast Media');
    await onStarter(it_, provider);
    await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data?.client_portal,
      (open) => open === true,
      'identity hearing of the paid plan',
    );
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const emailsTo = async (address: string): Promise<Email[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(address)}`);
      const { messages } = (await response.json()) as { messages: Email[] };
      if (messages.length > 0) return messages;
      if (Date.now() > deadline) throw new Error(`no email to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** A property with its tour shared and one floor plan, through the API: its id and the tour's link. */
  async function aSharedPropertyWithPlan(title: string, plan: string) {
    const id = await aProperty(provider, title);
    await provider
      .send('put', `/provider/properties/${id}/published_features`, { published_features: { tour: true } })
      .expect(200);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
    const uploaded = await provider
      .send('post', '/provider/temporary_uploads.json?accept=image')
      .attach('temporary_upload[file]', png, { filename: 'plan.png', contentType: 'image/png' })
      .expect(201);
    await provider
      .send('post', `/provider/properties/${id}/floorplans/upload_multiple`, {
        floorplan: { temporary_upload_ids: [uploaded.body.data.id], names: [plan] },
      })
      .expect(201);
    const link = (await provider.get(`/provider/properties/${id}/player_link`).expect(200)).body.data;
    return { id, tourUrl: link.links.default as string };
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'a provider invites a client’s contact, who accepts and sees exactly that client’s tour and floor plan (%s)',
    async (name, viewport) => {
      const clientName = `Harbour Realty (${name})`;
      const email = `ana.${name}@harbour.example`;
      const ours = await aSharedPropertyWithPlan(`Harbour View (${name})`, `Ground floor (${name})`);
      // Another client of the same provider, with its own shared tour and plan: never in this client's portal.
      const other = await provider
        .send('post', '/provider/clients/create_from_dashboard', {
          client_form: { name: `Bayside (${name})` },
        })
        .expect(201);
      const theirs = await aSharedPropertyWithPlan(`Bayside Loft (${name})`, `Loft plan (${name})`);
      await provider
        .send('patch', `/provider/properties/${theirs.id}`, {
          property: { provider_client_id: other.body.data.id },
        })
        .expect(200);

      // The provider: a client, its contact and property, the preview, the invitation.
      const page = await signedInPage(browser, it_.base, provider, viewport, uncaught);
      await page.goto(`${it_.base}/provider/clients`);
      await page.getByRole('button', { name: 'New client' }).first().click();
      const form = page.getByRole('dialog', { name: 'New client' });
      await form.getByLabel('Name').fill(clientName);
      await form.getByRole('button', { name: 'Create client' }).click();
      await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
      const contacts = page.getByRole('region', { name: 'Contacts' });
      await contacts.getByRole('button', { name: 'Add a contact' }).click();
      const newContact = page.getByRole('dialog', { name: 'New contact' });
      await newContact.getByLabel('Full name').fill('Ana Ng');
      await newContact.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await newContact.getByRole('button', { name: 'Create contact' }).click();
      await contacts.getByRole('heading', { name: 'Ana Ng' }).waitFor();
      const properties = page.getByRole('region', { name: 'Properties' });
      await properties.getByLabel('Add a property').selectOption({ label: `Harbour View (${name})` });
      await properties.getByRole('button', { name: 'Add property' }).click();
      await properties.getByRole('link', { name: `Harbour View (${name})` }).waitFor();

      const portal = page.getByRole('region', { name: 'Client portal' });
      await portal.getByText('Nobody has access yet.').waitFor();
      await portal.getByRole('link', { name: 'Preview portal' }).click();
      await page.getByRole('note', { name: 'Preview' }).waitFor();
      await page
        .getByRole('list', { name: 'Properties' })
        .getByRole('link', { name: `Harbour View (${name})` })
        .waitFor();
      await fitsTheWidth(page);
      await page.getByRole('link', { name: 'Back to the client' }).click();

      await portal.getByLabel('Invite a contact').selectOption({ label: `Ana Ng (${email})` });
      await portal.getByRole('button', { name: 'Send invitation' }).click();
      await portal.getByText(`Invitation sent to ${email}.`).waitFor();
      await portal.getByRole('list', { name: 'Pending portal invitations' }).getByText(email).waitFor();
      await fitsTheWidth(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-client-page.png`), fullPage: true });

      // The contact: the emailed link, a new account, and the portal.
      const [mail] = await emailsTo(email);
      expect(mail!.subject).toMatch(/ invited you to your client portal with Coast Media on Tourly$/);
      const link = /https?:\/\/\S+invitation_token=[A-Za-z0-9_-]+/.exec(mail!.textBody)![0];
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
      const ana = await context.newPage();
      ana.on('pageerror', (error) => uncaught.push(error.message));
      // The mailed link, on the platform under test (its APP_URL is the default one).
      const { pathname, search } = new URL(link);
      await ana.goto(`${it_.base}${pathname}${search}`);
      await ana.getByText('to the client portal of Coast Media', { exact: false }).waitFor();
      await ana.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
      await ana.getByRole('textbox', { name: 'Last name', exact: true }).fill('Ng');
      await ana.getByLabel('Password', { exact: true }).fill('Quiet harbour lanterns 1987');
      await ana.getByRole('button', { name: 'Create account and join' }).click();
      await ana.getByRole('heading', { level: 1, name: clientName }).waitFor();
      expect(new URL(ana.url()).pathname).toBe('/portal');
      await ana.getByRole('banner').getByText('Coast Media').waitFor();
      await ana.getByRole('button', { name: 'Sign out' }).waitFor();
      // Not the provider's workspace: no navigation to it.
      expect(await ana.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      const list = ana.getByRole('list', { name: 'Properties' });
      await list.getByRole('link', { name: `Harbour View (${name})` }).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(1);
      expect(await ana.getByText(`Bayside Loft (${name})`).count()).toBe(0);
      await fitsTheWidth(ana);
      await ana.screenshot({ path: path.join(SCREENSHOTS, `${name}-portal.png`), fullPage: true });

      await list.getByRole('link', { name: `Harbour View (${name})` }).click();
      await ana.getByRole('heading', { level: 1, name: `Harbour View (${name})` }).waitFor();
      expect(await ana.getByRole('textbox', { name: 'Tour link' }).inputValue()).toBe(ours.tourUrl);
      const plans = ana.getByRole('list', { name: 'Floor plans' });
      await plans.getByText(`Ground floor (${name})`).waitFor();
      expect(await plans.getByRole('listitem').count()).toBe(1);
      const download = plans.getByRole('link', { name: `Download Ground floor (${name})` });
      const planUrl = await download.getAttribute('href');
      // The link downloads the plan itself (a presigned link to the storage).
      const fetched = await fetch(planUrl!);
      expect({ status: fetched.status, type: fetched.headers.get('content-type') }).toEqual({
        status: 200,
        type: 'image/png',
      });
      expect(await ana.getByText(`Loft plan (${name})`).count()).toBe(0);
      await fitsTheWidth(ana);
      await ana.screenshot({ path: path.join(SCREENSHOTS, `${name}-portal-property.png`), fullPage: true });

      // Another client's property, by its address: not found, and the provider workspace sends it back here.
      await ana.goto(`${it_.base}/portal/properties/${theirs.id}`);
      await ana.getByText('Property not found').first().waitFor();
      await ana.goto(`${it_.base}/provider/properties`);
      await ana.waitForURL(`${it_.base}/portal`);

      // Signing out, then in again: the portal is where a client user starts.
      await ana.getByRole('button', { name: 'Sign out' }).click();
      await ana.waitForURL((url) => url.pathname === '/users/sign_in');
      await ana.getByLabel('Email').fill(email);
      await ana.getByLabel('Password', { exact: true }).fill('Quiet harbour lanterns 1987');
      await ana.getByRole('button', { name: 'Sign in' }).click();
      await ana.waitForURL(`${it_.base}/portal`);
      await ana.getByRole('heading', { level: 1, name: clientName }).waitFor();

      // The provider sees Ana with access, nothing pending.
      await page.reload();
      await portal.getByRole('list', { name: 'Portal users' }).getByText(email).waitFor();
      await context.close();
      await page.context().close();
    },
  );
});
