import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What a page was opened with (`navigate(path, { state })`: a notice, "created"), for as long as it shows that page.
 * The history entry forgets it at once, so reloading the page, or coming back to it later, does not say it again: an
 * order's "placed" notice is not still there once the order is delivered.
 */
export function useArrivalState<T extends object>(): T | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState(() => ({
    path: location.pathname,
    state: (location.state as T | null) ?? null,
  }));
  useEffect(() => {
    if (location.state === null || location.state === undefined) return;
    setArrival({ path: location.pathname, state: location.state as T });
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
    // Each arrival once: the entry it replaces has no state left to read.
  }, [location.key]);
  return arrival.path === location.pathname ? arrival.state : null;
}
