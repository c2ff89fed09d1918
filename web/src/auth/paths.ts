export const SIGN_IN_PATH = '/users/sign_in';

/** Where signing in leads when the sign-in page was given no usable `return_to`. */
const DEFAULT_PATH_AFTER_SIGN_IN = '/provider/properties';

/** The sign-in page, set to come back to `returnTo` (a path on this site) once the person has signed in. */
export function signInUrl(returnTo: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ return_to: returnTo })}`;
}

/**
 * Where to go after signing in: `returnTo` when it is a path on this site, else the properties page.
 * Anything else (`//elsewhere.example`, `https://...`, `/\elsewhere.example`, which browsers read as `//`)
 * would let a link send people to another site right after they typed their password.
 */
export function pathAfterSignIn(returnTo: string | null): string {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//')) return DEFAULT_PATH_AFTER_SIGN_IN;
  const url = new URL(returnTo, window.location.origin);
  if (url.origin !== window.location.origin) return DEFAULT_PATH_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
