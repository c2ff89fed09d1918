import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { MATTERPORT_MESSAGES } from '@tourly/contracts';
import { matterportAccountModels } from '@tourly/emulators';
import { type BrowserPlatform, fitsTheWidth, signedInPage, startBrowserPlatform } from './support/browser';
import { gatewayClient, type Person } from './support/platform';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'matterport');
const HARBOUR_STUDIO = matterportAccountModels('harbour-studio');
const DEMO_SCANS = matterportAccountModels('demo-scans');

/**
 * Each provider's own Matterport account in a real browser (Debian's Chromium) at a phone's width, against the whole
 * platform and the Matterport emulator (its authorisation page, OAuth token endpoint and Model API). A new provider's
 * admin finds no account connected on Settings and in the new property's model picker, connects Harbour Studio's
 * account through Matterport's page, picks one of its models for a new property, sees the connection break when the
 * account withdraws its consent (the banner on every page, the warning in Settings) and disconnects; Deny on
 * Matterport's page is told on Settings; a member reads where the models come from and whom to ask; the demo
 * provider, on the platform's demo account, is asked to connect its own until it answers "Not now".
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the provider’s own Matterport account in the browser', () => {
  let it_: BrowserPlatform;
  let base: string;
  let admin: Person;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    // The models' thumbnails come from the emulator (its port chosen at start), as under `npm start`.
    it_ = await startBrowserPlatform({ env: { IMAGE_ORIGINS: 'http://127.0.0.1:*' } });
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await gatewayClient(base, it_.emulatorsUrl).signUp('Harbour Lights Media');
  }, 180_000);

  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  /** The value a label of a `<dl>` in `scope` shows. */
  const detail = (scope: Locator, label: string) =>
    scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  const matterportSection = (page: Page) => page.getByRole('region', { name: 'Matterport', exact: true });

  async function openSettings(page: Page): Promise<Locator> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    return matterportSection(page);
  }

  /** The new property modal with its model picker open, from the properties page. */
  async function openPicker(page: Page): Promise<{ modal: Locator; spaces: Locator }> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Properties' }).click();
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New property' }).first().click();
    const modal = page.getByRole('dialog', { name: 'New property' });
    await modal.getByRole('button', { name: 'Choose from Matterport spaces' }).click();
    return { modal, spaces: modal.getByRole('region', { name: 'Matterport spaces' }) };
  }

  /** What the layout is answered when it asks whether to prompt for the switch (admins only). */
  async function switchPromptAnswer(page: Page): Promise<unknown> {
    const response = await page.waitForResponse((candidate) =>
      candidate.url().includes('/provider/matterport_auth/show_oauth_switch_prompt'),
    );
    return ((await response.json()) as { data: unknown }).data;
  }

  const spaceNamed = (spaces: Locator, name: string) =>
    spaces.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

  it('connects Harbour Studio’s account, creates a property from one of its models, sees it break and disconnects', async () => {
    const page = await signedInPage(it_.browser, base, admin, PHONE, uncaught);
    // A provider made now never used the platform's account: never asked to switch to its own.
    const prompted = switchPromptAnswer(page);
    await page.goto(`${base}/provider/properties`);
    expect(await prompted).toEqual({ show: false });
    expect(await page.getByRole('region', { name: 'Connect your own Matterport account' }).count()).toBe(0);

    // Nothing connected: Settings says where the models come from, and offers to connect.
    const section = await openSettings(page);
    await detail(section, 'Status').getByText('Not connected', { exact: true }).waitFor();
    await section.getByText(/come from your own Matterport account/).waitFor();
    await section.getByRole('button', { name: 'Connect Matterport' }).waitFor();
    await page
      .getByRole('region', { name: 'Models' })
      .getByText('It needs a connected Matterport account: nothing is added until one is connected.')
      .waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-not-connected');

    // The picker lists nothing, says why, and leads to Settings; typing a model id stays possible.
    let { modal, spaces } = await openPicker(page);
    await spaces.getByText('No Matterport account is connected.').waitFor();
    expect(await spaces.getByRole('listitem').count()).toBe(0);
    await modal.getByRole('textbox', { name: 'Matterport link or model id', exact: true }).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-picker-not-connected');
    await spaces.getByRole('link', { name: 'Connect it in Settings' }).click();
    await page.waitForURL(`${base}/provider/settings`);

    // Matterport's page, as Harbour Studio, and back on Settings: told it worked, the address cleaned.
    await section.getByRole('button', { name: 'Connect Matterport' }).click();
    await page.getByRole('button', { name: 'Continue as Harbour Studio' }).click();
    const connected = section
      .getByRole('status')
      .filter({ hasText: 'Your Matterport account is connected.' });
    await connected.waitFor();
    expect(page.url()).toBe(`${base}/provider/settings`);
    expect(await connected.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await detail(section, 'Status').getByText('Connected', { exact: true }).waitFor();
    const connection = (await admin.get('/provider/matterport_auth/connection').expect(200)).body.data;
    expect(connection).toMatchObject({ status: 'connected', broken_reason: null });
    expect(await detail(section, 'Connected').innerText()).toBe(localDate(connection.connected_at));
    if (connection.account_name)
      expect(await detail(section, 'Account').innerText()).toBe(connection.account_name);
    await fitsTheWidth(page);
    await shoot(page, 'phone-connected');
    // Reloading does not tell it again.
    await page.reload();
    await detail(section, 'Status').getByText('Connected', { exact: true }).waitFor();
    expect(await page.getByText('Your Matterport account is connected.').count()).toBe(0);

    // The picker lists Harbour Studio's models, none of the demo account's; one of them makes the property.
    ({ modal, spaces } = await openPicker(page));
    for (const model of HARBOUR_STUDIO) await spaceNamed(spaces, model.name).waitFor();
    expect(await spaces.getByRole('listitem').count()).toBe(HARBOUR_STUDIO.length);
    for (const model of DEMO_SCANS) expect(await spaceNamed(spaces, model.name).count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-picker-connected');
    const picked = HARBOUR_STUDIO.find((model) => model.name === '5 Warung Street, McMahons Point')!;
    await spaceNamed(spaces, picked.name).click();
    const field = (label: string) => modal.getByRole('textbox', { name: label, exact: true });
    expect(await field('Matterport link or model id').inputValue()).toBe(picked.id);
    expect(await field('Title').inputValue()).toBe(picked.name);
    await modal.getByRole('button', { name: 'Create property' }).click();
    await page.getByRole('heading', { name: picked.name, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/provider\/properties\/[0-9a-f-]{36}$/);

    // Harbour Studio withdraws its consent: listing the models finds the connection broken, and every page says so.
    const revoked = await fetch(`${it_.emulatorsUrl}/matterport/_oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'harbour-studio' }),
    });
    expect(revoked.status).toBe(200);
    ({ modal, spaces } = await openPicker(page));
    await spaces.getByText('The connection to your Matterport account stopped working.').waitFor();
    await spaces.getByRole('link', { name: 'Connect it again in Settings' }).waitFor();
    const banner = page.getByRole('region', { name: 'Matterport connection' });
    await banner.getByText(MATTERPORT_MESSAGES.refreshRefused).waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await banner.getByText(MATTERPORT_MESSAGES.refreshRefused).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-broken-banner');
    await banner.getByRole('link', { name: 'Reconnect in Settings' }).click();
    await page.waitForURL(`${base}/provider/settings`);
    await detail(section, 'Status').getByText('Not working', { exact: true }).waitFor();
    await section.getByText(MATTERPORT_MESSAGES.refreshRefused).waitFor();
    await section.getByRole('button', { name: 'Connect again' }).waitFor();
    // Settings says it in its own section: no banner there.
    expect(await banner.count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-broken-settings');

    // Disconnected after the are-you-sure: nothing connected, the picker empty again, the property kept.
    await section.getByRole('button', { name: 'Disconnect' }).click();
    const asked = page.getByRole('dialog', { name: 'Disconnect Matterport?' });
    await asked.getByText(/The properties you already have stay as they are/).waitFor();
    await asked.getByRole('button', { name: 'Disconnect' }).click();
    await section.getByText('Your Matterport account is disconnected.').waitFor();
    await detail(section, 'Status').getByText('Not connected', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Connect Matterport' }).waitFor();
    ({ modal, spaces } = await openPicker(page));
    await spaces.getByText('No Matterport account is connected.').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('list', { name: 'Properties' })
      .getByRole('listitem')
      .filter({ hasText: picked.name })
      .waitFor();
    await page.context().close();
  });

  it('tells on Settings why Matterport did not connect when access is denied on its page', async () => {
    const page = await signedInPage(it_.browser, base, admin, PHONE, uncaught);
    await page.goto(`${base}/provider/settings`);
    const section = matterportSection(page);
    await section.getByRole('button', { name: 'Connect Matterport' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();

    const failed = section
      .getByRole('alert')
      .filter({ hasText: 'Your Matterport account was not connected' });
    await failed.getByText(MATTERPORT_MESSAGES.denied, { exact: true }).waitFor();
    await failed.getByRole('button', { name: 'Try again' }).waitFor();
    expect(page.url()).toBe(`${base}/provider/settings`);
    expect(await failed.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await detail(section, 'Status').getByText('Not connected', { exact: true }).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-denied');

    // Reloading does not tell it again; "Try again" goes back to Matterport's page.
    await page.reload();
    await detail(section, 'Status').getByText('Not connected', { exact: true }).waitFor();
    expect(await page.getByText(MATTERPORT_MESSAGES.denied).count()).toBe(0);
    await page.goto(
      `${base}/provider/settings?matterport=failed&reason=${encodeURIComponent(MATTERPORT_MESSAGES.denied)}`,
    );
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Continue as Harbour Studio' }).waitFor();
    await page.context().close();
  });

  // A scan technician: it makes properties (a member only reads them), and connects no account (the admins do).
  it('shows a scan technician where the models come from and whom to ask, without a way to connect', async () => {
    const email = `scanner.${admin.providerId.slice(-6)}@example.com`;
    await it_.aMember(admin.providerId, email, 'Sam', 'Scanner', 'scan_technician');
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await it_.signIn(page, email);
    await page.waitForURL(/\/provider\/properties/);

    const section = await openSettings(page);
    await detail(section, 'Status').getByText('Not connected', { exact: true }).waitFor();
    await section.getByText(/Only an admin of your account can connect a Matterport account/).waitFor();
    expect(await page.getByRole('button', { name: /Connect/ }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    const { modal, spaces } = await openPicker(page);
    await spaces.getByText('No Matterport account is connected.').waitFor();
    await spaces.getByText('Ask an admin to connect one in Settings.').waitFor();
    expect(await spaces.getByRole('link').count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-scan-technician');

    // A model's id typed by hand still makes a property.
    const field = (label: string) => modal.getByRole('textbox', { name: label, exact: true });
    await field('Title').fill('Typed Model House');
    await field('Address').fill('10 Typed Street, Sydney');
    await field('Matterport link or model id').fill('SxQL3iGyoDo');
    await modal.getByRole('button', { name: 'Create property' }).click();
    await page.getByRole('heading', { name: 'Typed Model House', level: 1 }).waitFor();
    await page.context().close();
  });

  it('asks the demo provider’s admin, on the platform’s demo account, to connect its own until “Not now”', async () => {
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await it_.signIn(page, 'provider@demo.test');
    await page.waitForURL(/\/provider\/properties/);

    const prompt = page.getByRole('region', { name: 'Connect your own Matterport account' });
    await prompt.getByText(/platform’s demo Matterport account/).waitFor();
    await prompt.getByRole('button', { name: 'Connect Matterport' }).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-switch-prompt');

    // Settings says the same in its section, without the prompt.
    const section = await openSettings(page);
    await detail(section, 'Status').getByText('Demo account', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Connect Matterport' }).waitFor();
    expect(await prompt.count()).toBe(0);

    // The demo account's models are listed meanwhile.
    const { modal, spaces } = await openPicker(page);
    await spaceNamed(spaces, DEMO_SCANS[0]!.name).waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'detached' });
    const prompted = switchPromptAnswer(page);
    await page.reload();
    expect(await prompted).toEqual({ show: false });
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    expect(await prompt.count()).toBe(0);
    await page.context().close();
  });
});

/** YYYY-MM-DD of a timestamp in this machine's time zone, which the browser shares. */
function localDate(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
