import {
  REPORT_MAX_TOURS,
  changeOf,
  changeText,
  durationText,
  isoWeekStart,
  readUnsubscribeToken,
  reportWeek,
  unsubscribeKey,
  unsubscribeToken,
  weeklyReportEmail,
  type ReportMail,
  type TourWeek,
} from './report.rules';

describe('the ISO week a day is in (Monday to Sunday, UTC)', () => {
  it.each([
    ['a Monday is its own start', '2026-11-30', '2026-11-30'],
    ['a Wednesday', '2026-12-02', '2026-11-30'],
    ['a Sunday belongs to the week before', '2026-12-06', '2026-11-30'],
    ['across the new year', '2027-01-01', '2026-12-28'],
    ['across a month', '2026-12-01', '2026-11-30'],
    ['a leap day', '2028-02-29', '2028-02-28'],
  ])('%s: %s -> %s', (_case, day, monday) => {
    expect(isoWeekStart(day)).toBe(monday);
  });
});

describe('the week a report sent at a time is about', () => {
  const lastWeek = {
    start: '2026-11-23',
    end: '2026-11-29',
    previousStart: '2026-11-16',
    previousEnd: '2026-11-22',
  };
  it.each([
    ['Monday just before the hour: not yet', '2026-11-30T05:59:59.999Z', 6, null],
    ['Monday at the hour', '2026-11-30T06:00:00.000Z', 6, lastWeek],
    ['Monday later on', '2026-11-30T18:30:00Z', 6, lastWeek],
    ['any hour of the week after: catching up', '2026-12-03T01:00:00Z', 6, lastWeek],
    ['the last moment of Sunday', '2026-12-06T23:59:59.999Z', 6, lastWeek],
    ['Monday at midnight with hour 0', '2026-11-30T00:00:00Z', 0, lastWeek],
    ['Monday before hour 23', '2026-11-30T22:59:59Z', 23, null],
    [
      'the week across the new year',
      '2027-01-04T06:00:00Z',
      6,
      { start: '2026-12-28', end: '2027-01-03', previousStart: '2026-12-21', previousEnd: '2026-12-27' },
    ],
    ['the next Monday before the hour: that week’s report is not due yet', '2026-12-07T05:00:00Z', 6, null],
  ])('%s', (_case, now, hour, week) => {
    expect(reportWeek(new Date(now), hour)).toEqual(week);
  });
});

describe('the change against the week before', () => {
  it.each([
    [10, 10, { kind: 'same' }, 'as many as the week before'],
    [0, 0, { kind: 'same' }, 'as many as the week before'],
    [5, 0, { kind: 'new' }, 'none the week before'],
    [15, 10, { kind: 'up', percent: 50 }, 'up 50% on the week before (10)'],
    [5, 10, { kind: 'down', percent: 50 }, 'down 50% on the week before (10)'],
    [0, 4, { kind: 'down', percent: 100 }, 'down 100% on the week before (4)'],
    [2, 3, { kind: 'down', percent: 33 }, 'down 33% on the week before (3)'],
    [1001, 1000, { kind: 'up', percent: 1 }, 'up 1% on the week before (1000)'],
    [30, 10, { kind: 'up', percent: 200 }, 'up 200% on the week before (10)'],
  ])('%i against %i', (current, previous, change, text) => {
    expect(changeOf(current, previous)).toEqual(change);
    expect(changeText(current, previous)).toBe(text);
  });
});

describe('time in a tour in words', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [59.6, '1 min 00 s'],
    [60, '1 min 00 s'],
    [185, '3 min 05 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h 00 min'],
    [3725, '1 h 02 min'],
    [-3, '0 s'],
  ])('%d seconds: %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });
});

describe('the weekly report e-mail', () => {
  const week = {
    start: '2026-11-23',
    end: '2026-11-29',
    previousStart: '2026-11-16',
    previousEnd: '2026-11-22',
  };
  const tour = (title: string, overrides: Partial<TourWeek> = {}): TourWeek => ({
    title,
    views: 12,
    visitors: 9,
    averageSeconds: 95,
    leads: 2,
    previousViews: 8,
    topRoom: 'Kitchen',
    link: null,
    ...overrides,
  });
  const mail = (overrides: Partial<ReportMail> = {}): ReportMail => ({
    week,
    providerName: 'Harbour Media',
    tours: [
      tour('Seaside Villa'),
      tour('City Loft', { views: 3, previousViews: 0, topRoom: null, leads: 0 }),
    ],
    analyticsUrl: 'https://app.test/provider/analytics?from=2026-11-23&to=2026-11-29',
    unsubscribeUrl: 'https://app.test/weekly_report/unsubscribe?token=t',
    ...overrides,
  });

  it('says the week’s views in the subject, one in the singular', () => {
    expect(weeklyReportEmail(mail()).subject).toBe('Your tours last week: 15 views');
    expect(weeklyReportEmail(mail({ tours: [tour('One', { views: 1 })] })).subject).toBe(
      'Your tours last week: 1 view',
    );
  });

  it('gives every tour its numbers, the change, the room, the page and the way out', () => {
    expect(weeklyReportEmail(mail()).text).toBe(
      [
        "Harbour Media's tours from Monday 23 November 2026 to Sunday 29 November 2026 (UTC): 15 views, up 88% on the week before (8).",
        [
          'Seaside Villa',
          '- Views: 12, up 50% on the week before (8)',
          '- Unique visitors: 9',
          '- Average time in the tour: 1 min 35 s',
          '- Leads: 2',
          '- Most visited room: Kitchen',
        ].join('\n'),
        [
          'City Loft',
          '- Views: 3, none the week before',
          '- Unique visitors: 9',
          '- Average time in the tour: 1 min 35 s',
          '- Leads: 0',
        ].join('\n'),
        'Every number, day by day, with the rooms visitors spent their time in: https://app.test/provider/analytics?from=2026-11-23&to=2026-11-29',
        'You receive this report every Monday. To stop it, open this link: https://app.test/weekly_report/unsubscribe?token=t',
      ].join('\n\n'),
    );
  });

  it('gives an agent each tour’s public link instead of the analytics page', () => {
    const text = weeklyReportEmail(
      mail({
        providerName: null,
        analyticsUrl: null,
        tours: [tour('Seaside Villa', { link: 'https://app.test/tours/ab/cd' })],
      }),
    ).text;
    expect(text).toMatch(/^Your tours from Monday 23 November 2026/);
    expect(text).toContain('- Tour: https://app.test/tours/ab/cd');
    expect(text).not.toContain('/provider/analytics');
  });

  it(`lists at most ${REPORT_MAX_TOURS} tours and counts the rest, which still count in the total`, () => {
    const tours = Array.from({ length: REPORT_MAX_TOURS + 2 }, (_, n) => tour(`Tour ${n + 1}`, { views: 1 }));
    const email = weeklyReportEmail(mail({ tours }));
    expect(email.subject).toBe(`Your tours last week: ${REPORT_MAX_TOURS + 2} views`);
    expect(email.text).toContain(`Tour ${REPORT_MAX_TOURS}\n`);
    expect(email.text).not.toContain(`Tour ${REPORT_MAX_TOURS + 1}\n`);
    expect(email.text).toContain('2 more tours had views.');
  });
});

describe('the unsubscribe link’s token', () => {
  const key = unsubscribeKey('secret');
  const provider = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  const token = unsubscribeToken(key, provider, 'Nora.Agent@Example.com');

  it('names the provider and the lowercased address, and reads back', () => {
    expect(readUnsubscribeToken(key, token)).toEqual({
      providerId: provider,
      email: 'nora.agent@example.com',
    });
    expect(token).not.toContain('@');
  });

  const [id, address, signature] = token.split('.') as [string, string, string];
  const otherAddress = Buffer.from('someone.else@example.com').toString('base64url');
  const otherProvider = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
  it.each([
    ['another secret’s', unsubscribeToken(unsubscribeKey('other'), provider, 'nora.agent@example.com')],
    ['another address with this signature', `${id}.${otherAddress}.${signature}`],
    ['another provider with this signature', `${otherProvider}.${address}.${signature}`],
    ['a signature cut short', `${id}.${address}.${signature.slice(0, -1)}`],
    ['no signature', `${id}.${address}`],
    ['a part too many', `${token}.x`],
    ['a provider id that is not one', `not-a-uuid.${address}.${signature}`],
    ['an upper-case provider id', `${id.toUpperCase()}.${address}.${signature}`],
    ['an address that is not base64url', `${id}.%%%.${signature}`],
    ['nothing', ''],
  ])('refuses %s', (_case, given) => {
    expect(readUnsubscribeToken(key, given)).toBeNull();
  });
});
