import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AnalyticsBatchV1 } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { AnalyticsJobs } from '../services/properties/src/analytics/analytics-jobs';
import { AnalyticsService } from '../services/properties/src/analytics/analytics.service';
import { addDays, utcDay } from '../services/properties/src/analytics/analytics.rules';
import { BAD_UNSUBSCRIBE_TOKEN, isoWeekStart } from '../services/properties/src/analytics/report.rules';
import { ReportService } from '../services/properties/src/analytics/report.service';
import { signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'analytics-report');

/**
 * The weekly analytics report's pages in a real browser (Debian's Chromium) against the whole platform: on a phone,
 * the provider adds an agent who is to receive the report of their listings; the report leaves on Monday; the agent,
 * with no account, opens the e-mail's link on a phone, is asked, and stops it (a link cut short is refused in words);
 * the provider turns their own report off on the analytics overview, and it stays off. Screenshots go to
 * `test/artifacts/analytics-report/`.
 */
jest.setTimeout(180_000);

describe('the weekly analytics report in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const agentEmail = `nora.${randomUUID().slice(0, 8)}@agency.example`;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
  }, 240_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  it('adds an agent for the report on a phone; the agent stops it from the e-mail’s link without an account', async () => {
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/contacts`);
    await page.getByRole('button', { name: 'Add a contact' }).first().click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByLabel('Full name').fill('Nora Agent');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(agentEmail);
    const weekly = form.getByLabel('Email this agent a weekly report of their listings');
    expect(await weekly.isChecked()).toBe(false);
    await weekly.check();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-contact-form.png'), fullPage: true });
    await form.getByRole('button', { name: 'Create contact' }).click();
    const contacts = page.getByRole('list', { name: 'Contacts' });
    await contacts.getByRole('heading', { name: 'Nora Agent' }).waitFor();
    await contacts.getByText('Gets a weekly report of their listings').waitFor();
    await page.context().close();

    // The agent shown with a shared tour that had a visit last week; the report leaves on Monday morning.
    const contact = (await provider.get(`/provider/contacts?q=${encodeURIComponent(agentEmail)}`)).body.data
      .items[0] as { id: string; weekly_report: boolean };
    expect(contact.weekly_report).toBe(true);
    const { propertyId } = await aSharedTour(provider, 'Harbour View Apartment');
    await provider
      .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [contact.id] })
      .expect(200);
    const monday = isoWeekStart(utcDay(Date.now()));
    await aView(propertyId, addDays(monday, -3));
    const properties = it_.platform.services.properties.app;
    await properties.get(AnalyticsJobs).rollUpNow();
    expect(await properties.get(ReportService).sendWeeklyReports(new Date(`${monday}T06:00:00Z`))).toBe(2);

    const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(agentEmail)}`);
    const [mail] = ((await response.json()) as { messages: Array<{ subject: string; textBody: string }> })
      .messages;
    expect(mail!.subject).toBe('Your tours last week: 1 view');
    const link = /To stop it, open this link: (\S+)/.exec(mail!.textBody)![1]!;

    // A link cut short (a mail client wrapped it): refused in words, nothing stopped.
    const agent = await browser.newContext({ viewport: PHONE, isMobile: true });
    const cut = await agent.newPage();
    cut.on('pageerror', (error) => uncaught.push(error.message));
    await cut.goto(link.slice(0, -3));
    await cut.getByRole('button', { name: 'Stop the weekly report' }).click();
    await cut.getByText(BAD_UNSUBSCRIBE_TOKEN).waitFor();

    // The whole link: asked first (a mail scanner opening it stops nothing), then stopped.
    const page2 = await agent.newPage();
    page2.on('pageerror', (error) => uncaught.push(error.message));
    await page2.goto(link);
    await page2.getByRole('heading', { name: 'Stop the weekly report' }).waitFor();
    await page2.getByText(agentEmail).waitFor();
    expect(await optOuts()).toEqual([]);
    expect(await noSidewaysScroll(page2)).toBe(true);
    await page2.screenshot({ path: path.join(SCREENSHOTS, 'phone-unsubscribe.png'), fullPage: true });
    await page2.getByRole('button', { name: 'Stop the weekly report' }).click();
    await page2.getByRole('heading', { name: 'Weekly report stopped' }).waitFor();
    await page2.getByText(`No more weekly reports will be sent to ${agentEmail} for these tours.`).waitFor();
    expect(await optOuts()).toEqual([agentEmail]);
    await page2.screenshot({ path: path.join(SCREENSHOTS, 'phone-unsubscribed.png'), fullPage: true });
    await agent.close();
  });

  it('lets the provider turn their own report off on the analytics overview, at a desktop’s width and a phone’s', async () => {
    const page = await signedInPage(browser, it_.base, provider, DESKTOP, uncaught);
    await page.goto(`${it_.base}/provider/analytics`);
    const setting = page.getByRole('region', { name: 'Weekly report' });
    const box = setting.getByLabel('Email me a weekly report');
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    // Saved at once: the box shows what the server keeps, once it answered.
    await box.click();
    await setting.getByText('The weekly report is off.').waitFor();
    expect(await box.isChecked()).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-overview.png'), fullPage: true });
    await page.context().close();

    const phone = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await phone.goto(`${it_.base}/provider/analytics`);
    const again = phone.getByRole('region', { name: 'Weekly report' }).getByLabel('Email me a weekly report');
    await again.waitFor();
    expect(await again.isChecked()).toBe(false);
    expect(await noSidewaysScroll(phone)).toBe(true);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-overview.png'), fullPage: true });
    await phone.context().close();
  });

  /** The addresses that stopped the provider's report. */
  async function optOuts(): Promise<string[]> {
    const found = await rows<{ email: string }>(
      it_.propertiesDb.dataSource,
      'SELECT email FROM analytics_report_optouts WHERE provider_id = $1 ORDER BY email',
      [provider.providerId],
    );
    return found.map((row) => row.email);
  }

  /** One view of the tour on `day`, as the consumer stores it (the route takes only a day's events). */
  async function aView(propertyId: string, day: string): Promise<void> {
    const none = { sweep: null, room: null, floor: null, ms: null, target: null };
    const batch: AnalyticsBatchV1 = {
      providerId: provider.providerId,
      propertyId,
      batchId: randomUUID(),
      viewId: randomUUID(),
      visitorKey: `d:${randomUUID()}`,
      consent: 'denied',
      device: 'phone',
      language: 'en',
      referrerHost: null,
      country: null,
      receivedAt: `${day}T10:05:00.000Z`,
      events: [
        { ...none, seq: 0, type: 'view_started', at: `${day}T10:00:00.000Z` },
        { ...none, seq: 1, type: 'sweep_entered', at: `${day}T10:00:10.000Z`, sweep: 's1', room: 'Kitchen' },
        {
          ...none,
          seq: 2,
          type: 'dwell',
          at: `${day}T10:01:10.000Z`,
          sweep: 's1',
          room: 'Kitchen',
          ms: 60_000,
        },
      ],
    };
    await it_.propertiesDb.transaction((tx) =>
      it_.platform.services.properties.app.get(AnalyticsService).storeBatch(batch, tx),
    );
  }
});

/** The page fits the screen's width (a phone never scrolls sideways). */
function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
  );
}
