import { api, type Page } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** GET /provider/settings: the current provider's. */
export type ProviderSettings = Answer<'/provider/settings', 'get'>;
export type ApiKeySummary = NonNullable<ProviderSettings['apiKey']>;
export type WhitelabelDomain = ProviderSettings['whitelabelDomain'];
/**
 * unset (offer "Activate"), pending ("In Progress"), active ("Active"), failed (with a reason), paused (set up, but the
 * plan no longer includes a white-label domain).
 */
export type DomainStatus = WhitelabelDomain['status'];

/** GET /provider/permissions/account: what the caller's role may do. */
export type AccountPermissions = Answer<'/provider/permissions/account', 'get'>;
export type ProviderUser = Answer<'/provider/settings/users', 'get'>['items'][number];
/** A new API key, shown this once. */
export type NewApiKey = Answer<'/provider/settings/regenerate_api_key', 'post'>;
export type AccessLogEntry = Answer<'/provider/settings/access_log', 'get'>['items'][number];
/** GET /users/me: the signed-in person, with the names and phone number they keep. */
export type Me = Answer<'/users/me', 'get'>;
/**
 * GET /provider/matterport_auth/connection: where the provider's models come from. `not_connected` (none),
 * `connected` (its own account, with when and, if Matterport tells it, the account's name), `broken` (Matterport
 * refused to renew the access: `brokenReason` says what to do), `platform` (the platform's demo account).
 */
export type MatterportConnection = Answer<'/provider/matterport_auth/connection', 'get'>;
export type MatterportConnectionStatus = MatterportConnection['status'];
export interface ProfileChanges {
  firstName: string;
  lastName: string;
  /** Blank clears it. */
  phoneNumber: string;
}

export const fetchSettings = (signal?: AbortSignal) => api.get('/provider/settings', { signal });

export const fetchReferralLink = (signal?: AbortSignal) => api.get('/provider/settings/referral', { signal });

export const fetchMe = (signal?: AbortSignal) => api.get('/users/me', { signal });

export const updateProfile = (changes: ProfileChanges) => api.patch('/users/me', { user: changes });

export const fetchAccountPermissions = (signal?: AbortSignal) =>
  api.get('/provider/permissions/account', { signal });

export const changeSubdomain = (subdomain: string) => api.post('/provider/subdomains', { subdomain });

export const setAutoPopulateModels = (autoPopulateModels: boolean) =>
  api.post('/provider/settings/toggle_auto_populate_models', { autoPopulateModels });

export const regenerateApiKey = () => api.post('/provider/settings/regenerate_api_key');

export const requestWhitelabelDomain = (subdomain: string) =>
  api.post('/provider/settings/whitelabel-domain', { whitelabeledDomain: { subdomain } });

export const fetchUsers = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<ProviderUser>> => api.page('/provider/settings/users', { page, pageSize }, { signal });

export const fetchAccessLog = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<AccessLogEntry>> => api.page('/provider/settings/access_log', { page, pageSize }, { signal });

/** Every provider-side role reads it: the model picker and the banners say why no models are listed. */
export const fetchMatterportConnection = (signal?: AbortSignal) =>
  api.get('/provider/matterport_auth/connection', { signal });

/** Admins only: forgets the provider's tokens; the answer is the connection as it is now. */
export const disconnectMatterport = () => api.delete('/provider/matterport_auth/connection');

/** Admins only: Matterport's authorisation page for a new attempt (503 when the platform has not set it up). */
export const fetchMatterportAuthUrl = () => api.get('/api/integrations/matterport/auth_url');

/** Admins only: whether to ask a provider that used the platform's account to connect its own. */
export const fetchMatterportSwitchPrompt = (signal?: AbortSignal) =>
  api.get('/provider/matterport_auth/show_oauth_switch_prompt', { signal });

/** Admins only: "Not now" on the prompt; it is not shown again. */
export const dismissMatterportSwitchPrompt = () =>
  api.post('/provider/matterport_auth/mark_oauth_prompt_seen');
