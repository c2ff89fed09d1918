/** Unix seconds, the unit of every Stripe timestamp. */
export const DAY = 86_400;
export const HOUR = 3_600;

export type Interval = 'day' | 'week' | 'month' | 'year';

export function realNow(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * `anchor` moved by `count` intervals, months clamped to the last day like Stripe's billing cycle anchor
 * (Jan 31 -> Feb 28 -> Mar 31), the time of day kept.
 */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const months = interval === 'year' ? count * 12 : count;
  const date = new Date(anchor * 1000);
  const totalMonths = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(totalMonths / 12);
  const month = ((totalMonths % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const moved = Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(moved / 1000);
}

/** The first period boundary strictly after `after`, counted from the billing cycle anchor. */
export function nextBoundary(
  anchor: number,
  after: number,
  interval: Interval,
  intervalCount: number,
): number {
  if (anchor > after) return anchor;
  for (let periods = 1; ; periods += 1) {
    const boundary = addIntervals(anchor, interval, periods * intervalCount);
    if (boundary > after) return boundary;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `15 Jan 2026`, the date format of Stripe's proration line descriptions. */
export function formatDay(timestamp: number): string {
  const date = new Date(timestamp * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
