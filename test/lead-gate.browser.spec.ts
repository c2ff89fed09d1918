import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually } from '@tourly/platform/testing';
import { analyticsSent, signedInPage } from './support/browser';
import { showcaseConnected } from './support/matterport';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'lead-gate');
const GATE = 'Send your details to see the rest of the tour';

/**
 * Lead-gated tours in a real browser (Debian's Chromium) against the whole platform, at a phone's width: the provider
 * turns the gate on from the tour's share settings (refused, with what to do, until the tour has an agent); a visitor
 * walks the first two positions of the Showcase stand-in freely, meets the contact form over the tour at the third,
 * sends it and walks on; a reload in that browser shows no gate. Screenshots go to `test/artifacts/lead-gate/`.
 */
jest.setTimeout(180_000);

describe('a lead-gated tour in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  let propertyId: string;
  let tourLink: string;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Gatehouse Media');
    await onStarter(it_, provider);
    const shared = await aSharedTour(provider, 'Harbour View Apartment');
    propertyId = shared.propertyId;
    // A model of the stand-in with nine rooms, one position each: enough to walk past the gate and on.
    await provider
      .send('post', `/provider/player_links/${shared.link.id}/update_primary_model`, {
        player_link: { model_source: 'LeadGate001' },
      })
      .expect(200);
    tourLink = `${it_.base}${new URL(shared.link.links.default!).pathname}`;
  }, 240_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  it('is turned on from the share settings on a phone, once the tour has an agent', async () => {
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/properties/${propertyId}/virtual-tour/space?tab=share`);
    const form = page.getByRole('form', { name: 'Contact details before the whole tour', exact: true });
    const sweeps = form.getByRole('spinbutton', { name: 'Sweeps' });
    await form.getByRole('checkbox', { name: 'Ask for the visitor’s contact details after' }).check();
    await sweeps.fill('2');
    await form
      .getByText(
        'Visitors can look around the first 2 positions (sweeps) of the tour, then must send the contact form to ' +
          'see the rest. Visitors who send their details can continue.',
      )
      .waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Add an agent to the tour before asking visitors for their details').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    const contact = await provider.send('post', '/provider/contacts/create_from_dashboard', {
      contact: {
        full_name: 'Alex Agent',
        email_address: 'alex.agent@example.com',
        phone_number: '0400 111 222',
      },
    });
    expect(contact.status).toBe(201);
    await provider
      .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [contact.body.data.id] })
      .expect(200);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved: visitors are asked for their contact details after 2 positions.').waitFor();
    await form.screenshot({ path: path.join(SCREENSHOTS, 'phone-lead-gate-settings.png') });
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    expect(link.lead_gate_sweeps).toBe(2);
    await page.context().close();
  });

  it('lets a phone visitor walk two positions, asks for the form at the third, and opens the tour once it is sent', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    // The player sends its analytics every 5 s: the page's clock is run forward to send them, not waited out.
    await page.clock.install();
    const heard = await roomsHeard(page);
    const first = page.waitForResponse((response) => response.url().includes('/layers/base.json'));
    await page.goto(tourLink);
    expect(((await (await first).json()) as { data: { lead_gate: unknown } }).data.lead_gate).toEqual({
      sweeps: 2,
    });
    await declineCookies(page);

    // The start and one room more: the gate's two positions, walked freely.
    const walked = [await enter(page, heard)];
    walked.push(await walkOn(page, heard, walked));
    expect(await page.getByRole('dialog', { name: GATE }).count()).toBe(0);

    // The third: the contact form over the tour, which no tap or key reaches behind it (the tour's menu, say).
    walked.push(await walkOn(page, heard, walked));
    const gate = page.getByRole('dialog', { name: GATE });
    await gate.waitFor();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await reachable(menu)).toEqual({ tapped: false, focused: false });
    await gate.getByText('Alex Agent').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-gate.png') });

    const form = gate.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('First name').fill('Vera');
    await form.getByLabel('Last name').fill('Visitor');
    await form.getByLabel('Email').fill('vera.visitor@example.com');
    await form.getByLabel('Phone number').fill('0400 000 000');
    const sent = page.waitForResponse((response) => response.url().endsWith('/v3_player_lead'));
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await gate.getByText('Email sent!').waitFor();
    await gate.waitFor({ state: 'detached' });

    // The tour again, and the visitor walks on into a position the gate held back.
    expect(await reachable(menu)).toEqual({ tapped: true, focused: true });
    await walkOn(page, heard, walked);
    expect(await page.getByRole('dialog', { name: GATE }).count()).toBe(0);
    const pass = (await context.cookies()).find((cookie) => cookie.name.startsWith('tour_lead_'));
    expect(pass).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // Reloaded in that browser: no gate, however far the visitor walks.
    const again = page.waitForResponse((response) => response.url().includes('/layers/base.json'));
    await page.reload();
    expect(((await (await again).json()) as { data: { lead_gate: unknown } }).data.lead_gate).toBeNull();
    const rewalked = [await enter(page, heard)];
    for (let step = 0; step < 2; step++) rewalked.push(await walkOn(page, heard, rewalked));
    expect(await page.getByRole('dialog', { name: GATE }).count()).toBe(0);
    expect(await reachable(menu)).toEqual({ tapped: true, focused: true });
    await context.close();
  });
});

/**
 * The rooms the player has heard the visitor enter, from its analytics batches (sent every 5 s while events wait, on
 * the page's clock, which `toldOf` runs forward): the page counts each position for the gate as it records it for the
 * analytics, so a room heard of is a room counted.
 */
async function roomsHeard(page: Page): Promise<() => string[]> {
  const sent = await analyticsSent(page);
  return () =>
    sent
      .events()
      .filter((event) => event.type === 'sweep_entered' && event.room)
      .map((event) => event.room!);
}

/** Waits until the player's analytics told of `room` among the rooms heard after the first `before`. */
async function toldOf(page: Page, heard: () => string[], room: string, before: number): Promise<void> {
  await eventually(
    async () => {
      await page.clock.runFor(5_000);
      return heard();
    },
    (rooms) => rooms.slice(before).includes(room),
    `the player told of ${room}`,
    20_000,
  );
}

/**
 * Into the space, once the page's SDK has connected to Showcase (Showcase's SDK timers run on the page's clock too):
 * the room the visitor starts in, once the player heard of it.
 */
async function enter(page: Page, heard: () => string[]): Promise<string> {
  const space = page.frameLocator('iframe.tour-model');
  await showcaseConnected(page);
  const before = heard().length;
  await space.getByRole('button', { name: 'Explore the 3D space' }).click();
  const room = await eventually(
    () => space.locator('body').getAttribute('data-room'),
    (here) => !!here,
    'the visitor in the space',
  );
  await toldOf(page, heard, room!, before);
  return room!;
}

/**
 * One step to the next room not walked yet (one position per room in the Showcase stand-in), once the player heard
 * of it: the position reaches the player through Matterport's SDK a moment after the space shows it.
 */
async function walkOn(page: Page, heard: () => string[], walked: string[]): Promise<string> {
  const space = page.frameLocator('iframe.tour-model');
  const labels = await space.getByRole('button', { name: /^Go to / }).allTextContents();
  const room = labels.map((label) => label.replace(/^Go to /, '').trim()).find((r) => !walked.includes(r));
  if (!room) throw new Error(`no room left to walk to after ${walked.join(', ')}`);
  const before = heard().length;
  await space.getByRole('button', { name: `Go to ${room}`, exact: true }).click();
  await eventually(
    () => space.locator('body').getAttribute('data-room'),
    (here) => here === room,
    `the visitor in ${room}`,
  );
  await toldOf(page, heard, room, before);
  return room;
}

/** Whether a tap at the control's middle lands on it, and whether it takes the keyboard's focus. */
function reachable(control: Locator): Promise<{ tapped: boolean; focused: boolean }> {
  return control.evaluate((element) => {
    // The page's own document (this runs in the browser; the tests are compiled without the DOM's types).
    const { document } = globalThis as unknown as {
      document: { activeElement: unknown; elementFromPoint(x: number, y: number): unknown };
    };
    const box = element.getBoundingClientRect();
    const tapped = element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    element.focus();
    const focused = document.activeElement === element;
    element.blur();
    return { tapped, focused };
  });
}

async function declineCookies(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Decline' }).click();
  await banner.waitFor({ state: 'detached' });
}

/** The page fits the screen's width (a phone never scrolls sideways). */
function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
  );
}
