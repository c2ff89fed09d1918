import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { Database } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onStarter } from './support/provider';
import { aHostingSubscription, onboardMerchantAccount } from '../services/billing/test/hosting-support';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'hosting-fees');
const AGENT_PHONE = '+61 400 123 456';

/**
 * The hosting-fee autopilot (issue 32) in a real browser (Debian's Chromium) against the whole platform and the
 * Stripe emulator, at a phone's and a desktop's width: a provider on Starter with an active merchant account shares
 * a tour (in French) and bills its client a monthly hosting fee for it; the client's user pays the first invoice in
 * the portal; the provider moves the client's test clock on 35 days from the subscription's page, so the renewal's
 * invoice stays unpaid past its three days (Stripe's invoice.overdue); the visitor opening the tour's link sees the
 * paused page in the tour's language with the provider's name, website and agent; the client sees the invoice
 * overdue with "Pay now", pays it on Stripe's invoice page, and the visitor's reload shows the tour again.
 * Screenshots go to `test/artifacts/hosting-fees/` (not committed).
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(180_000);

interface Email {
  textBody: string;
}

describe('the hosting-fee autopilot in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  /** A member of the provider, each property's agent, with a phone number on their profile. */
  let agentId: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
    await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data?.client_portal,
      (open) => open === true,
      'identity hearing of the paid plan',
    );
    // The merchant account, set up on Stripe's onboarding page (as the hosting fees browser spec does in the page).
    await onboardMerchantAccount(it_, provider);
    await it_.aMember('autopilot.agent@example.com', provider.providerId, 'member');
    const [agent] = (await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query("SELECT id FROM users WHERE email = 'autopilot.agent@example.com'")) as Array<{
      id: string;
    }>;
    agentId = agent!.id;
    const agentPerson = await it_.signIn('autopilot.agent@example.com');
    await agentPerson.send('patch', '/users/me', { user: { phone_number: AGENT_PHONE } }).expect(200);
  }, 240_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const emailsTo = (address: string) =>
    eventually(
      async () => {
        const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(address)}`);
        return ((await response.json()) as { messages: Email[] }).messages;
      },
      (messages) => messages.length > 0,
      `an email to ${address}`,
    );

  /**
   * A shared tour in French with the provider's branding and agent, its client (whose contact joins the portal with
   * `password`) and a monthly hosting subscription for it: the tour's link (on the platform under test), the
   * invoice's id, the base.json path.
   */
  async function aHostedTour(label: string, email: string, password: string) {
    const title = `Harbour View (${label})`;
    const { propertyId, link, basePath } = await aSharedTour(provider, title);
    await provider
      .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [agentId] })
      .expect(200);
    await provider
      .send('post', `/provider/player_links/${link.id}/update_player_link_branding`, {
        provider_properties_update_player_link_branding_form: {
          provider_name: 'Harbour Lights Media',
          provider_url: 'https://harbour-lights.test/',
        },
        provider_client_has_changed: '0',
      })
      .expect(200);
    await provider
      .send('post', `/provider/player_links/${link.id}/update_setup`, {
        player_link_setup: { language: 'fr' },
      })
      .expect(200);

    // The client, its contact invited into the portal, who makes an account from the emailed link.
    const client = await provider
      .send('post', '/provider/clients/create_from_dashboard', {
        client_form: { name: `Seaside Realty (${label})` },
      })
      .expect(201);
    const clientId = client.body.data.id as string;
    await provider
      .send('patch', `/provider/properties/${propertyId}`, { property: { provider_client_id: clientId } })
      .expect(200);
    await provider
      .send('post', '/provider/contacts/create_from_dashboard', {
        contact: { full_name: 'Ana Ng', email_address: email, provider_client_id: clientId },
      })
      .expect(201);
    await provider
      .send('post', `/provider/client_portal/clients/${clientId}/invitations`, { invitation: { email } })
      .expect(201);
    const [mail] = await emailsTo(email);
    const token = /invitation_token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    await it_.http
      .post('/users/invitation/sign_up')
      .send({ invitation: { invitation_token: token, first_name: 'Ana', last_name: 'Ng', password } })
      .expect(201);

    // The hosting subscription: three days to pay.
    const { subscriptionId } = await aHostingSubscription(it_, provider, {
      customer: {
        name: `Seaside Realty (${label})`,
        email: `accounts.${label}@seaside.example`,
        client_id: clientId,
      },
      propertyIds: [propertyId],
      amount: 4900,
      daysUntilDue: 3,
    });
    const tourUrl = `${it_.base}${new URL(link.links.default!).pathname}`;
    return { title, tourUrl, subscriptionId, baseJson: basePath };
  }

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'an overdue invoice pauses the tour for visitors (in French); the client pays it in the portal and the tour is back (%s)',
    async (label, viewport) => {
      const email = `ana.${label}@seaside.example`;
      const password = 'Quiet harbour lanterns 1987';
      const tour = await aHostedTour(label, email, password);

      // The visitor first sees the tour.
      const visitorContext = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => uncaught.push(error.message));
      const seesTheTour = async () => {
        await visitor.locator('iframe.tour-model').waitFor();
        await visitor.locator('.tour-overlay').getByText(tour.title, { exact: true }).waitFor();
      };
      await visitor.goto(tour.tourUrl);
      await seesTheTour();

      // The client's user signs in to the portal and pays the first invoice: "Pay now" opens Stripe's page.
      const clientContext = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
      const ana = await clientContext.newPage();
      ana.on('pageerror', (error) => uncaught.push(error.message));
      await ana.goto(`${it_.base}/users/sign_in`);
      await ana.getByLabel('Email').fill(email);
      await ana.getByLabel('Password', { exact: true }).fill(password);
      await ana.getByRole('button', { name: 'Sign in' }).click();
      await ana.waitForURL(`${it_.base}/portal`);
      const invoices = ana.getByRole('region', { name: 'Your invoices' });
      const latest = invoices.getByRole('list', { name: 'Invoices' }).getByRole('listitem').first();
      const payLatest = async () => {
        const [stripe] = await Promise.all([
          clientContext.waitForEvent('page'),
          latest.getByRole('link', { name: 'Pay now' }).click(),
        ]);
        await stripe!.locator('input[name="card_number"]').fill('4242424242424242');
        await stripe!.getByRole('button', { name: /^Pay / }).click();
        await stripe!.getByRole('status').getByText('Paid', { exact: true }).waitFor();
        await stripe!.close();
        await it_.settled();
        await ana.reload();
        await latest.getByText('Paid', { exact: false }).first().waitFor();
        expect(await latest.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
      };
      await latest.getByText(/^To pay · due /).waitFor();
      await latest.getByText('$49.00', { exact: false }).waitFor();
      await payLatest();

      // A month on, on the client's test clock: the subscription renews, and its second invoice stays unpaid past
      // its three days. The provider moves the clock from the subscription's page.
      const providerPage = await signedInPage(browser, it_.base, provider, viewport, uncaught);
      await providerPage.goto(`${it_.base}/provider/hosting_fees/subscriptions/${tour.subscriptionId}`);
      const clock = providerPage.getByRole('region', { name: 'Test clock' });
      await clock.getByLabel('Days to move forward').fill('35');
      await clock.getByRole('button', { name: 'Advance the clock' }).click();
      await clock.getByText('The clock moved 35 days forward.').waitFor();
      await providerPage
        .getByRole('list', { name: 'Hosted properties' })
        .getByText('Paused for visitors')
        .waitFor();
      await fitsTheWidth(providerPage);
      await providerPage.screenshot({
        path: path.join(SCREENSHOTS, `${label}-autopilot-1-clock-moved.png`),
        fullPage: true,
      });
      await providerPage.context().close();
      await eventually(
        async () => (await it_.http.get(tour.baseJson)).status,
        (status) => status === 423,
        'the tour pausing',
      );

      // The visitor opens the link again: the paused page, in the tour's language, with how to reach the provider.
      await visitor.goto(tour.tourUrl);
      const paused = visitor.getByRole('main');
      await paused.getByRole('heading', { level: 1, name: 'Cette visite est en pause' }).waitFor();
      await paused
        .getByText(
          'La visite n’est pas disponible pour le moment. Contactez Harbour Lights Media pour la revoir.',
        )
        .waitFor();
      expect(
        await paused.getByRole('link', { name: 'Site web: Harbour Lights Media' }).getAttribute('href'),
      ).toBe('https://harbour-lights.test/');
      const agents = paused.getByRole('list', { name: 'Agents' });
      await agents.getByText('Test User', { exact: true }).waitFor();
      await agents.getByRole('button', { name: 'Afficher le numéro' }).click();
      await agents.getByRole('link', { name: `Appeler Test User: ${AGENT_PHONE}` }).waitFor();
      expect(await visitor.getByText('Tour not found').count()).toBe(0);
      expect(await visitor.locator('iframe.tour-model').count()).toBe(0);
      await fitsTheWidth(visitor);
      await visitor.screenshot({
        path: path.join(SCREENSHOTS, `${label}-autopilot-1-paused.png`),
        fullPage: true,
      });

      // Back in the portal: the renewal's invoice overdue, with "Pay now"; the client pays it.
      await ana.reload();
      await latest.getByRole('status').getByText('Overdue', { exact: false }).waitFor();
      await latest.getByText(/^Overdue · was due /).waitFor();
      await ana.getByRole('list', { name: 'Properties' }).getByText(tour.title).waitFor();
      await fitsTheWidth(ana);
      await ana.screenshot({
        path: path.join(SCREENSHOTS, `${label}-autopilot-2-portal-overdue.png`),
        fullPage: true,
      });
      await payLatest();
      expect(await invoices.getByRole('status').count()).toBe(0);
      await ana.screenshot({
        path: path.join(SCREENSHOTS, `${label}-autopilot-3-portal-paid.png`),
        fullPage: true,
      });

      // The visitor's reload: the tour again.
      await eventually(
        async () => (await it_.http.get(tour.baseJson)).status,
        (status) => status === 200,
        'the tour resuming',
      );
      await visitor.reload();
      await seesTheTour();
      expect(await visitor.getByRole('heading', { name: 'Cette visite est en pause' }).count()).toBe(0);
      await visitor.screenshot({ path: path.join(SCREENSHOTS, `${label}-autopilot-4-tour-back.png`) });
      await clientContext.close();
      await visitorContext.close();
    },
  );
});
