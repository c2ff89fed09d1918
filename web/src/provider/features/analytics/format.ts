import { formatDuration } from '../../../shared/format';
import type { AnalyticsPlace } from './api';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (value: number) => whole.format(value);

/** A part of a whole, '25%'; '0%' when the whole is nothing (no views, no division by zero). */
export const formatShare = (part: number, total: number) => percent.format(total > 0 ? part / total : 0);

export const formatRatio = (ratio: number) => percent.format(ratio);

/** Time in the tour: '1 minute 35 seconds'. */
export const formatSeconds = (seconds: number) => formatDuration(seconds);

const DEVICES: Record<string, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' };

export const deviceLabel = (device: string) =>
  DEVICES[device] ?? device.charAt(0).toUpperCase() + device.slice(1);

export const referrerLabel = (host: string | null) => host ?? 'Direct (a typed or shared link)';

let regions: Intl.DisplayNames | null = null;
let languages: Intl.DisplayNames | null = null;

/** The country's name in the viewer's language; 'Unknown' where the visit's country is not known. */
export function countryLabel(code: string | null): string {
  if (code === null) return 'Unknown';
  regions ??= new Intl.DisplayNames(undefined, { type: 'region' });
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The platform's language codes that are not ISO 639-1 (the spec's `cn` and `jp`), as Intl names them. */
const ISO_LANGUAGE: Record<string, string> = { cn: 'zh', jp: 'ja' };

/** The language's name in the viewer's language ('en' -> 'English', 'jp' -> 'Japanese'), or the code as sent. */
export function languageLabel(code: string): string {
  languages ??= new Intl.DisplayNames(undefined, { type: 'language' });
  try {
    return languages.of(ISO_LANGUAGE[code] ?? code) ?? code;
  } catch {
    return code;
  }
}

/** A place of the heat map: its room, or its sweep where the player knew no room. */
export const placeLabel = (place: AnalyticsPlace) => place.room ?? `Sweep ${place.sweep}`;

/** Matterport counts floors from 0; people from 1. */
export const floorLabel = (floor: number | null) => (floor === null ? null : `Floor ${floor + 1}`);
