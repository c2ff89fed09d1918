/**
 * Each provider's own Matterport connection (issue 17, 002 §7 "Matterport integration"): identity keeps the OAuth
 * tokens of the provider's Matterport account; other services ask identity for the access token when they call
 * Matterport's Model API for the provider.
 */

/**
 * `not_connected`: no tokens; `connected`: tokens that work; `broken`: Matterport refused to renew them; `platform`: no
 * tokens, the provider uses the platform's own Matterport account (the Model API token the services are configured
 * with): only the demo provider of `npm start`, until it connects its own.
 */
export const MATTERPORT_CONNECTION_STATUSES = ['not_connected', 'connected', 'broken', 'platform'] as const;
export type MatterportConnectionStatus = (typeof MATTERPORT_CONNECTION_STATUSES)[number];

/**
 * Request-reply: the provider's Matterport access token, renewed first when it expires within a minute (once,
 * whoever else asks at the same time). `accessToken` is null unless `status` is `connected`. A 503 (ApiError) when
 * Matterport cannot be reached to renew it: try again later; the connection stays as it was. A caller whose token
 * Matterport refused (401 from the Model API: expired or revoked early) sends it back as `rejectedAccessToken`: it is
 * renewed even if not due, unless another request renewed it already (then the newer one is answered).
 */
export const MATTERPORT_ACCESS_TOKEN = 'identity.matterport.access_token';

/** How long to wait for the answer: a renewal is a call to Matterport, under the connection's lock. */
export const MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS = 15_000;

export interface MatterportAccessTokenRequest {
  providerId: string;
  rejectedAccessToken?: string;
}

export interface MatterportAccessToken {
  status: MatterportConnectionStatus;
  accessToken: string | null;
}

/** Where Matterport sends the browser back to after the provider's admin answered its authorisation page. */
export const MATTERPORT_CALLBACK_PATH = '/api/integrations/matterport/callback';

/** The page the callback ends on: `?matterport=connected`, or `?matterport=failed&reason=<why>`. */
export const MATTERPORT_SETTINGS_PAGE = '/provider/settings';

export const MATTERPORT_MESSAGES = {
  /** The reason a connection is broken when Matterport refuses to renew its access (shown on the page). */
  refreshRefused: 'Matterport refused to renew access: connect again from Settings.',
  unavailable: 'Matterport is not answering right now; please try again in a moment.',
  notConfigured: 'Connecting a Matterport account is not set up on this platform.',
  /** Callback refusals, as `reason` on the settings page. */
  denied: 'You did not allow access on Matterport.',
  stateRefused: 'This connection attempt has expired or was not started by you here. Please start again.',
  codeRefused: 'Matterport did not accept the authorisation. Please start again.',
  vendorError: 'Matterport could not complete the authorisation. Please start again.',
} as const;
