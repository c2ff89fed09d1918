import type { MembershipRole } from '@tourly/contracts';
import { api, type Page } from '../../../api/client';

export interface ApiKeySummary {
  /** The key's start and last four characters: `tou_…abcd`. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** unset (offer "Activate"), pending ("In Progress"), active ("Active"), failed (with a reason). */
export type DomainStatus = 'unset' | 'pending' | 'active' | 'failed';

export interface WhitelabelDomain {
  subdomain: string | null;
  status: DomainStatus;
  failureReason: string | null;
  requestedAt: string | null;
}

/** GET /provider/settings: the current provider's. */
export interface ProviderSettings {
  id: string;
  name: string;
  logoUrl: string | null;
  subdomain: string | null;
  autoPopulateModels: boolean;
  apiKey: ApiKeySummary | null;
  whitelabelDomain: WhitelabelDomain;
}

/** GET /provider/permissions/account: what the caller's role may do. */
export interface AccountPermissions {
  role: MembershipRole;
  manageBilling: boolean;
  manageUsers: boolean;
  manageSettings: boolean;
  manageProperties: boolean;
  viewProperties: boolean;
}

export interface ProviderUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
  color: string;
}

/** A new API key, shown this once. */
export interface NewApiKey {
  apiKey: string;
  hint: string;
  createdAt: string;
}

export interface AccessLogEntry {
  kind: 'sign_in' | 'impersonation' | 'api_key' | 'oauth_token';
  at: string;
  user: { id: string; email: string };
  /** impersonation: the platform administrator who acted as `user`. */
  admin: { id: string; email: string } | null;
  /** impersonation: when it ended (null while it lasts); api_key: the last use in that hour. */
  endedAt: string | null;
  durationSeconds: number | null;
  /** api_key: the key's hint; oauth_token: the grant type. */
  detail: string | null;
}

export const fetchSettings = (signal?: AbortSignal) =>
  api.get<ProviderSettings>('/provider/settings', { signal });

export const fetchAccountPermissions = (signal?: AbortSignal) =>
  api.get<AccountPermissions>('/provider/permissions/account', { signal });

export const changeSubdomain = (subdomain: string) =>
  api.post<ProviderSettings>('/provider/subdomains', { subdomain });

export const setAutoPopulateModels = (autoPopulateModels: boolean) =>
  api.post<ProviderSettings>('/provider/settings/toggle_auto_populate_models', { autoPopulateModels });

export const regenerateApiKey = () => api.post<NewApiKey>('/provider/settings/regenerate_api_key');

export const requestWhitelabelDomain = (subdomain: string) =>
  api.post<WhitelabelDomain>('/provider/settings/whitelabel-domain', { whitelabeledDomain: { subdomain } });

export const fetchUsers = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<ProviderUser>> =>
  api.page<ProviderUser>('/provider/settings/users', { page, pageSize }, signal);

export const fetchAccessLog = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<AccessLogEntry>> =>
  api.page<AccessLogEntry>('/provider/settings/access_log', { page, pageSize }, signal);
