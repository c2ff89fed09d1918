import { pageOf, type Page, type PageQuery } from '@tourly/platform';

export const GUIDED_LIMITS = { stops: 50, sweepId: 64, title: 120, text: 2000 } as const;

export const GUIDED_MESSAGES = {
  notASweep: 'is not a sweep of the space',
  unknownFilter: 'may filter on narrated (true or false) only',
} as const;

/** What the stops page of `guided_tour.json` needs of a stop. */
export interface Searchable {
  title: string;
  text: string;
  audioFile: unknown;
}

/**
 * A filter of `guided_tour.json` read: `narrated` true or false; another name or value is refused (the field and its
 * message), so a typo does not answer every stop.
 */
export function stopFilter(
  filters: Record<string, string> | undefined,
): { narrated?: boolean } | { refusal: string } {
  const entries = Object.entries(filters ?? {});
  if (entries.some(([name, value]) => name !== 'narrated' || (value !== 'true' && value !== 'false'))) {
    return { refusal: GUIDED_MESSAGES.unknownFilter };
  }
  const narrated = filters?.narrated;
  return narrated === undefined ? {} : { narrated: narrated === 'true' };
}

/** A page of the stops, in their order: those whose title or text holds `search` (any case), filtered. */
export function stopsPage<T extends Searchable>(
  stops: T[],
  query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'> & { search?: string },
  filter: { narrated?: boolean },
): Page<T> {
  const needle = query.search?.trim().toLowerCase() ?? '';
  const matching = stops.filter(
    (stop) =>
      (needle === '' || `${stop.title}\n${stop.text}`.toLowerCase().includes(needle)) &&
      (filter.narrated === undefined || (stop.audioFile !== null) === filter.narrated),
  );
  return pageOf(matching.slice(query.offset, query.offset + query.pageSize), matching.length, query);
}
