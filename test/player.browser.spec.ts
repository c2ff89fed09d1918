import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES, PRODUCT, type MenuType } from '@tourly/contracts';
import { Database } from '@tourly/platform';
import { analyticsSent, fitsTheWidth, hidePage } from './support/browser';
import type { Person } from './support/platform';
import type { PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'player');
const AGENT_PHONE = '+61 400 123 456';

/**
 * The visitor's player in a real browser (Debian's Chromium) against the whole platform: a provider on Starter
 * shares a tour and publishes its layers through the API; visitors, signed out, open its links at a phone's and a
 * desktop's width: each menu style, a sub-menu, the contact form (refused, then 'Email sent!'), an agent's phone
 * revealed, the map, the model credits, the language kept across a reload, the password page, the multiple listing
 * service's link, the property's website (agents, the tour embedded, the map, behind the tour's password) and a
 * tour that does not exist.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

describe("the visitor's player in the browser", () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  let propertyId: string;
  let propertySlug: string;
  let providerId: string;
  /** A member of the provider, the property's agent. */
  let agentId: string;
  let virtualTourId: string;
  let playerLinkId: string;
  let links: { default: string; mls: string };
  /** The tour's default link as the API gives it (on APP_URL), which the website embeds. */
  let appLink: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;

    // A shared tour on Starter, its menu published with a map, a sub-menu of two links and the contact form.
    provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
    propertyId = await aProperty(provider, 'Harbour View Apartment');
    const property = (await provider.get(`/provider/properties/${propertyId}`).expect(200)).body.data;
    propertySlug = property.slug;
    providerId = provider.providerId;
    await provider
      .send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true, website: true },
      })
      .expect(200);
    // A member of the provider is the property's agent, shown in the contact panel.
    await it_.aMember('agent.harbour@example.com', provider.providerId, 'member');
    const [agent] = (await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query("SELECT id FROM users WHERE email = 'agent.harbour@example.com'")) as Array<{
      id: string;
    }>;
    agentId = agent!.id;
    // The agent keeps a phone number on their profile, which the contact panel shows.
    const agentPerson = await it_.signIn('agent.harbour@example.com');
    await agentPerson.send('patch', '/users/me', { user: { phone_number: AGENT_PHONE } }).expect(200);
    await provider
      .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [agentId] })
      .expect(200);
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200)).body.data;
    virtualTourId = link.virtual_tour.id;
    playerLinkId = link.id;
    await provider
      .send('post', `/provider/player_links/${link.id}/update_player_link_branding`, {
        provider_properties_update_player_link_branding_form: {
          provider_name: 'Harbour Lights Media',
          provider_url: 'https://harbour-lights.test/',
        },
        provider_client_has_changed: '0',
      })
      .expect(200);
    // The links are on APP_URL; the platform under test answers on its own port.
    const onBase = (url: string) => `${base}${new URL(url).pathname}`;
    links = { default: onBase(link.links.default), mls: onBase(link.links.mls) };
    appLink = link.links.default;
    await publishMenu('sidebar');
  }, 240_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** The tour's layers with this menu style and the journeys' menu, published as a provider would. */
  async function publishMenu(type: MenuType): Promise<void> {
    const draft = (await provider.get(`/provider/virtual_tours/${virtualTourId}/draft`).expect(200)).body
      .data;
    const state = draft.state;
    state.overlay.menu.type = type;
    state.menu.entries = [
      {
        id: 'contact',
        title: 'Contact the agent',
        icon: 'mail',
        type: 'contact_form',
        url: null,
        child_entries: [],
      },
      { id: 'map', title: 'Location', icon: 'map', type: 'map', url: null, child_entries: [] },
      {
        id: 'area',
        title: 'Neighbourhood',
        icon: 'none',
        type: 'submenu',
        url: null,
        child_entries: [
          { id: 'schools', title: 'Schools', icon: 'link', type: 'link', url: 'https://example.com/schools' },
          { id: 'parks', title: 'Parks', icon: 'link', type: 'link', url: 'https://example.com/parks' },
        ],
      },
    ];
    await provider
      .send('put', `/provider/virtual_tours/${virtualTourId}/draft`, { draft: { state } })
      .expect(200);
    await provider
      .send('put', '/provider/virtual_tours/layers/publish', { property_slug: propertySlug })
      .expect(200);
  }

  /** A signed-out visitor's page at this size. */
  async function visitor(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
    contexts.push(context);
    // The tour's links are on APP_URL: where that is not the platform under test, what a page asks of it (the
    // website's embedded tour) is answered by the platform under test, as APP_URL's host would.
    const app = new URL(appLink).origin;
    if (app !== new URL(base).origin) {
      await context.route(`${app}/**`, async (route) => {
        const url = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${base}${url.pathname}${url.search}` }) });
      });
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    return page;
  }

  /** Opens the tour's link and waits for the Showcase embed and the title in the overlay. */
  async function openTour(page: Page, url = links.default): Promise<void> {
    await page.goto(url);
    const embed = page.locator('iframe.tour-model');
    await embed.waitFor();
    expect(await embed.getAttribute('src')).toContain('/matterport/show/');
    await page.locator('.tour-overlay').getByText('Harbour View Apartment', { exact: true }).waitFor();
  }

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
  const panel = (page: Page, name: string) => page.getByRole('dialog', { name });

  it('shows the published tour on a desktop: sidebar and sub-menu, contact form, phone, map, credits', async () => {
    const page = await visitor(DESKTOP);
    await openTour(page);
    // The gateway preloads the tour's layers with the page, and the player's own request is answered from it.
    const layersRequests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/layers/base.json'))
        .map((entry) => ('initiatorType' in entry ? entry.initiatorType : entry.entryType)),
    );
    expect(layersRequests).toEqual(['link']);

    // The footer credits the provider; the tour uses no third-party models, so there are no credits to open.
    const footer = page.getByRole('contentinfo');
    const credit = footer.getByRole('link', { name: 'Harbour Lights Media' });
    expect(await credit.getAttribute('href')).toBe('https://harbour-lights.test/');
    expect(await footer.getByRole('button', { name: '3D model credits' }).count()).toBe(0);

    // The sidebar (the default style): "Back to the tour", the sub-menu opening on its two links.
    await menuButton(page).click();
    const menu = page.getByRole('navigation', { name: 'Tour menu' });
    await page.getByRole('button', { name: 'Back to the tour' }).waitFor();
    await menu.getByRole('button', { name: 'Neighbourhood' }).click();
    expect(await menu.getByRole('link', { name: /Schools/ }).getAttribute('href')).toBe(
      'https://example.com/schools',
    );
    await menu.getByRole('link', { name: /Parks/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-sidebar-submenu.png') });

    // The contact form: every field required, then a refused email in the server's words, then sent.
    await menu.getByRole('button', { name: 'Contact the agent' }).click();
    const contact = panel(page, 'Contact the agent');
    await contact.waitFor();
    // The menu stays open on a desktop after a pick.
    await menu.waitFor();
    const form = contact.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Message').fill('');
    await form.getByRole('button', { name: 'Send' }).click();
    expect(await form.getByText(MESSAGES.required, { exact: true }).count()).toBe(5);
    await form.getByLabel('First name').fill('Vera');
    await form.getByLabel('Last name').fill('Visitor');
    await form.getByLabel('Email').fill('not an address');
    await form.getByLabel('Phone number').fill('0400 000 000');
    await form.getByLabel('Message').fill('Is the harbour view from every room?');
    const refused = page.waitForResponse((response) => response.url().endsWith('/v3_player_lead'));
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await refused).status()).toBe(422);
    await form.locator('.lead-error').first().waitFor();
    expect(await form.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    // The honeypot is out of sight, of the tab order and of the accessibility tree.
    const honeypot = form.locator('input[name="company"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await form.locator('.lead-honeypot').getAttribute('aria-hidden')).toBe('true');
    expect((await honeypot.boundingBox())?.x).toBeLessThan(0);

    // An agent's phone: its last three characters hidden, the tooltip on hover (wider than 600 px), then a call link.
    const reveal = contact.getByRole('button', { name: 'Show the phone number' });
    await contact.getByText('+61 400 123 •••').waitFor();
    await reveal.hover();
    await contact.getByRole('tooltip').waitFor();
    const revealed = page.waitForRequest(
      (request) => request.url().includes('/events') && request.method() === 'POST',
    );
    await reveal.click();
    expect(JSON.parse((await revealed).postData() ?? '{}')).toEqual({
      event: { type: 'phone_revealed', agent_id: agentId },
    });
    expect((await (await revealed).response())?.status()).toBe(204);
    const call = contact.getByRole('link', { name: /Call / });
    expect(await call.getAttribute('href')).toBe('tel:+61400123456');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-contact.png') });

    await form.getByLabel('Email').fill('  Vera.Visitor@Example.COM ');
    const sent = page.waitForResponse((response) => response.url().endsWith('/v3_player_lead'));
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await form.getByRole('status').getByText(MESSAGES.emailSent).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-email-sent.png') });
    // After 2 s the form empties and the panel closes.
    await contact.waitFor({ state: 'detached' });
    const leads = (await provider.get(`/provider/properties/${propertyId}/leads`).expect(200)).body.data;
    expect(leads.items[0]).toMatchObject({ email: 'vera.visitor@example.com', first_name: 'Vera' });

    // The map: Leaflet at zoom 18 on the property, one marker, the emulators' tiles drawn.
    await menu.getByRole('button', { name: 'Location' }).click();
    const map = panel(page, 'Location');
    await map.locator('.leaflet-container[data-zoom="18"]').waitFor();
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(1);
    // The tile under the marker, from the emulators' server, drawn (loaded with a size, not merely in the page).
    const tile = map.locator('img.leaflet-tile').first();
    await page.waitForFunction(
      (element) => element.complete && element.naturalWidth > 0,
      await tile.elementHandle(),
    );
    await map.getByText('OpenStreetMap', { exact: false }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-map.png') });
    await page.keyboard.press('Escape');
    await map.waitFor({ state: 'detached' });
  });

  it('on a phone, closes the menu after a pick, sends the form, and keeps the language across a reload', async () => {
    const page = await visitor(PHONE);
    await openTour(page);

    await menuButton(page).click();
    const menu = page.getByRole('navigation', { name: 'Tour menu' });
    await menu.getByRole('button', { name: 'Contact the agent' }).click();
    const contact = panel(page, 'Contact the agent');
    await contact.waitFor();
    await menu.waitFor({ state: 'detached' });
    const form = contact.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('First name').fill('Paul');
    await form.getByLabel('Last name').fill('Phone');
    await form.getByLabel('Email').fill('paul@example.com');
    await form.getByLabel('Phone number').fill('0411 111 111');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-contact.png') });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText(MESSAGES.emailSent).waitFor();
    await contact.waitFor({ state: 'detached' });

    // The language: French chosen, kept under `{product}-lang`, still French after a reload; Chinese is `zh`.
    const language = page.getByRole('combobox', { name: 'Language' });
    await language.selectOption('fr');
    await page.getByRole('combobox', { name: 'Langue' }).waitFor();
    expect(await page.evaluate(`localStorage.getItem('${PRODUCT}-lang')`)).toBe('fr');
    expect(await page.evaluate('document.documentElement.lang')).toBe('fr');
    await page.reload();
    await page.getByRole('combobox', { name: 'Langue' }).waitFor();
    await page.getByText('Visite par', { exact: false }).waitFor();
    // The tour's own controls speak it too (the provider's menu entries stay as written).
    await page.getByTitle('Visite 3D de Harbour View Apartment').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-french.png') });
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('cn');
    await page.getByRole('combobox', { name: '语言' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('zh');
    await page.getByRole('combobox', { name: '语言' }).selectOption('en');
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
  });

  it('shows each menu style at both widths: burger, fullscreen with its fade, and none', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await publishMenu('burger_menu');
      const page = await visitor(viewport);
      await openTour(page);
      await menuButton(page).click();
      const menu = page.getByRole('navigation', { name: 'Tour menu' });
      await menu.waitFor();
      // A dropdown from the button: no "Back to the tour".
      expect(await page.getByRole('button', { name: 'Back to the tour' }).count()).toBe(0);
      await menu.getByRole('button', { name: 'Neighbourhood' }).click();
      await menu.getByRole('link', { name: /Schools/ }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-burger.png`) });

      await publishMenu('fullscreen');
      await page.reload();
      await menuButton(page).click();
      const fullscreen = page.locator('.tour-menu-fullscreen');
      await fullscreen.waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-fullscreen.png`) });
      // It fades out (about 300 ms) before it goes: the page notes the fading class when it is set, so that a busy
      // machine's late look does not miss a 300 ms window.
      await page.evaluate(`{
        const menu = document.querySelector('.tour-menu-fullscreen');
        new MutationObserver(() => {
          if (menu.classList.contains('tour-menu-closing')) document.body.dataset.menuFaded = 'yes';
        }).observe(menu, { attributes: true, attributeFilter: ['class'] });
      }`);
      await page.getByRole('button', { name: 'Back to the tour' }).click();
      await fullscreen.waitFor({ state: 'detached' });
      expect(await page.locator('body').getAttribute('data-menu-faded')).toBe('yes');
      if (viewport === PHONE) {
        // On a phone a pick closes it.
        await menuButton(page).click();
        await page
          .getByRole('navigation', { name: 'Tour menu' })
          .getByRole('button', { name: 'Location' })
          .click();
        await panel(page, 'Location').waitFor();
        await fullscreen.waitFor({ state: 'detached' });
        await page.locator('.leaflet-marker-icon').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-map.png') });
      }

      await publishMenu('no_menu');
      await page.reload();
      await page.locator('.tour-overlay').getByText('Harbour View Apartment', { exact: true }).waitFor();
      expect(await menuButton(page).count()).toBe(0);
      await page.close();
    }
    await publishMenu('sidebar');
  });

  it("shows the multiple listing service's link without the provider or the contact form", async () => {
    const page = await visitor(DESKTOP);
    await openTour(page, links.mls);
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    expect(await page.getByRole('contentinfo').getByText('Harbour Lights Media').count()).toBe(0);
    await menuButton(page).click();
    const menu = page.getByRole('navigation', { name: 'Tour menu' });
    await menu.getByRole('button', { name: 'Location' }).waitFor();
    expect(await menu.getByRole('button', { name: 'Contact the agent' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-mls.png') });
  });

  it("follows the provider's setup: the tour's language until the visitor picks one, the map switched off", async () => {
    const setup = (player_link_setup: object) =>
      provider
        .send('post', `/provider/player_links/${playerLinkId}/update_setup`, { player_link_setup })
        .expect(200);
    await setup({ language: 'de', show_map: false });
    try {
      const page = await visitor(PHONE);
      await openTour(page);
      await page.getByRole('combobox', { name: 'Sprache' }).waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe('de');
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
      await page.getByRole('button', { name: 'Zurück zur Tour' }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Tour menu' });
      // The display defaults' entry in the tour's language; the map's is left out.
      await menu.getByRole('button', { name: 'Makler kontaktieren' }).waitFor();
      expect(await menu.getByRole('button', { name: 'Lage' }).count()).toBe(0);
      // The visitor's own choice wins over the tour's.
      await page.getByRole('combobox', { name: 'Sprache' }).selectOption('es');
      await page.getByRole('combobox', { name: 'Idioma' }).waitFor();
      await page.getByRole('button', { name: 'Volver al tour' }).waitFor();
      await menu.getByRole('button', { name: 'Contactar con el agente' }).waitFor();
      await page.reload();
      await page.getByRole('combobox', { name: 'Idioma' }).waitFor();
    } finally {
      await setup({ language: null, show_map: null });
    }
  });

  it('asks for the password of a protected tour, refuses a wrong one, then shows the tour', async () => {
    await provider
      .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
        player_link: { username: 'buyer', password: 'harbour-2026' },
      })
      .expect(200);
    try {
      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await visitor(viewport);
        await page.goto(links.default);
        await page.getByRole('heading', { name: 'This tour is protected by a password' }).waitFor();
        await page.getByLabel('Username').fill('buyer');
        await page.getByLabel('Password', { exact: true }).fill('wrong');
        await page.getByRole('button', { name: 'View the tour' }).click();
        await page.getByRole('alert').getByText('Wrong username or password.').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-password.png`) });
        await page.getByLabel('Password', { exact: true }).fill('harbour-2026');
        await page.getByRole('button', { name: 'View the tour' }).click();
        await page.locator('.tour-overlay').getByText('Harbour View Apartment', { exact: true }).waitFor();
        await page.close();
      }
    } finally {
      await provider
        .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
          player_link: { username: '', password: '' },
        })
        .expect(200);
    }
  });

  const websiteUrl = () => `${base}/tours/${providerId}/${propertySlug}/website`;

  /** The website's agents' card, its tour embedded (the tour's own page, shown in the frame) and its map. */
  async function checkWebsiteParts(page: Page): Promise<void> {
    const agents = page.getByRole('list', { name: 'Agents' });
    await agents.getByText('Test User', { exact: true }).waitFor();
    expect(await agents.getByRole('listitem').count()).toBe(1);
    const embed = page.getByTitle('Virtual tour of Harbour View Apartment');
    expect(await embed.getAttribute('src')).toBe(appLink);
    const tour = page.frameLocator('iframe[title="Virtual tour of Harbour View Apartment"]');
    await tour.locator('.tour-overlay').getByText('Harbour View Apartment', { exact: true }).waitFor();
    const location = page.getByRole('region', { name: 'Location' });
    const map = location.locator('.leaflet-container[data-zoom="18"]');
    await map.scrollIntoViewIfNeeded();
    await map.waitFor();
    expect(await location.locator('.leaflet-marker-icon').count()).toBe(1);
    await location.getByText('OpenStreetMap', { exact: false }).waitFor();
  }

  it("shows the property's website: agents, the tour, the map and a contact form that sends leads, at both widths", async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await visitor(viewport);
      await page.goto(websiteUrl());
      await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
      await checkWebsiteParts(page);
      const form = page.getByRole('form', { name: 'Send a message' });
      await form.getByLabel('First name').fill('Wendy');
      await form.getByLabel('Last name').fill('Website');
      await form.getByLabel('Email').fill(`wendy-${name}@example.com`);
      await form.getByLabel('Phone number').fill('0422 222 222');
      const sent = page.waitForResponse((response) => response.url().endsWith('/v3_player_lead'));
      await form.getByRole('button', { name: 'Send' }).click();
      expect((await sent).request().postDataJSON().lead).toMatchObject({ property_id: propertyId });
      await form.getByText(MESSAGES.emailSent).waitFor();
      // Nothing reaches past the window's right edge (the form's two name fields share a row).
      await fitsTheWidth(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-website.png`), fullPage: true });
      if (name === 'phone') {
        // The website's own words follow the visitor's language too; the provider's stay as written.
        await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
        await page.getByRole('heading', { name: 'Visite virtuelle', level: 2 }).waitFor();
        await page.getByRole('heading', { name: 'Emplacement', level: 2 }).waitFor();
        await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
        await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
        await page.getByRole('heading', { name: 'Virtual tour', level: 2 }).waitFor();
      }
      await page.close();
    }
  });

  it("asks for the tour's password on the website, refuses a wrong one, then shows the website and its tour", async () => {
    await provider
      .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
        player_link: { username: 'buyer', password: 'harbour-2026' },
      })
      .expect(200);
    try {
      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await visitor(viewport);
        await page.goto(websiteUrl());
        await page.getByRole('heading', { name: 'This website is protected by a password' }).waitFor();
        expect(await page.getByText('Harbour View Apartment').count()).toBe(0);
        await page.getByLabel('Username').fill('buyer');
        await page.getByLabel('Password', { exact: true }).fill('wrong');
        await page.getByRole('button', { name: 'View the website' }).click();
        await page.getByRole('alert').getByText('Wrong username or password.').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-website-password.png`) });
        await page.getByLabel('Password', { exact: true }).fill('harbour-2026');
        await page.getByRole('button', { name: 'View the website' }).click();
        await page.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
        // The website's unlock is the tour's: the embedded tour shows without asking again.
        await checkWebsiteParts(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${name}-website-unlocked.png`),
          fullPage: true,
        });
        await page.close();
      }
    } finally {
      await provider
        .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
          player_link: { username: '', password: '' },
        })
        .expect(200);
    }
  });

  it("opens Showcase with the platform's SDK key, and the page may load the SDK that follows the visitor", async () => {
    const page = await visitor(DESKTOP);
    await openTour(page);
    const embed = page.locator('iframe.tour-model');
    expect(new URL((await embed.getAttribute('src'))!).searchParams.get('applicationKey')).toBe(
      'testsdkkey0001',
    );
    // What the player's analytics does through web/src/tour/showcase-sdk.ts, under the player's own CSP.
    const sdkUrl = `${it_.emulators.url}/matterport/showcase-sdk/latest.js`;
    await page.addScriptTag({ url: sdkUrl });
    const room = await page.evaluate(async (key) => {
      type Sdk = {
        Sweep: {
          data: { subscribe(observer: { onCollectionUpdated(all: Record<string, unknown>): void }): void };
          moveTo(sid: string): Promise<string>;
        };
        Room: { current: { subscribe(cb: (current: { rooms: Array<{ label: string }> }) => void): void } };
      };
      const w = globalThis as unknown as {
        MP_SDK: { connect(iframe: unknown, key: string, version: string): Promise<Sdk> };
        document: { querySelector(selector: string): unknown };
      };
      const sdk = await w.MP_SDK.connect(w.document.querySelector('iframe.tour-model'), key, '3.11');
      const sweeps = await new Promise<string[]>((resolve) =>
        sdk.Sweep.data.subscribe({ onCollectionUpdated: (all) => resolve(Object.keys(all)) }),
      );
      await sdk.Sweep.moveTo(sweeps[1]!);
      return new Promise<string>((resolve) =>
        sdk.Room.current.subscribe((current) => resolve(current.rooms[0]?.label ?? '')),
      );
    }, 'testsdkkey0001');
    expect(room).not.toBe('');
    expect(uncaught).toEqual([]);
  });

  it('says "Tour not found" for a link that leads to no tour', async () => {
    const page = await visitor(PHONE);
    await page.goto(`${base}/tours/nobody/nothing-here`);
    await page.getByRole('heading', { name: 'Tour not found' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-not-found.png') });
  });

  it('speaks the display defaults’ words in the visitor’s language, and asks for no missing icon', async () => {
    const page = await visitor(PHONE);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await openTour(page);
    // The page names its icon, and the icon is there: no visitor's page asks for one that is not.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const iconAnswer = await page.request.get(new URL(icon!, page.url()).toString());
    expect(iconAnswer.status()).toBe(200);
    expect(iconAnswer.headers()['content-type']).toContain('image/');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.getByRole('combobox', { name: 'Langue' }).waitFor();
    await menuButton(page).click();
    const menu = page.getByRole('navigation', { name: 'Tour menu' });
    // The contact form's and the map's entries kept the display defaults' words: French here; the provider's own
    // words stay as written.
    await menu.getByRole('button', { name: 'Emplacement' }).waitFor();
    await menu.getByRole('button', { name: 'Neighbourhood' }).waitFor();
    await menu.getByRole('button', { name: 'Contacter l’agent' }).click();
    await panel(page, 'Contacter l’agent').getByRole('form', { name: 'Envoyer un message' }).waitFor();
    expect(await page.getByText('Contact the agent').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-french-menu.png') });
    expect(missing).toEqual([]);
    // The next visitors start in English again (the choice is kept in this page's storage only).
    await page.evaluate(`localStorage.removeItem('${PRODUCT}-lang')`);
  });

  it('on a phone, the website’s embedded tour shows its welcome screen’s button above the player’s footer', async () => {
    const draft = (await provider.get(`/provider/virtual_tours/${virtualTourId}/draft`).expect(200)).body
      .data;
    const state = draft.state;
    state.welcome_screen = {
      ...state.welcome_screen,
      enabled: true,
      title: 'Welcome to Harbour View',
      message:
        'Take a walk through the apartment: the living room opens onto the balcony, and the bedrooms face the ' +
        'park.\n\nOpen the menu to ask the agent anything or to see where it is.',
      button_label: 'Start the tour',
    };
    await provider
      .send('put', `/provider/virtual_tours/${virtualTourId}/draft`, { draft: { state } })
      .expect(200);
    await provider
      .send('put', '/provider/virtual_tours/layers/publish', { property_slug: propertySlug })
      .expect(200);
    try {
      const page = await visitor(PHONE);
      await page.goto(websiteUrl());
      const embed = page.locator('iframe[title="Virtual tour of Harbour View Apartment"]');
      await embed.scrollIntoViewIfNeeded();
      const tour = page.frameLocator('iframe[title="Virtual tour of Harbour View Apartment"]');
      const start = tour.getByRole('button', { name: 'Start the tour' });
      await start.waitFor();
      // The button is where a finger can reach it: inside the frame, not under the player's footer or past its edge.
      const reachable = await start.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const doc = button.ownerDocument;
        const at = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const footer = doc.querySelector('.player-footer')?.getBoundingClientRect();
        return {
          onTop: at !== null && button.contains(at),
          inside: box.top >= 0 && box.bottom <= (footer?.top ?? doc.documentElement.clientHeight),
        };
      });
      await embed.screenshot({ path: path.join(SCREENSHOTS, 'phone-website-welcome.png') });
      expect(reachable).toEqual({ onTop: true, inside: true });
      await start.click();
      await tour.getByRole('dialog', { name: 'Welcome to Harbour View' }).waitFor({ state: 'detached' });

      // However short the tour (a phone on its side), the words scroll and the button stays in sight.
      const short = await visitor({ width: 390, height: 260 });
      await short.goto(links.default);
      const button = short.getByRole('button', { name: 'Start the tour' });
      await button.waitFor();
      expect(
        await button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const at = element.ownerDocument.elementFromPoint(
            box.left + box.width / 2,
            box.top + box.height / 2,
          );
          return at !== null && element.contains(at);
        }),
      ).toBe(true);
      await short.screenshot({ path: path.join(SCREENSHOTS, 'short-welcome.png') });
    } finally {
      state.welcome_screen.enabled = false;
      await provider
        .send('put', `/provider/virtual_tours/${virtualTourId}/draft`, { draft: { state } })
        .expect(200);
      await provider
        .send('put', '/provider/virtual_tours/layers/publish', { property_slug: propertySlug })
        .expect(200);
    }
  });

  it('asks a visitor for consent, then sends the view by beacon: unknown first, granted with a visitor id after Accept', async () => {
    const page = await visitor(PHONE);
    // The player sends what it recorded every 5 s: the page's clock is run forward over that wait, not waited out.
    await page.clock.install();
    // The answers are the server's to check (its own suite): here, what leaves the page.
    const sent = await analyticsSent(page);
    const batch = (index: number) => sent.batches[index]!.batch;
    const tourId = decodeURIComponent(new URL(links.default).pathname.split('/').slice(2, 4).join('~'));
    await openTour(page);

    // The banner at the foot of the page, under the footer: the tour's controls stay where a finger finds them.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    const layout = await menuButton(page).evaluate((button) => {
      const box = button.getBoundingClientRect();
      const doc = button.ownerDocument;
      const at = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const tour = doc.querySelector('.player-tour')!.getBoundingClientRect();
      const cookies = doc.querySelector('.player-cookies')!.getBoundingClientRect();
      return { onTop: at !== null && button.contains(at), below: cookies.top >= tour.bottom };
    });
    expect(layout).toEqual({ onTop: true, below: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-cookie-banner.png') });

    // Not answered yet: the view counts, without a visitor id, and nothing is kept in the browser.
    await page.clock.runFor(5_000);
    await sent.until(1);
    expect(sent.batches[0]).toMatchObject({
      path: `/digital_twin/${encodeURIComponent(tourId)}/analytics.json`,
      contentType: 'application/json',
    });
    expect(batch(0)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      view_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      visitor_id: null,
      consent: 'unknown',
      device: 'phone',
      language: 'en',
      referrer: null,
      events: [{ type: 'view_started', at: expect.any(String) }],
    });
    expect(await page.evaluate("localStorage.getItem('tourly_visitor_id')")).toBeNull();

    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookies = await page.context().cookies(base);
    expect(cookies.find((cookie) => cookie.name === 'cookie_policy_accepted')).toMatchObject({
      httpOnly: false,
      path: '/',
    });

    // The map from the menu: the next batch says so, granted, with the visitor id kept for the next visits.
    await menuButton(page).click();
    await page
      .getByRole('navigation', { name: 'Tour menu' })
      .getByRole('button', { name: 'Location' })
      .click();
    await panel(page, 'Location').waitFor();
    await page.clock.runFor(5_000);
    await sent.until(2);
    const visitorId = await page.evaluate("localStorage.getItem('tourly_visitor_id')");
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch(1)).toMatchObject({
      view_id: batch(0).view_id,
      visitor_id: visitorId,
      consent: 'granted',
      events: [
        { type: 'menu_opened', target: 'map' },
        { type: 'map_opened', at: expect.any(String) },
      ],
    });
    expect(batch(1).id).not.toBe(batch(0).id);

    // Hidden (the visitor switches apps) sends what waits at once, without waiting for the timer.
    await page.keyboard.press('Escape');
    await menuButton(page).click();
    await page
      .getByRole('navigation', { name: 'Tour menu' })
      .getByRole('button', { name: 'Contact the agent' })
      .click();
    await panel(page, 'Contact the agent').waitFor();
    await hidePage(page);
    await sent.until(3);
    expect(batch(2)).toMatchObject({
      view_id: batch(0).view_id,
      events: [{ type: 'menu_opened', target: 'contact' }, { type: 'contact_opened' }],
    });

    // The next visit of this browser: no banner.
    await openTour(page);
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    await page.close();
  });
});
