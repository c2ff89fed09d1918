/**
 * What a DateTimeInput's `parse` makes of its local `YYYY-MM-DDTHH:mm`: the moment in ISO 8601 (UTC), as the API
 * takes dates; empty: null (no date). The input shows it back in the viewer's time zone.
 */
export function localDateTimeToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
