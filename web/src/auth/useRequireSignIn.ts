import { useEffect } from 'react';
import { ApiError } from '../api/errors';
import type { CurrentUser } from './api';
import { goToSignIn } from './paths';
import { useCurrentUserQuery } from './queries';

export type SessionState =
  { status: 'checking' } | { status: 'signed-in'; user: CurrentUser } | { status: 'failed'; error: unknown };

const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The signed-in user, for pages that need one. Asks GET /users/me once; when it answers 401, sends the browser
 * to the sign-in page, which brings the person back to this address afterwards (the state stays 'checking'
 * while it loads). Any other failure is handed back to show.
 */
export function useRequireSignIn(): SessionState {
  const me = useCurrentUserQuery();

  useEffect(() => {
    if (signedOut(me.error)) goToSignIn();
  }, [me.error]);

  if (me.data) return { status: 'signed-in', user: me.data };
  if (me.error && !signedOut(me.error)) return { status: 'failed', error: me.error };
  return { status: 'checking' };
}
