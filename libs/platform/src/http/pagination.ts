import { QueryInt } from './dto';

/** Far past any list's end, yet its offset stays an exact integer the database takes. */
export const MAX_PAGE = 1_000_000;

/** `page` (from 1) and `page_size`: the query of every paged list. */
export class PageQuery {
  @QueryInt({ min: 1, max: MAX_PAGE, description: 'page number, from 1' })
  page = 1;

  @QueryInt({ min: 1, max: 100, description: 'items per page (at most 100)' })
  pageSize = 20;

  get offset(): number {
    return (this.page - 1) * this.pageSize;
  }
}

/** Serialised as `{items, current_page, total_pages, total_count}` inside `data`. */
export interface Page<T> {
  items: T[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

/** A list's `search` as an ILIKE pattern matching it anywhere, its wildcards taken literally; null: no search. */
export function likePattern(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : null;
}

export function pageOf<T>(
  items: T[],
  totalCount: number,
  query: Pick<PageQuery, 'page' | 'pageSize'>,
): Page<T> {
  return {
    items,
    currentPage: query.page,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}

/**
 * A page whose rows carry the total of all matches (`count(*) OVER ()`, or a count beside the page): only a page
 * past the end, which has no row to carry it, asks `countAll` (and the first page empty means none at all).
 */
export async function pageWithTotal<T>(
  rows: Array<T & { total: number }>,
  query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'>,
  countAll: () => Promise<number>,
): Promise<Page<T>> {
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countAll());
  return pageOf(
    rows.map(({ total: _total, ...row }) => row as unknown as T),
    total,
    query,
  );
}
