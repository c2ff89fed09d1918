import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { type BrowserPlatform, fitsTheWidth, signedInPage, startBrowserPlatform } from './support/browser';
import { gatewayClient, type Person } from './support/platform';
import { aProperty } from './support/provider';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'team');

/**
 * The team (issue 31) in a real browser (Debian's Chromium) against the whole platform, at a desktop's and a phone's
 * width: the demo provider's admin invites a scan technician from the Team page; the technician opens the emailed
 * link, creates their account and lands in the provider, edits a property, and is told billing is the admins'.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('team invitations', () => {
  let it_: BrowserPlatform;
  let admin: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    it_ = await startBrowserPlatform();
    mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await gatewayClient(it_.base, it_.emulatorsUrl).signIn('provider@demo.test');
  }, 180_000);
  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  const field = (scope: Locator | Page, label: string) =>
    scope.getByRole('textbox', { name: label, exact: true });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'an admin invites a scan technician, who accepts from the email, works on a property, not on billing (%s)',
    async (name, viewport) => {
      const email = `tess.${name}@example.test`;
      const title = `Harbour View (${name})`;
      const propertyId = await aProperty(admin, title);

      // The admin: Settings, then the Team page, then the invitation.
      const page = await signedInPage(it_.browser, it_.base, admin, viewport, uncaught);
      await page.goto(`${it_.base}/provider/settings`);
      await page.getByRole('link', { name: 'Manage the team →' }).click();
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      const members = page.getByRole('region', { name: 'Members' });
      await members.getByText('Paula Provider').waitFor();
      const inviteForm = page.getByRole('region', { name: 'Invite someone' });
      await field(inviteForm, 'Email').fill(email);
      await inviteForm.getByRole('combobox', { name: 'Role' }).selectOption('scan_technician');
      await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
      await inviteForm.getByText(`Invitation sent to ${email}.`, { exact: false }).waitFor();
      const pending = page.getByRole('region', { name: 'Pending invitations' });
      await pending.getByText(email, { exact: true }).waitFor();
      await fitsTheWidth(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-team.png`), fullPage: true });

      // The invitee: the emailed link, a new account, and the provider's workspace.
      const [mail] = await it_.emailsTo(email, 1);
      expect(mail!.subject).toBe('Paula Provider invited you to join Demo Media on Tourly');
      const link = /https?:\/\/\S+invitation_token=[A-Za-z0-9_-]+/.exec(mail!.textBody)?.[0];
      expect(link).toBeDefined();
      const context = await it_.browser.newContext({ viewport, isMobile: viewport.width < 576 });
      const tess = await context.newPage();
      tess.on('pageerror', (error) => uncaught.push(error.message));
      await tess.goto(link!);
      await tess.getByRole('heading', { name: 'Join Demo Media', level: 1 }).waitFor();
      await tess.getByText('to join Demo Media as a scan technician', { exact: false }).waitFor();
      await fitsTheWidth(tess);
      await field(tess, 'First name').fill('Tess');
      await field(tess, 'Last name').fill('Tech');
      await tess.getByLabel('Password', { exact: true }).fill('Quiet harbour lanterns 1987');
      await tess.getByRole('button', { name: 'Create account and join' }).click();
      await tess.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();

      // A scan technician manages properties.
      await tess.goto(`${it_.base}/provider/properties/${propertyId}`);
      const details = tess.getByRole('region', { name: 'Details' });
      await details.getByRole('button', { name: 'Edit details' }).click();
      await field(details, 'Title').fill(`${title} (scanned)`);
      await details.getByRole('button', { name: 'Save details' }).click();
      await details.getByText('The details were saved.').waitFor();
      await tess.getByRole('heading', { name: `${title} (scanned)`, level: 1 }).waitFor();

      // Billing is the admins'.
      await tess.goto(`${it_.base}/provider/billing`);
      await tess.getByText('Only the admins of your account can see and change its billing.').waitFor();
      await fitsTheWidth(tess);
      await tess.screenshot({ path: path.join(SCREENSHOTS, `${name}-billing-refused.png`) });

      // The admin sees Tess on the team, and nothing pending for her.
      await page.reload();
      await members.getByText(email, { exact: true }).waitFor();
      await pending.getByText(email, { exact: true }).waitFor({ state: 'detached' });
      await context.close();
      await page.context().close();
    },
  );

  it('an existing account accepts by signing in, then switches between its providers from the account menu', async () => {
    // Another business invites Demo Media's admin, as a member.
    const harbour = await gatewayClient(it_.base, it_.emulatorsUrl).signUp('Harbour Lights');
    await harbour
      .send('post', '/provider/settings/team/invitations', {
        invitation: { email: 'provider@demo.test', role: 'member' },
      })
      .expect(201);
    const [mail] = await it_.emailsTo('provider@demo.test', 1);
    const link = /https?:\/\/\S+invitation_token=[A-Za-z0-9_-]+/.exec(mail!.textBody)![0];

    const context = await it_.browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Harbour Lights', level: 1 }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in and join' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in and join' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();

    // A member reads the team; the menu lists both providers, this one current.
    await page.goto(`${it_.base}/provider/settings/team`);
    await page.getByText('Only the admins can change the team.').waitFor();
    expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    // Nor does a member start a property (the permissions are read by now: the Team page needed them).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Properties' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'New property' }).count()).toBe(0);
    // A member reads a property's page: what it has, without the buttons that would change it.
    const harbourHouse = await aProperty(harbour, 'Harbour Lights House');
    await harbour
      .send('post', `/provider/properties/${harbourHouse}/media_links`, {
        media_links: [{ url: 'https://example.com/brochure', title: 'Brochure' }],
      })
      .expect(201);
    await page.goto(`${it_.base}/provider/properties/${harbourHouse}`);
    await page.getByText('As a member you can read this property').waitFor();
    await page.getByRole('region', { name: 'Media links' }).getByRole('link', { name: 'Brochure' }).waitFor();
    for (const name of ['Edit details', 'Delete property', 'Add photos', 'Order a floor plan'])
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByLabel('Add an agent').count()).toBe(0);
    await fitsTheWidth(page);
    await page.getByRole('button', { name: 'Account' }).click();
    const providers = page.getByRole('group', { name: 'Switch provider' });
    await providers.getByText('Harbour Lights (current)').waitFor();
    await fitsTheWidth(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-switcher.png') });
    await providers.getByRole('button', { name: 'Demo Media' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await providers.getByText('Demo Media (current)').waitFor();

    // Signed in as the invited account already: joining a third provider takes one press.
    const coast = await gatewayClient(it_.base, it_.emulatorsUrl).signUp('Coast Studio');
    await coast
      .send('post', '/provider/settings/team/invitations', {
        invitation: { email: 'provider@demo.test', role: 'scan_technician' },
      })
      .expect(201);
    const [third] = await it_.emailsTo('provider@demo.test', 2);
    await page.goto(/https?:\/\/\S+invitation_token=[A-Za-z0-9_-]+/.exec(third!.textBody)![0]);
    await page.getByText('You are signed in as provider@demo.test.').waitFor();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await providers.getByText('Coast Studio (current)').waitFor();
    await context.close();
  });
});
