import { useCallback, useEffect, useState } from 'react';
import { useMatterportAuthUrlMutation } from './queries';

/**
 * "Connect Matterport": asks for Matterport's authorisation page (GET /api/integrations/matterport/auth_url) and
 * sends the browser there; Matterport sends it back to the settings page. Pending from the click until the browser
 * has left (and again usable if Back brings the page back from the browser's cache); a refusal (503 when the
 * platform has not set connecting up, 403 while impersonating) is in `error`.
 */
export function useConnectMatterport() {
  const { run, isPending, error } = useMatterportAuthUrlMutation();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const connect = useCallback(async () => {
    const outcome = await run();
    if (!outcome.ok) return;
    setLeaving(true);
    window.location.assign(outcome.value.url);
  }, [run]);

  return { connect, isPending: isPending || leaving, error };
}
