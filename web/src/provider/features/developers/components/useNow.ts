import { useEffect, useState } from 'react';

/** The time now, moving on every `everyMs` while `ticking` (a countdown to a pending delivery's next attempt). */
export function useNow(ticking: boolean, everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}
