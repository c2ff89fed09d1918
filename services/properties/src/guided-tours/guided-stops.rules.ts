import { pageOf, type Page, type PageQuery } from '@tourly/platform';

export const GUIDED_LIMITS = { stops: 50, sweepId: 64, title: 120, text: 2000 } as const;

export const GUIDED_MESSAGES = {
  notASweep: 'is not a sweep of the space',
  narratedFilter: 'must be true or false',
} as const;

/** What the stops page of `guided_tour.json` needs of a stop. */
export interface Searchable {
  title: string;
  text: string;
  audioFile: unknown;
}

/**
 * The filters of `guided_tour.json` read: `narrated` true or false (another value is refused: its field and message);
 * filters the stops do not have (the tags' own, sent to both lists) are left aside.
 */
export function stopFilter(
  filters: Record<string, unknown> | undefined,
): { narrated?: boolean } | { refusal: { field: string; message: string } } {
  const narrated = filters?.narrated;
  if (narrated === undefined) return {};
  if (narrated !== 'true' && narrated !== 'false') {
    return { refusal: { field: 'filters.narrated', message: GUIDED_MESSAGES.narratedFilter } };
  }
  return { narrated: narrated === 'true' };
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
