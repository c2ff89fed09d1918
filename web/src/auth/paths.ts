import { SIGN_IN_PAGE, signInPageFor } from '@tourly/contracts';

/** The sign-in page (the gateway sends a browser there too, when a link it followed needs a session). */
export const SIGN_IN_PATH = SIGN_IN_PAGE;
export const FORGOT_PASSWORD_PATH = '/users/password/new';
/** The emailed reset link opens this page with `?reset_password_token=`. */
export const RESET_PASSWORD_PATH = '/users/password/edit';
export const SIGN_UP_PATH = '/users/sign_up';
/** The emailed team invitation opens this page with `?invitation_token=`. */
export const ACCEPT_INVITATION_PATH = '/users/invitation/accept';
export const FINALIZE_PATH = '/sign_up/finalize';
export const SETUP_PROVIDER_PATH = '/sign_up/setup_provider';
export const SURVEY_PATH = '/sign_up/survey';
export const CONTACT_CONFIRMATION_PATH = '/contact_confirmations';

/** Where signing in leads when the sign-in page was given no usable `return_to`. */
export const DEFAULT_PATH_AFTER_SIGN_IN = '/provider/properties';

/** The sign-in page, set to come back to `returnTo` (a path on this site) once the person has signed in. */
export const signInUrl = signInPageFor;

/**
 * Sends the browser to the sign-in page, which brings the person back to this very address (path, query and hash)
 * once signed in: for a page that finds nobody signed in, or a session that has ended. Replaces this page in the
 * history, so that Back does not return to a page that would only send the browser there again.
 */
export function goToSignIn(): void {
  const { pathname, search, hash } = window.location;
  window.location.replace(signInUrl(`${pathname}${search}${hash}`));
}

/**
 * Where to go after signing in: `returnTo` when it is a path on this site, else the properties page.
 * Anything else (`//elsewhere.example`, `https://...`, `/\elsewhere.example`, which browsers read as `//`)
 * would let a link send people to another site right after they typed their password. The path is judged
 * after the browser has resolved it: `/..//elsewhere.example` and `/.//elsewhere.example` resolve to
 * `//elsewhere.example`, which, navigated to, is another site.
 */
export function pathAfterSignIn(returnTo: string | null): string {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//')) return DEFAULT_PATH_AFTER_SIGN_IN;
  const url = new URL(returnTo, window.location.origin);
  if (url.origin !== window.location.origin) return DEFAULT_PATH_AFTER_SIGN_IN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\'))
    return DEFAULT_PATH_AFTER_SIGN_IN;
  return path;
}

/** A link to a page that starts from an email address the person already typed (forgot password). */
export function withEmail(path: string, email: string): string {
  const trimmed = email.trim();
  return trimmed ? `${path}?${new URLSearchParams({ email: trimmed })}` : path;
}

/** Sign-up's pages (account, name, business, survey); the email confirmation follows them. */
export const SIGN_UP_STEPS = 4;
