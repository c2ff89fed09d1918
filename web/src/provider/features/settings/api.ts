import { api, type Page } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** GET /provider/settings: the current provider's. */
export type ProviderSettings = Answer<'/provider/settings', 'get'>;
export type ApiKeySummary = NonNullable<ProviderSettings['apiKey']>;
export type WhitelabelDomain = ProviderSettings['whitelabelDomain'];
/** unset (offer "Activate"), pending ("In Progress"), active ("Active"), failed (with a reason). */
export type DomainStatus = WhitelabelDomain['status'];

/** GET /provider/permissions/account: what the caller's role may do. */
export type AccountPermissions = Answer<'/provider/permissions/account', 'get'>;
export type ProviderUser = Answer<'/provider/settings/users', 'get'>['items'][number];
/** A new API key, shown this once. */
export type NewApiKey = Answer<'/provider/settings/regenerate_api_key', 'post'>;
export type AccessLogEntry = Answer<'/provider/settings/access_log', 'get'>['items'][number];
/** GET /users/me: the signed-in person, with the names and phone number they keep. */
export type Me = Answer<'/users/me', 'get'>;
export interface ProfileChanges {
  firstName: string;
  lastName: string;
  /** Blank clears it. */
  phoneNumber: string;
}

export const fetchSettings = (signal?: AbortSignal) => api.get('/provider/settings', { signal });

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
