import type { AnalyticsRange, IsoDay } from './api';

/** The ranges offered besides a custom one, in days ending today (UTC, as the server counts days). */
export const PRESETS = [
  { key: '7d', days: 7, label: 'Last 7 days' },
  { key: '30d', days: 30, label: 'Last 30 days' },
  { key: '90d', days: 90, label: 'Last 90 days' },
] as const;

export type PresetKey = (typeof PRESETS)[number]['key'];

/** What the address says: a preset (the default, last 30 days, as the server's) or a custom from/to. */
export type RangeChoice = { kind: 'preset'; key: PresetKey } | { kind: 'custom'; from: IsoDay; to: IsoDay };

const DEFAULT_PRESET: PresetKey = '30d';

export const DEFAULT_CHOICE: RangeChoice = { kind: 'preset', key: DEFAULT_PRESET };

/** The server's limit (contract §3): a longer range is refused with a 422. */
export const MAX_RANGE_DAYS = 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range in the address: `?range=7d|30d|90d`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD` for a custom one. Anything else
 * is the default, so an edited or stale address still shows a page.
 */
export function choiceOf(params: URLSearchParams): RangeChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && ISO_DAY.test(from) && ISO_DAY.test(to))
    return { kind: 'custom', from, to };
  const preset = PRESETS.find((item) => item.key === params.get('range'));
  return preset ? { kind: 'preset', key: preset.key } : DEFAULT_CHOICE;
}

/** The address's query for a choice: nothing for the default, so the plain link stays plain. */
export function searchOf(choice: RangeChoice): string {
  if (choice.kind === 'custom')
    return `?${new URLSearchParams({ from: choice.from, to: choice.to }).toString()}`;
  return choice.key === DEFAULT_PRESET ? '' : `?range=${choice.key}`;
}

/** The days a choice covers, both ends included; a preset ends today (UTC). */
export function rangeOf(choice: RangeChoice, today: Date = new Date()): AnalyticsRange {
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  const days = PRESETS.find((item) => item.key === choice.key)?.days ?? 30;
  const to = isoDay(today);
  return { from: addDays(to, -(days - 1)), to };
}

/** The choice in words, for headings and the overview's links: 'Last 30 days', '2026-11-01 to 2026-11-30'. */
export function choiceLabel(choice: RangeChoice): string {
  if (choice.kind === 'custom') return `${choice.from} to ${choice.to}`;
  return PRESETS.find((item) => item.key === choice.key)?.label ?? '';
}

/** Today in UTC, `YYYY-MM-DD`. */
export function isoDay(date: Date): IsoDay {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: IsoDay, count: number): IsoDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return isoDay(date);
}
