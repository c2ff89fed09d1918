import { MESSAGES } from './strings';

// The ISO 8601 subset the API sends (ECMAScript's date-time string format), which every browser parses alike.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** YYYY-MM-DD in the viewer's time zone; 'Invalid Date' for anything that is not an ISO date or timestamp. */
export function formatDate(value: string | Date): string {
  if (value instanceof Date) return formatLocalDate(value);
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return MESSAGES.invalidDate;
  const [, year, month, day] = match;
  // Date would roll 2024-02-30 over to March instead of rejecting it.
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return MESSAGES.invalidDate;
  // A date without a time is a calendar day: converting it to local time could move it to the day before.
  if (value.length === 10) return value;
  // Browsers disagree on more than three fraction digits; the time of day is not shown anyway.
  return formatLocalDate(new Date(value.replace(/(\.\d{3})\d+/, '$1')));
}

/** Integer minor units (cents) and a lowercase currency code, e.g. (1995, 'usd') -> '$19.95'. */
export function formatMoney(cents: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  // Intl knows each currency's minor units: 2 for every currency the platform sells in, 0 for e.g. JPY.
  const { maximumFractionDigits = 2 } = format.resolvedOptions();
  return format.format(cents / 10 ** maximumFractionDigits);
}

/**
 * An amount typed in a field in the currency's major units, "250" or "250.5", -> 25000 / 25050 minor units (every
 * currency the platform bills in has two); anything else goes as typed, for the form or the server to refuse.
 */
export function centsOf(text: string): number | string {
  const match = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return text;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function formatLocalDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return MESSAGES.invalidDate;
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD HH:MM` in the viewer's time zone, for moments (a sign-in, a token issued). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !ISO_DATE_TIME.test(value)) return MESSAGES.invalidDate;
  return `${formatLocalDate(date)} ${formatTime(value)}`;
}

/** `HH:MM` (24-hour) in the viewer's time zone. */
export function formatTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MESSAGES.invalidDate;
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A length of time in the spec's units, the two largest that apply: '45 seconds', '1 hour 5 minutes'. */
export function formatDuration(totalSeconds: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  let rest = Math.max(0, Math.round(totalSeconds));
  const parts: string[] = [];
  for (const [name, seconds] of units) {
    const count = Math.floor(rest / seconds);
    rest -= count * seconds;
    if (count > 0 && parts.length < 2) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}
