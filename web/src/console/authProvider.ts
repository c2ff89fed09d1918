import type { AuthProvider } from 'react-admin';
import { ApiError } from '../api/errors';
import { readStaffRole } from '../api/role';
import { fetchCurrentUser } from '../auth/api';
import { signInUrl } from '../auth/paths';
import { canAccess } from './access';

let signedIn: Promise<void> | null = null;

/**
 * Asks GET /users/me once per page: a signed-out visitor goes to the sign-in page, which brings them back. The
 * promise stays pending meanwhile, so the console shows nothing it would then take away.
 */
function ensureSignedIn(): Promise<void> {
  signedIn ??= fetchCurrentUser().then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        const { pathname, search, hash } = window.location;
        window.location.replace(signInUrl(`${pathname}${search}${hash}`));
        return new Promise<void>(() => undefined);
      }
      // Anything else (the network): the console's own requests will show it.
      signedIn = null;
    },
  );
  return signedIn;
}

/**
 * The gateway authenticates every request with the session, and signing in happens outside the console (no login
 * page; the app bar's menu signs out by its own request, see ConsoleLayout): this provider checks that someone is signed in and answers react-admin's access
 * checks from the staff role the page carries.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: ensureSignedIn,
  // Failed requests are shown as notifications; none of them should sign the user out of the page.
  checkError: () => Promise.resolve(),
  canAccess: ({ resource, action }) => Promise.resolve(canAccess(readStaffRole(), { resource, action })),
};
