import { randomUUID } from 'node:crypto';
import { WEEKLY_REPORT_UNSUBSCRIBE_PAGE, type AnalyticsBatchV1 } from '@tourly/contracts';
import { Database, rows, uuidv7 } from '@tourly/platform';
import { aProperty, aSharedTour, onStarter } from '../../../test/support/provider';
import { AnalyticsJobs } from '../src/analytics/analytics-jobs';
import { AnalyticsService } from '../src/analytics/analytics.service';
import { addDays, utcDay } from '../src/analytics/analytics.rules';
import { ReportService } from '../src/analytics/report.service';
import { BAD_UNSUBSCRIBE_TOKEN, isoWeekStart } from '../src/analytics/report.rules';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

interface Mail {
  to: string;
  subject: string;
  textBody: string;
}

const REPORT_SUBJECT = /^Your tours last week: /;

/**
 * The weekly analytics report (issue 33): sent on Monday from the report hour to the provider's people and to the
 * contacts who asked for their listings' report, once whatever runs it, on a paid plan with views only; stopped by a
 * recipient's signed link or by a person's own setting. The whole platform: identity knows the people, billing the
 * plan, the mail emulator receives the e-mails. The weeks are the last two before today, filled through the consumer's
 * own call (the route takes only a day's events), and `now` is handed to the report as the schedule hands it.
 */
describe('the weekly analytics report', () => {
  let it_: PropertiesPlatform;
  let identityDb: Database;
  let provider: Person;
  let member: Person;
  let other: Person;
  let free: Person;
  let adminEmail: string;
  let otherEmail: string;
  let freeEmail: string;
  const memberEmail = `report.member.${uuidv7().slice(-8)}@example.com`;
  const agentEmail = `report.agent.${uuidv7().slice(-8)}@example.com`;
  const quietAgentEmail = `report.quiet.${uuidv7().slice(-8)}@example.com`;
  let villa: { propertyId: string; link: string };
  let loft: string;

  // This week's Monday: the report sent from its 06:00 is about the week before, compared with the one before that.
  const monday = isoWeekStart(utcDay(Date.now()));
  const reportedWeek = { start: addDays(monday, -7), end: addDays(monday, -1) };
  const at = (day: string, hour: string) => new Date(`${day}T${hour}Z`);

  const app = () => it_.platform.services.properties.app;
  const reports = () => app().get(ReportService);

  /** The report e-mails an address received, newest first. */
  const reportsTo = async (to: string): Promise<Mail[]> => {
    const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Mail[] };
    return messages.filter((mail) => REPORT_SUBJECT.test(mail.subject));
  };

  const adminEmailOf = async (person: Person) =>
    (
      (await identityDb.dataSource.query(
        `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.provider_id = $1 AND m.role = 'admin'`,
        [person.providerId],
      )) as Array<{ email: string }>
    )[0]!.email;

  /**
   * A visit on `day` as the consumer stores it: the rooms walked through in order (each dwelt in for `secondsEach`), or
   * a sweep without a room; a lead when asked.
   */
  const aView = async (
    owner: Person,
    propertyId: string,
    day: string,
    visit: { visitor?: string; rooms?: string[]; secondsEach?: number; lead?: boolean } = {},
  ) => {
    const none = { sweep: null, room: null, floor: null, ms: null, target: null };
    const ms = (visit.secondsEach ?? 30) * 1000;
    const time = (minute: number) => `${day}T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const walked = visit.rooms ?? [null];
    const events: AnalyticsBatchV1['events'] = [{ ...none, seq: 0, type: 'view_started', at: time(0) }];
    walked.forEach((room, n) => {
      const where = { sweep: `s${n}`, room, floor: room ? 0 : null };
      events.push({ ...none, ...where, seq: events.length, type: 'sweep_entered', at: time(2 * n + 1) });
      events.push({ ...none, ...where, seq: events.length, type: 'dwell', at: time(2 * n + 2), ms });
    });
    if (visit.lead) events.push({ ...none, seq: events.length, type: 'lead_sent', at: time(40) });
    const batch: AnalyticsBatchV1 = {
      providerId: owner.providerId,
      propertyId,
      batchId: randomUUID(),
      viewId: randomUUID(),
      visitorKey: visit.visitor ?? `d:${randomUUID()}`,
      consent: 'denied',
      device: 'desktop',
      language: 'en',
      referrerHost: null,
      country: null,
      receivedAt: time(45),
      events,
    };
    await it_.propertiesDb.transaction((tx) => app().get(AnalyticsService).storeBatch(batch, tx));
  };

  const aContact = async (email: string, weeklyReport: boolean) => {
    const created = await provider.send('post', '/provider/contacts/create_from_dashboard', {
      contact: { full_name: 'Nora Agent', email_address: email, weekly_report: weeklyReport },
    });
    expect([created.status, created.body.data.weekly_report]).toEqual([201, weeklyReport]);
    return created.body.data.id as string;
  };

  const unsubscribeLinkIn = (mail: Mail) =>
    new URL(/To stop it, open this link: (\S+)/.exec(mail.textBody)![1]!);
  const unsubscribe = (token: unknown) =>
    it_.http.post('/analytics/weekly_report/unsubscribe').send({ token });

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ env: (_emulators, gateway) => ({ APP_URL: gateway }) });
    identityDb = it_.platform.services.identity.app.get(Database);
    provider = await it_.signUp('Report Maker');
    other = await it_.signUp('Other Report Maker');
    free = await it_.signUp('Free Report Maker');
    await onStarter(it_, provider);
    await onStarter(it_, other);
    await it_.aMember(memberEmail, provider.providerId, 'member');
    member = await it_.signIn(memberEmail);
    [adminEmail, otherEmail, freeEmail] = await Promise.all([
      adminEmailOf(provider),
      adminEmailOf(other),
      adminEmailOf(free),
    ]);

    const shared = await aSharedTour(provider, 'Seaside Villa');
    const links = (await provider.get(`/provider/properties/${shared.propertyId}/player_link`)).body.data
      .links as { default: string; white_label: string | null };
    villa = { propertyId: shared.propertyId, link: links.white_label ?? links.default };
    loft = await aProperty(provider, 'City Loft');
    const agent = await aContact(agentEmail, true);
    const quietAgent = await aContact(quietAgentEmail, false);
    const agents = await provider.send('patch', `/provider/properties/${villa.propertyId}/contacts`, {
      agent_ids: [agent, quietAgent],
    });
    expect(agents.status).toBe(200);

    const { start } = reportedWeek;
    // The reported week: the villa three views of two visitors (the kitchen visited most), a lead; the loft one view
    // in a sweep without a room. The week before: two views of the villa. Today: one, for next week's report.
    await aView(provider, villa.propertyId, start, {
      visitor: 'v:returning',
      rooms: ['Kitchen', 'Garden', 'Kitchen'],
      lead: true,
    });
    await aView(provider, villa.propertyId, addDays(start, 3), {
      visitor: 'v:returning',
      rooms: ['Garden'],
      secondsEach: 60,
    });
    await aView(provider, villa.propertyId, reportedWeek.end, { rooms: ['Kitchen'] });
    await aView(provider, loft, addDays(start, 1), { secondsEach: 40 });
    await aView(provider, villa.propertyId, addDays(start, -7));
    await aView(provider, villa.propertyId, addDays(start, -1));
    await aView(provider, villa.propertyId, monday);
    // A provider on the free plan with views, and one on Starter without any.
    await aView(free, await aProperty(free, 'Free Plan Cottage'), addDays(start, 2));
    await app().get(AnalyticsJobs).rollUpNow();
  });
  afterAll(() => it_.stop());

  it('sends nothing on Monday before the report hour', async () => {
    expect(await reports().sendWeeklyReports(at(monday, '05:59:59'))).toBe(0);
    expect(await reportsTo(adminEmail)).toEqual([]);
  });

  it('mails the people every tour and an agent who asked for it only their listings, once however often it runs', async () => {
    // Two replicas running at once: each recipient's report is claimed once.
    const runs = await Promise.all([
      reports().sendWeeklyReports(at(monday, '06:00:00')),
      reports().sendWeeklyReports(at(monday, '06:00:00')),
    ]);
    expect(runs[0]! + runs[1]!).toBe(3);

    const [admin, team, agent] = [
      await reportsTo(adminEmail),
      await reportsTo(memberEmail),
      await reportsTo(agentEmail),
    ];
    expect([admin.length, team.length, agent.length]).toEqual([1, 1, 1]);
    const people = admin[0]!;
    expect(people.subject).toBe('Your tours last week: 4 views');
    const text = people.textBody;
    expect(text).toContain('tours from Monday ');
    expect(text).toContain(': 4 views, up 100% on the week before (2).');
    expect(text).toContain(
      [
        'Seaside Villa',
        '- Views: 3, up 50% on the week before (2)',
        '- Unique visitors: 2',
        '- Average time in the tour: 1 min 00 s',
        '- Leads: 1',
        '- Most visited room: Kitchen',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        'City Loft',
        '- Views: 1, none the week before',
        '- Unique visitors: 1',
        '- Average time in the tour: 40 s',
        '- Leads: 0',
      ].join('\n') + '\n\n',
    );
    expect(text).toContain(
      `${it_.base}/provider/analytics?from=${reportedWeek.start}&to=${reportedWeek.end}`,
    );
    expect(text.indexOf('Seaside Villa')).toBeLessThan(text.indexOf('City Loft'));
    expect(team[0]!.textBody.replace(/token=\S+/, '')).toBe(text.replace(/token=\S+/, ''));

    const listings = agent[0]!;
    expect(listings.subject).toBe('Your tours last week: 3 views');
    expect(listings.textBody).toContain('Seaside Villa');
    expect(listings.textBody).toContain(`- Tour: ${villa.link}`);
    expect(listings.textBody).not.toContain('City Loft');
    expect(listings.textBody).not.toContain('/provider/analytics');

    // Again later that week (a restart, the next hourly check): nothing more.
    expect(await reports().sendWeeklyReports(at(addDays(monday, 2), '09:00:00'))).toBe(0);
    expect((await reportsTo(adminEmail)).length).toBe(1);
    expect((await reportsTo(agentEmail)).length).toBe(1);
    const sent = await rows<{ email: string }>(
      it_.propertiesDb.dataSource,
      `SELECT recipient_email AS email FROM analytics_reports_sent WHERE provider_id = $1 AND week_start = $2
        ORDER BY recipient_email`,
      [provider.providerId, reportedWeek.start],
    );
    expect(sent.map((row) => row.email)).toEqual([adminEmail, agentEmail, memberEmail].sort());
  });

  it('sends nothing to a contact who did not ask, a free plan’s people, or a provider without views', async () => {
    expect(await reportsTo(quietAgentEmail)).toEqual([]);
    expect(await reportsTo(freeEmail)).toEqual([]);
    expect(await reportsTo(otherEmail)).toEqual([]);
  });

  it('stops a recipient’s reports by the link’s token, and refuses a forged or missing one in words', async () => {
    const link = unsubscribeLinkIn((await reportsTo(memberEmail))[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${it_.base}${WEEKLY_REPORT_UNSUBSCRIBE_PAGE}`);
    const token = link.searchParams.get('token')!;
    const agentToken = unsubscribeLinkIn((await reportsTo(agentEmail))[0]!).searchParams.get('token')!;

    const [id, , signature] = token.split('.');
    const forgedFor = (email: string) => `${id}.${Buffer.from(email).toString('base64url')}.${signature}`;
    for (const forged of [forgedFor(adminEmail), agentToken.slice(0, -2), 'not-a-token']) {
      const refused = await unsubscribe(forged);
      expect([refused.status, refused.body]).toEqual([422, { errors: { token: [BAD_UNSUBSCRIBE_TOKEN] } }]);
    }
    const missing = await unsubscribe(undefined);
    expect([missing.status, missing.body]).toEqual([422, { errors: { token: ['Required'] } }]);
    expect((await provider.get('/provider/analytics/weekly_report')).body.data.subscribed).toBe(true);

    expect((await unsubscribe(token)).status).toBe(204);
    // A second click (the page reloaded) changes nothing.
    expect((await unsubscribe(token)).status).toBe(204);
    const mine = await member.get('/provider/analytics/weekly_report');
    expect([mine.status, mine.body.data]).toEqual([200, { subscribed: false, email: memberEmail }]);
  });

  it('lets each person turn their own report off and on, a member too; the next week follows', async () => {
    const off = await provider.send('put', '/provider/analytics/weekly_report', { subscribed: false });
    expect([off.status, off.body.data]).toEqual([200, { subscribed: false, email: adminEmail }]);
    const bad = await provider.send('put', '/provider/analytics/weekly_report', { subscribed: 'no' });
    expect([bad.status, bad.body]).toEqual([422, { errors: { subscribed: ['must be true or false'] } }]);

    // Next Monday: this week's one view of the villa, to the agent alone (the admin and the member opted out).
    const nextMonday = addDays(monday, 7);
    expect(await reports().sendWeeklyReports(at(nextMonday, '06:00:00'))).toBe(1);
    const agent = await reportsTo(agentEmail);
    expect(agent.map((mail) => mail.subject)).toEqual([
      'Your tours last week: 1 view',
      'Your tours last week: 3 views',
    ]);
    expect(agent[0]!.textBody).toContain('- Views: 1, down 67% on the week before (3)');
    expect((await reportsTo(adminEmail)).length).toBe(1);
    expect((await reportsTo(memberEmail)).length).toBe(1);

    // The member subscribes again that week: the next hourly check sends them the week's report, and only them.
    const on = await member.send('put', '/provider/analytics/weekly_report', { subscribed: true });
    expect([on.status, on.body.data]).toEqual([200, { subscribed: true, email: memberEmail }]);
    expect(await reports().sendWeeklyReports(at(nextMonday, '07:00:00'))).toBe(1);
    expect((await reportsTo(memberEmail)).map((mail) => mail.subject)[0]).toBe(
      'Your tours last week: 1 view',
    );
  });

  it('keeps each provider’s settings its own: another provider reads and sets only its own person’s', async () => {
    const theirs = await other.get('/provider/analytics/weekly_report');
    expect([theirs.status, theirs.body.data]).toEqual([200, { subscribed: true, email: otherEmail }]);
    const off = await other.send('put', '/provider/analytics/weekly_report', { subscribed: false });
    expect(off.body.data).toEqual({ subscribed: false, email: otherEmail });
    expect((await provider.get('/provider/analytics/weekly_report')).body.data).toEqual({
      subscribed: false,
      email: adminEmail,
    });
    expect((await member.get('/provider/analytics/weekly_report')).body.data.subscribed).toBe(true);
    const optOuts = await rows<{ provider_id: string; email: string }>(
      it_.propertiesDb.dataSource,
      'SELECT provider_id, email FROM analytics_report_optouts ORDER BY email',
      [],
    );
    expect(optOuts).toEqual(
      [
        { provider_id: provider.providerId, email: adminEmail },
        { provider_id: other.providerId, email: otherEmail },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('keeps the contact’s weekly report as its form says: the whole form each time, true or false only', async () => {
    const id = await aContact(`report.form.${uuidv7().slice(-8)}@example.com`, true);
    const form = { full_name: 'Nora Agent', email_address: `report.form2.${uuidv7().slice(-8)}@example.com` };
    const bad = await provider.send('put', `/provider/contacts/${id}`, {
      contact: { ...form, weekly_report: 'yes' },
    });
    expect([bad.status, bad.body]).toEqual([
      422,
      { errors: { 'contact.weekly_report': ['must be true or false'] } },
    ]);
    const left = await provider.send('put', `/provider/contacts/${id}`, { contact: form });
    expect([left.status, left.body.data.weekly_report]).toEqual([200, false]);
    const listed = await provider.get('/provider/contacts?q=report.form2');
    expect(
      listed.body.data.items.map((contact: { weekly_report: boolean }) => contact.weekly_report),
    ).toEqual([false]);
  });
});
