import { createHash } from 'node:crypto';
import {
  MATTERPORT_CALLBACK_PATH,
  MATTERPORT_MESSAGES,
  MATTERPORT_SETTINGS_PAGE,
  type MatterportConnectionStatus,
} from '@tourly/contracts';
import { answerText, isUuid } from '@tourly/platform';

/** What the platform asks of a provider's Matterport account: to read its models (and their rooms). */
export const MATTERPORT_OAUTH_SCOPE = 'ViewDetails';
/** How long an authorisation may take on Matterport's page before its state stops working. */
export const AUTHORIZATION_MINUTES = 10;

/** RFC 7636 §4.2, S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Where Matterport sends the browser back to: the gateway's callback route on the app's own address. */
export function redirectUriOf(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}${MATTERPORT_CALLBACK_PATH}`;
}

/** Matterport's authorisation page for one attempt (RFC 6749 §4.1.1 with RFC 7636 §4.3). */
export function authorizeUrl(options: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}): string {
  const url = new URL(options.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', MATTERPORT_OAUTH_SCOPE);
  url.searchParams.set('state', options.state);
  url.searchParams.set('code_challenge', options.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Where the callback sends the browser: the settings page, told the outcome. */
export function settingsLocation(outcome: { connected: true } | { failed: string }): string {
  return 'connected' in outcome
    ? `${MATTERPORT_SETTINGS_PAGE}?matterport=connected`
    : `${MATTERPORT_SETTINGS_PAGE}?matterport=failed&reason=${encodeURIComponent(outcome.failed)}`;
}

/** Why an authorisation Matterport answered with an error (RFC 6749 §4.1.2.1) did not connect. */
export function vendorRefusal(error: string): string {
  return error === 'access_denied' ? MATTERPORT_MESSAGES.denied : MATTERPORT_MESSAGES.vendorError;
}

/** The account's name, when the token answer tells it (RFC 6749 leaves it out; Matterport may add it). */
export function accountNameOf(answer: Record<string, unknown>): string | null {
  const account = answer.account && typeof answer.account === 'object' ? answer.account : {};
  return answerText(answer.account_name) ?? answerText((account as Record<string, unknown>).name);
}

/** A request-reply question for an access token, read defensively (it arrives over NATS, unvalidated). */
export function accessTokenQuestion(
  request: { providerId?: unknown; rejectedAccessToken?: unknown } | null | undefined,
): { providerId: string; rejectedAccessToken: string | null } | null {
  const providerId = request?.providerId;
  if (!isUuid(providerId)) return null;
  const rejected = request?.rejectedAccessToken;
  return { providerId, rejectedAccessToken: typeof rejected === 'string' && rejected ? rejected : null };
}

/** A connection's state as the settings page shows it; no row: not connected. */
export function connectionStatus(
  row: { status: 'connected' | 'broken' | null; platformAccount: boolean } | undefined,
): MatterportConnectionStatus {
  if (row?.status) return row.status;
  return row?.platformAccount ? 'platform' : 'not_connected';
}

/**
 * The switch prompt: shown to a provider that used the platform's own account (it has a prompt row) until it
 * connects its own or dismisses the prompt. Never to an administrator impersonating it: they cannot connect for
 * the provider, and dismissing it would hide it from the provider.
 */
export function showsSwitchPrompt(
  prompt: { endedAt: Date | null } | undefined,
  impersonating: boolean,
): boolean {
  return !impersonating && prompt !== undefined && prompt.endedAt === null;
}

/** What each sealed secret is bound to (authenticated with it): a value copied elsewhere does not open. */
export const sealedFor = {
  accessToken: (providerId: string) => `matterport:access_token:${providerId}`,
  refreshToken: (providerId: string) => `matterport:refresh_token:${providerId}`,
  codeVerifier: (providerId: string, userId: string) => `matterport:code_verifier:${providerId}:${userId}`,
};
