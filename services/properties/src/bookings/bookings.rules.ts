import {
  ACCESS_TYPE_LABELS,
  BOOKING_LIMITS,
  type AccessType,
  type BookingOutcome,
  type BookingStatus,
} from '@tourly/contracts';
import { HOURS_OVERLAP } from './bookings.dto';

export interface Window {
  weekday: number;
  starts: string;
  ends: string;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * What is wrong with a member's working hours (field -> message; empty when nothing): a window must end after it
 * starts, windows of one day must not overlap, and a day has at most a few of them.
 */
export function hoursErrors(hours: Window[]): Record<string, string> {
  const errors: Record<string, string> = {};
  hours.forEach((window, index) => {
    if (minutesOf(window.ends) <= minutesOf(window.starts))
      errors[`bookingMember.hours.${index}.ends`] = 'must be after the start';
  });
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const day = hours
      .map((window, index) => ({ ...window, index }))
      .filter((window) => window.weekday === weekday)
      .sort((a, b) => minutesOf(a.starts) - minutesOf(b.starts));
    if (day.length > BOOKING_LIMITS.windowsPerDay)
      errors['bookingMember.hours'] = `must list at most ${BOOKING_LIMITS.windowsPerDay} windows a day`;
    for (let i = 1; i < day.length; i += 1) {
      if (minutesOf(day[i]!.starts) < minutesOf(day[i - 1]!.ends))
        errors[`bookingMember.hours.${day[i]!.index}.starts`] = HOURS_OVERLAP;
    }
  }
  return errors;
}

export interface WorkingWindow {
  userId: string;
  opens: Date;
  closes: Date;
}

export interface BookedTime {
  userId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The start times a shoot of `minutes` can have: in some member's working window, a whole number of `step` minutes
 * from the window's start, ending by its close, within [earliest, latest), and overlapping none of that member's
 * booked time. Earliest first, each once (two members free at 10:00 make one start).
 */
export function openStarts(
  windows: WorkingWindow[],
  booked: BookedTime[],
  shoot: { minutes: number; step: number; earliest: Date; latest: Date },
): Date[] {
  const length = shoot.minutes * 60_000;
  const step = shoot.step * 60_000;
  const byMember = new Map<string, BookedTime[]>();
  for (const time of booked) {
    const theirs = byMember.get(time.userId);
    if (theirs) theirs.push(time);
    else byMember.set(time.userId, [time]);
  }
  const starts = new Set<number>();
  for (const window of windows) {
    const theirs = byMember.get(window.userId) ?? [];
    for (let start = window.opens.getTime(); start + length <= window.closes.getTime(); start += step) {
      if (start < shoot.earliest.getTime() || start >= shoot.latest.getTime()) continue;
      const end = start + length;
      if (theirs.some((time) => time.startsAt.getTime() < end && time.endsAt.getTime() > start)) continue;
      starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => new Date(start));
}

export interface SetupState {
  saved: boolean;
  services: number;
  membersWithHours: number;
  published: boolean;
}

/** The booking page's setup progress (001 §2), step by step. */
export function setupSteps(state: SetupState) {
  return [
    { key: 'details' as const, label: 'Name the page and choose its address', done: state.saved },
    { key: 'services' as const, label: 'Add the services you offer', done: state.services > 0 },
    { key: 'hours' as const, label: 'Set who takes bookings and when', done: state.membersWithHours > 0 },
    { key: 'published' as const, label: 'Publish the booking form', done: state.published },
  ];
}

/**
 * The status a change moves a booking to, or why it cannot: a pending booking is answered (accepted or declined);
 * an open one (pending or accepted) can be cancelled; an accepted one whose time has come is completed. Setting
 * the status a booking already has changes nothing (a repeated click).
 */
export function nextStatus(
  current: BookingStatus,
  target: BookingOutcome,
  startsAt: Date,
  now: Date,
): { status: BookingStatus } | { error: string } {
  if (target === current) return { status: current };
  switch (target) {
    case 'accepted':
    case 'declined':
      return current === 'pending'
        ? { status: target }
        : { error: `cannot be ${target}: the booking is already ${current}` };
    case 'cancelled':
      return current === 'pending' || current === 'accepted'
        ? { status: 'cancelled' }
        : { error: `cannot be cancelled: the booking is already ${current}` };
    case 'completed':
      if (current !== 'accepted')
        return { error: `cannot be completed: the booking is ${current}, not accepted` };
      return startsAt <= now
        ? { status: 'completed' }
        : { error: 'cannot be completed before the shoot starts' };
  }
}

/** An open booking holds its team member's time and can still be moved. */
export const isOpen = (status: BookingStatus) => status === 'pending' || status === 'accepted';

export interface BookingFacts {
  id: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  formattedAddress: string;
  services: Array<{ name: string }>;
  accessType: AccessType;
  accessDetails: string | null;
  fullName: string;
  emailAddress: string;
  phoneNumber: string | null;
  notes: string | null;
  providerName: string;
  memberName: string;
  /** Bumped each time the booking's time changes, so calendars replace the event they hold. */
  sequence: number;
}

const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
// RFC 5545 §3.3.11: backslash, semicolon and comma are escaped, new lines written as \n.
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

/** The booking as a calendar event (iCalendar): a request to add it, or its cancellation. */
export function bookingIcs(booking: BookingFacts, host: string, now = new Date()): string {
  const cancelled = booking.status === 'cancelled' || booking.status === 'declined';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tourly//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@${host}`,
    `SEQUENCE:${booking.sequence}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(booking.startsAt)}`,
    `DTEND:${icsTime(booking.endsAt)}`,
    `SUMMARY:${icsText(`${booking.services.map((service) => service.name).join(', ')} – ${booking.formattedAddress}`)}`,
    `LOCATION:${icsText(booking.formattedAddress)}`,
    `DESCRIPTION:${icsText(bookingSummary(booking))}`,
    `STATUS:${cancelled ? 'CANCELLED' : booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** "Tuesday 8 December 2026, 10:00–11:30 (Australia/Sydney)". */
export function whenText(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(startsAt);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  return `${day}, ${clock.format(startsAt)}–${clock.format(endsAt)} (${timeZone})`;
}

export function bookingSummary(booking: BookingFacts): string {
  return [
    `When: ${whenText(booking.startsAt, booking.endsAt, booking.timeZone)}`,
    `Where: ${booking.formattedAddress}`,
    `Services: ${booking.services.map((service) => service.name).join(', ')}`,
    `Access: ${ACCESS_TYPE_LABELS[booking.accessType]}${booking.accessDetails ? ` – ${booking.accessDetails}` : ''}`,
    `Photographer: ${booking.memberName} (${booking.providerName})`,
    `Agent: ${booking.fullName}, ${booking.emailAddress}${booking.phoneNumber ? `, ${booking.phoneNumber}` : ''}`,
    ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
  ].join('\n');
}

export type NoticeKind = 'received' | 'accepted' | 'declined' | 'rescheduled' | 'cancelled';

export interface Notice {
  to: 'agent' | 'member';
  subject: string;
  text: string;
  withCalendar: boolean;
}

/** What each side is told at each step of a booking. */
export function notices(kind: NoticeKind, booking: BookingFacts, providerLink: string): Notice[] {
  const summary = bookingSummary(booking);
  const when = whenText(booking.startsAt, booking.endsAt, booking.timeZone);
  switch (kind) {
    case 'received':
      return [
        {
          to: 'agent',
          subject: `Booking request received: ${booking.formattedAddress}`,
          text: `Hi ${booking.fullName},\n\n${booking.providerName} received your booking request and will confirm it shortly.\n\n${summary}\n`,
          withCalendar: false,
        },
        {
          to: 'member',
          subject: `New booking request: ${when}`,
          text: `${booking.fullName} asked for a shoot. Accept or decline it here: ${providerLink}\n\n${summary}\n`,
          withCalendar: false,
        },
      ];
    case 'accepted':
      return [
        {
          to: 'agent',
          subject: `Booking confirmed: ${when}`,
          text: `Hi ${booking.fullName},\n\n${booking.providerName} confirmed your booking. The calendar invitation is attached.\n\n${summary}\n`,
          withCalendar: true,
        },
        {
          to: 'member',
          subject: `Booked: ${when}`,
          text: `You are booked for this shoot. The calendar invitation is attached; the booking: ${providerLink}\n\n${summary}\n`,
          withCalendar: true,
        },
      ];
    case 'rescheduled':
      return [
        {
          to: 'agent',
          subject: `Booking moved: ${when}`,
          text: `Hi ${booking.fullName},\n\nYour booking with ${booking.providerName} moved to a new time. The updated calendar invitation is attached.\n\n${summary}\n`,
          withCalendar: true,
        },
        {
          to: 'member',
          subject: `Booking moved: ${when}`,
          text: `This shoot moved; the updated calendar invitation is attached. The booking: ${providerLink}\n\n${summary}\n`,
          withCalendar: true,
        },
      ];
    case 'declined':
      return [
        {
          to: 'agent',
          subject: `Booking not available: ${booking.formattedAddress}`,
          text: `Hi ${booking.fullName},\n\nSorry, ${booking.providerName} cannot take this booking. Please choose another time on the booking form or contact them directly.\n\n${summary}\n`,
          withCalendar: false,
        },
      ];
    case 'cancelled':
      return [
        {
          to: 'agent',
          subject: `Booking cancelled: ${when}`,
          text: `Hi ${booking.fullName},\n\nYour booking with ${booking.providerName} was cancelled.\n\n${summary}\n`,
          withCalendar: true,
        },
        {
          to: 'member',
          subject: `Booking cancelled: ${when}`,
          text: `This shoot was cancelled: ${providerLink}\n\n${summary}\n`,
          withCalendar: true,
        },
      ];
  }
}
