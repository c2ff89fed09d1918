import { useState } from 'react';

/** How many items a media section shows before "Show all" (a phone screen's worth). */
export const COLLAPSED_COUNT = 6;

/**
 * A long list kept short: the first `limit` items, with a button showing all of them (and fewer again); the
 * button is null while the list is short.
 */
export function useShowAll<T>(items: T[], noun: string, limit = COLLAPSED_COUNT) {
  const [all, setAll] = useState(false);
  const visible = all ? items : items.slice(0, limit);
  const toggle =
    items.length > limit ? (
      <button
        type="button"
        className="button button-secondary show-all"
        aria-expanded={all}
        onClick={() => setAll(!all)}
      >
        {all ? `Show fewer ${noun}` : `Show all ${items.length} ${noun}`}
      </button>
    ) : null;
  return { visible, toggle };
}
