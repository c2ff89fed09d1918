import type { AuthProvider } from 'react-admin';
import { ApiError } from '../api/errors';
import { readStaffRole } from '../api/role';
import { fetchCurrentUser } from '../auth/api';
import { goToSignIn } from '../auth/paths';
import { canAccess } from './access';

let signedIn: Promise<void> | null = null;

/** Pending for good: the page is on its way to the sign-in page, and shows nothing it would then take away. */
const leavingForSignIn = () => new Promise<never>(() => undefined);

/**
 * Asks GET /users/me once per page: a signed-out visitor goes to the sign-in page, which brings them back. The
 * promise stays pending meanwhile, so the console shows nothing it would then take away.
 */
function ensureSignedIn(): Promise<void> {
  signedIn ??= fetchCurrentUser().then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        goToSignIn();
        return leavingForSignIn();
      }
      // Anything else (the network): the console's own requests will show it.
      signedIn = null;
    },
  );
  return signedIn;
}

/**
 * Every request of the console goes through the data provider, whose failures react-admin hands here, whatever asked
 * (a list, a form, a row's action, a business verb such as the referrals export). A 401 means the session has ended
 * (signed out elsewhere, expired): the person goes to sign in, and comes back to this console page. The failure is
 * never settled meanwhile, so nothing notifies it or acts on it while the browser leaves. Anything else (403, 422)
 * is the caller's to show.
 */
function checkError(error: unknown): Promise<void> {
  if ((error as { status?: unknown } | null)?.status !== 401) return Promise.resolve();
  goToSignIn();
  return leavingForSignIn();
}

/**
 * The gateway authenticates every request with the session, and signing in happens outside the console (no login
 * page; the app bar's menu signs out by its own request, see ConsoleLayout): this provider checks that someone is
 * signed in, sends them to sign in and back when their session ends, and answers react-admin's access checks from the
 * staff role the page carries.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: ensureSignedIn,
  checkError,
  canAccess: ({ resource, action }) => Promise.resolve(canAccess(readStaffRole(), { resource, action })),
};
