import { PRODUCT } from './product';
import type { MembershipRole, StaffRole } from './roles';

/** The browser session: an httpOnly cookie holding an opaque token that identity resolves. */
export const SESSION_COOKIE = `${PRODUCT}_session`;

/** Unsafe requests authenticated by the session cookie carry this header, read from the page's meta tag. */
export const CSRF_HEADER = 'x-csrf-token';

/** Request-reply: the gateway asks identity who a credential belongs to. */
export const RESOLVE_CREDENTIALS = 'identity.credentials.resolve';

/** A provider's API key travels in this header; it acts as the admin who generated it, with the scope below. */
export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_SCOPE = 'api_key';

/** One credential: a browser session's token, an API key, or an OAuth access token. */
export type ResolveCredentialsRequest =
  { sessionToken: string } | { apiKey: string } | { accessToken: string };

export interface ResolvedCredentials {
  /** null: the credential is unknown, expired or revoked. */
  caller: {
    userId: string;
    role: MembershipRole | null;
    staffRole: StaffRole | null;
    providerId: string | null;
    impersonatorId: string | null;
    scopes: string[];
  } | null;
  csrfToken: string | null;
}

export const IDENTITY_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
  csrfRejected: 'Your session could not be verified. Please reload the page and try again.',
  crossSiteRefused: 'This request came from another site, so it was refused. Please try again from this site.',
} as const;
