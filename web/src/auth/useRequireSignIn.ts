import { useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { fetchCurrentUser, type CurrentUser } from './api';
import { signInUrl } from './paths';

export type SessionState =
  { status: 'checking' } | { status: 'signed-in'; user: CurrentUser } | { status: 'failed'; error: unknown };

/**
 * The signed-in user, for pages that need one. Asks GET /users/me once; when it answers 401, sends the browser
 * to the sign-in page, which brings the person back to this address afterwards (the state stays 'checking'
 * while it loads). Any other failure is handed back to show.
 */
export function useRequireSignIn(): SessionState {
  const [session, setSession] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetchCurrentUser(controller.signal).then(
      (user) => setSession({ status: 'signed-in', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          const { pathname, search, hash } = window.location;
          // Replace, so that Back does not return to a page that would only send the browser here again.
          window.location.replace(signInUrl(`${pathname}${search}${hash}`));
        } else {
          setSession({ status: 'failed', error });
        }
      },
    );
    return () => controller.abort();
  }, []);

  return session;
}
