import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@tourly/platform';
import { addDays, utcDay } from './analytics.rules';

/** The tours one e-mail lists at most, most viewed first; the rest are counted in one line. */
export const REPORT_MAX_TOURS = 25;

/** 422 on `token` of the unsubscribe route: a link that was changed, cut short or made up. */
export const BAD_UNSUBSCRIBE_TOKEN =
  'This unsubscribe link is not valid. Open the link from your latest weekly report again, or sign in and turn the report off on the Analytics page.';

/** 403 on a person's own subscription when identity does not know them as one of the provider's people. */
export const NOT_A_PERSON_OF_PROVIDER =
  'Only the people of this account receive its weekly report. Switch to the account you work in, then try again.';

/** The weeks a report is about: the last full ISO week (Monday to Sunday, UTC), and the week before it to compare. */
export interface ReportWeek {
  /** Its Monday, `YYYY-MM-DD`. */
  start: string;
  /** Its Sunday. */
  end: string;
  previousStart: string;
  previousEnd: string;
}

/** The Monday of the ISO week (UTC) `day` is in. */
export function isoWeekStart(day: string): string {
  const daysSinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -daysSinceMonday);
}

/**
 * The week a report sent at `now` is about: the last full ISO week, from `hourUtc` on this week's Monday until the next
 * Monday's; null before that hour on a Monday (the week before's report was due a week ago, and is not sent late).
 */
export function reportWeek(now: Date, hourUtc: number): ReportWeek | null {
  const monday = isoWeekStart(utcDay(now));
  if (now.getTime() < Date.parse(`${monday}T00:00:00Z`) + hourUtc * 3600_000) return null;
  return {
    start: addDays(monday, -7),
    end: addDays(monday, -1),
    previousStart: addDays(monday, -14),
    previousEnd: addDays(monday, -8),
  };
}

/** How a number moved against the week before: whole percents, at least 1 when it moved at all. */
export type Change =
  { kind: 'same' } | { kind: 'new' } | { kind: 'up'; percent: number } | { kind: 'down'; percent: number };

export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const percent = Math.max(1, Math.round((Math.abs(current - previous) / previous) * 100));
  return { kind: current > previous ? 'up' : 'down', percent };
}

/** The change in words, after the number it is about. */
export function changeText(current: number, previous: number): string {
  const change = changeOf(current, previous);
  switch (change.kind) {
    case 'same':
      return 'as many as the week before';
    case 'new':
      return 'none the week before';
    case 'up':
      return `up ${change.percent}% on the week before (${previous})`;
    case 'down':
      return `down ${change.percent}% on the week before (${previous})`;
  }
}

/** Time in a tour as a reader takes it in: '45 s', '3 min 05 s', '1 h 02 min'. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${pad(Math.floor((whole % 3600) / 60))} min`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// Spelled out here rather than by Intl, whose punctuation changes with the ICU data Node ships with.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Monday 23 November 2026'. */
function longDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** One tour's week, as the report shows it. */
export interface TourWeek {
  title: string;
  views: number;
  visitors: number;
  averageSeconds: number;
  leads: number;
  previousViews: number;
  /** The room of the most visits (ties: the most time), null when the tour names no rooms. */
  topRoom: string | null;
  /** The tour's public link (an agent's report), or null (a member's: one link to the analytics page instead). */
  link: string | null;
}

export interface ReportMail {
  week: ReportWeek;
  /** Whose tours: the provider's account name, null when unknown. */
  providerName: string | null;
  /** Most viewed first. */
  tours: TourWeek[];
  /** A member's link to the analytics page for the week; null for an agent, whose tours carry their own links. */
  analyticsUrl: string | null;
  unsubscribeUrl: string;
}

/**
 * The weekly report e-mail (plain text, as the platform's other e-mails): the week's views with their change, then per
 * tour its views, unique visitors, average time, leads and most visited room; the analytics page (a member's) or each
 * tour's public link (an agent's); and how to stop it.
 */
export function weeklyReportEmail(report: ReportMail): { subject: string; text: string } {
  const views = report.tours.reduce((sum, tour) => sum + tour.views, 0);
  const previous = report.tours.reduce((sum, tour) => sum + tour.previousViews, 0);
  const whose = report.providerName ? `${report.providerName}'s tours` : 'Your tours';
  const listed = report.tours.slice(0, REPORT_MAX_TOURS);
  const left = report.tours.length - listed.length;
  const sections = [
    `${whose} from ${longDay(report.week.start)} to ${longDay(report.week.end)} (UTC): ${plural(views, 'view', 'views')}, ${changeText(views, previous)}.`,
    ...listed.map((tour) =>
      [
        tour.title,
        `- Views: ${tour.views}, ${changeText(tour.views, tour.previousViews)}`,
        `- Unique visitors: ${tour.visitors}`,
        `- Average time in the tour: ${durationText(tour.averageSeconds)}`,
        `- Leads: ${tour.leads}`,
        ...(tour.topRoom ? [`- Most visited room: ${tour.topRoom}`] : []),
        ...(tour.link ? [`- Tour: ${tour.link}`] : []),
      ].join('\n'),
    ),
    ...(left > 0 ? [`${plural(left, 'more tour', 'more tours')} had views.`] : []),
    ...(report.analyticsUrl
      ? [`Every number, day by day, with the rooms visitors spent their time in: ${report.analyticsUrl}`]
      : []),
    `You receive this report every Monday. To stop it, open this link: ${report.unsubscribeUrl}`,
  ];
  return {
    subject: `Your tours last week: ${plural(views, 'view', 'views')}`,
    text: sections.join('\n\n'),
  };
}

/** The key unsubscribe links are signed with: derived from the shared secret, for this use only. */
export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('analytics-weekly-report-unsubscribe').digest();
}

const signature = (key: Buffer, providerId: string, email: string) =>
  createHmac('sha256', key).update(`${providerId}\n${email}`).digest('base64url');

/**
 * The token of a recipient's one-click unsubscribe link: the provider, the address (lowercased) and their signature.
 * It does not expire: last month's report must still stop the next one.
 */
export function unsubscribeToken(key: Buffer, providerId: string, email: string): string {
  const address = email.toLowerCase();
  return [
    providerId.toLowerCase(),
    Buffer.from(address).toString('base64url'),
    signature(key, providerId.toLowerCase(), address),
  ].join('.');
}

/** Whom a token names, when its signature holds; null for anything else. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { providerId: string; email: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [providerId, encoded, given] = parts as [string, string, string];
  if (!isUuid(providerId) || providerId !== providerId.toLowerCase() || !encoded) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!email || email !== email.toLowerCase() || Buffer.from(email).toString('base64url') !== encoded)
    return null;
  const expected = Buffer.from(signature(key, providerId, email));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  return { providerId, email };
}
