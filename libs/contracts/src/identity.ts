import { PRODUCT } from './product';
import type { MembershipRole, StaffRole } from './roles';

/** The browser session: an httpOnly cookie holding an opaque token that identity resolves. */
export const SESSION_COOKIE = `${PRODUCT}_session`;

/** Unsafe requests authenticated by the session cookie carry this header, read from the page's meta tag. */
export const CSRF_HEADER = 'x-csrf-token';

/** Request-reply: the gateway asks identity who a credential belongs to. */
export const RESOLVE_CREDENTIALS = 'identity.credentials.resolve';

/**
 * Request-reply: the gateway counts one request of a client address against a limit, in fixed windows kept
 * in identity's database so every gateway replica shares them. `retryAfter`: null while under the limit,
 * else the seconds until the window ends.
 */
export const HIT_RATE_LIMIT = 'identity.rate_limits.hit';

export interface HitRateLimitRequest {
  /** What is limited, e.g. `credentials`. */
  bucket: string;
  /** Who is counted: the client address. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitAnswer {
  retryAfter: number | null;
}

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
    /** A client user's client in that provider (null for every other role). */
    clientId: string | null;
    impersonatorId: string | null;
    scopes: string[];
  } | null;
  csrfToken: string | null;
}

export const IDENTITY_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
  csrfRejected: 'Your session could not be verified. Please reload the page and try again.',
  crossSiteRefused:
    'This request came from another site, so it was refused. Please try again from this site.',
} as const;

/**
 * Request-reply: which of these user ids are people of this provider (admin, scan technician or member; not
 * client users), e.g. for properties to take them as a property's agents. Ids of anyone else are left out.
 */
export const PROVIDER_PEOPLE = 'identity.providers.people';

export interface ProviderPeopleRequest {
  providerId: string;
  userIds: string[];
}

export interface ProviderPeople {
  userIds: string[];
}

/**
 * Request-reply: when a provider's account was opened (ISO time), e.g. for billing to tell a provider from before
 * the plans (the legacy plan, 000 §4) from one that started on the free plan; null for a provider it does not know.
 */
export const PROVIDER_SINCE = 'identity.providers.since';

export interface ProviderSinceRequest {
  providerId: string;
}

export interface ProviderSince {
  createdAt: string | null;
}

/**
 * Request-reply: how a provider's pages are addressed besides the platform's own paths: its account name, its
 * subdomain of the app's host and its white-label domain while that is active (a pending or failed one is none); all
 * null for a provider it does not know. Properties builds a tour's white-label link from it, and credits the tour to
 * the name when the branding names no provider.
 */
export const PROVIDER_ADDRESSES = 'identity.providers.addresses';

export interface ProviderAddressesRequest {
  providerId: string;
}

export interface ProviderAddresses {
  /** The provider's account name, whom visitors are told the tour is by when its branding names no one. */
  name: string | null;
  subdomain: string | null;
  whitelabelDomain: string | null;
}

/**
 * Request-reply: the profiles of a provider's people (admin, scan technician or member; ids of anyone else are
 * left out), e.g. for the public player's agents and for mailing a lead to them. `admins: true` answers the
 * provider's admins as well (whom a lead goes to when its property has no agents), and `team: true` every one of its
 * people (the weekly analytics report's recipients). The phone number is the one the person keeps on their profile
 * (null when none); the avatar is always null (identity stores no images).
 */
export const PEOPLE_PROFILES = 'identity.people.profiles';

export interface PeopleProfilesRequest {
  providerId: string;
  userIds: string[];
  admins?: boolean;
  team?: boolean;
}

export interface PersonProfile {
  userId: string;
  fullName: string;
  email: string;
  phoneNumber: string | null;
  avatarUrl: string | null;
}

export interface PeopleProfiles {
  people: PersonProfile[];
}
