import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './useDebouncedValue';

/**
 * A list's page, search and filters kept in the address (Back returns to the same list), as the orders page keeps
 * them: `filters` names the other parameters (`status`, `customer_id`). The search box's text reaches the address
 * once typing pauses; a change of search or filter goes back to the first page.
 */
export function useListParams<Filter extends string>(filters: readonly Filter[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const values = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<
    Filter,
    string
  >;
  const [text, setText] = useState(search);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  function change(next: Record<string, string | number>, replace = false) {
    const merged = new URLSearchParams(params);
    if (!('page' in next)) merged.delete('page');
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace });
  }

  const pushed = useRef(search);
  useEffect(() => {
    if (typed === search) return;
    pushed.current = typed;
    change({ search: typed }, true);
  }, [typed]);
  useEffect(() => {
    if (search === pushed.current) return;
    pushed.current = search;
    setText(search);
  }, [search]);

  const filtered = search !== '' || filters.some((name) => values[name] !== '');
  return {
    page,
    search,
    values,
    text,
    setText,
    filtered,
    setPage: (next: number) => change({ page: next }),
    setFilter: (name: Filter, value: string) => change({ [name]: value }),
    clear: () => {
      setText('');
      setParams(new URLSearchParams());
    },
  };
}

/** What `useListParams` answers, for a component that shows part of it (the filters). */
export type ListParams<Filter extends string> = ReturnType<typeof useListParams<Filter>>;
