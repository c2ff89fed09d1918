/**
 * Days and times of bookings, always in a named time zone (the booking page's, or the booking's), never the
 * viewer's: an agent in another zone books the photographer's local time. Days are `YYYY-MM-DD` strings.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function cached(formats: Map<string, Intl.DateTimeFormat>, zone: string, make: () => Intl.DateTimeFormat) {
  let format = formats.get(zone);
  if (!format) {
    format = make();
    formats.set(zone, format);
  }
  return format;
}

/** The day a moment falls on in a time zone. */
export function dayIn(moment: string | Date, zone: string): string {
  const format = cached(dayFormats, zone, () => new Intl.DateTimeFormat('en-CA', { timeZone: zone }));
  return format.format(typeof moment === 'string' ? new Date(moment) : moment);
}

/** `HH:MM` (24-hour) of a moment in a time zone. */
export function clockIn(moment: string, zone: string): string {
  const format = cached(
    clockFormats,
    zone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  return format.format(new Date(moment));
}

export const todayIn = (zone: string) => dayIn(new Date(), zone);

/** A day some days before or after another. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 Sunday to 6 Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
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

/** 'Mon 2026-12-07'. */
export const dayLabel = (day: string) => `${SHORT_WEEKDAYS[weekdayOf(day)]} ${day}`;

/** 'December 2026' for '2026-12'. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** '2026-12' -> '2027-01' (by `delta` months). */
export function addMonths(month: string, delta: number): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + delta);
  return date.toISOString().slice(0, 7);
}

/** A shoot's time in its zone: 'Mon 2026-12-07, 09:00–10:00'. */
export const whenLabel = (startsAt: string, endsAt: string, zone: string) =>
  `${dayLabel(dayIn(startsAt, zone))}, ${clockIn(startsAt, zone)}–${clockIn(endsAt, zone)}`;

/** The zone's offset from GMT on a day: 'GMT+10:00', 'GMT-03:30', 'GMT+00:00'. */
export function gmtOffset(zone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((piece) => piece.type === 'timeZoneName')?.value;
  return !part || part === 'GMT' ? 'GMT+00:00' : part;
}

/** The select's label for a zone (002 §9): '(GMT+10:00) Australia/Sydney', the offset of today. */
export const zoneLabel = (zone: string, at?: Date) => `(${gmtOffset(zone, at)}) ${zone.replace(/_/g, ' ')}`;
