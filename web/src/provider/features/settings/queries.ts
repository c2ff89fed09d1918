import { useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import {
  changeSubdomain,
  disconnectMatterport,
  dismissMatterportSwitchPrompt,
  fetchAccessLog,
  fetchAccountPermissions,
  fetchMatterportAuthUrl,
  fetchMatterportConnection,
  fetchMatterportSwitchPrompt,
  fetchMe,
  fetchReferralLink,
  fetchSettings,
  fetchUsers,
  regenerateApiKey,
  requestWhitelabelDomain,
  setAutoPopulateModels,
  updateProfile,
  type ProviderSettings,
} from './api';

export const settingsKeys = {
  all: [APP_KEY, 'settings'] as const,
  settings: () => [...settingsKeys.all, 'provider'] as const,
  permissions: () => [...settingsKeys.all, 'permissions'] as const,
  me: () => [...settingsKeys.all, 'me'] as const,
  allUsers: () => [...settingsKeys.all, 'users'] as const,
  users: (page: number, pageSize: number) => [...settingsKeys.allUsers(), page, pageSize] as const,
  accessLog: (page: number, pageSize: number) => [...settingsKeys.all, 'access-log', page, pageSize] as const,
  matterportConnection: () => [...settingsKeys.all, 'matterport-connection'] as const,
  matterportSwitchPrompt: () => [...settingsKeys.all, 'matterport-switch-prompt'] as const,
  referral: () => [...settingsKeys.all, 'referral'] as const,
};

/**
 * How long a read of the Matterport connection is used before it is asked again (when a page that shows it opens):
 * the banner asks once per page load, the settings page and the model picker after a minute. Connecting comes back
 * through a full page load; disconnecting puts the new state in the cache.
 */
const MATTERPORT_CONNECTION_STALE_MS = 60_000;

/** The provider's settings: the settings page, and the impersonation banner's provider name. */
export const useSettingsQuery = () =>
  useQuery({ queryKey: settingsKeys.settings(), queryFn: ({ signal }) => fetchSettings(signal) });

/** What the signed-in user may do in the provider's account; `enabled` false outside the provider side. */
export const useAccountPermissionsQuery = (enabled = true) =>
  useQuery({
    queryKey: settingsKeys.permissions(),
    queryFn: ({ signal }) => fetchAccountPermissions(signal),
    enabled,
  });

/** The signed-in person (GET /users/me): their names and phone number for the profile. */
export const useReferralLinkQuery = () =>
  useQuery({ queryKey: settingsKeys.referral(), queryFn: ({ signal }) => fetchReferralLink(signal) });

export const useMeQuery = () =>
  useQuery({ queryKey: settingsKeys.me(), queryFn: ({ signal }) => fetchMe(signal) });

export const useUsersQuery = (page: number, pageSize: number) =>
  useQuery({
    queryKey: settingsKeys.users(page, pageSize),
    queryFn: ({ signal }) => fetchUsers(page, pageSize, signal),
  });

export const useAccessLogQuery = (page: number, pageSize: number) =>
  useQuery({
    queryKey: settingsKeys.accessLog(page, pageSize),
    queryFn: ({ signal }) => fetchAccessLog(page, pageSize, signal),
  });

const settingsSaved = (client: QueryClient, settings: ProviderSettings) =>
  client.setQueryData(settingsKeys.settings(), settings);

export const useChangeSubdomainMutation = () =>
  useMutationAction(changeSubdomain, (settings, _, client) => settingsSaved(client, settings));

export const useSetAutoPopulateModelsMutation = () =>
  useMutationAction(setAutoPopulateModels, (settings, _, client) => settingsSaved(client, settings));

/** The new key is shown once; the settings ask again for its hint and dates. */
export const useRegenerateApiKeyMutation = () =>
  useMutationAction(regenerateApiKey, (_, __, client) =>
    client.invalidateQueries({ queryKey: settingsKeys.settings() }),
  );

export const useRequestWhitelabelDomainMutation = () =>
  useMutationAction(requestWhitelabelDomain, (whitelabelDomain, _, client) =>
    client.setQueryData<ProviderSettings>(settingsKeys.settings(), (settings) =>
      settings ? { ...settings, whitelabelDomain } : settings,
    ),
  );

/** The answer is the updated person; the users list shows their name. */
export const useUpdateProfileMutation = () =>
  useMutationAction(updateProfile, (me, _, client) => {
    client.setQueryData(settingsKeys.me(), me);
    return client.invalidateQueries({ queryKey: settingsKeys.allUsers() });
  });

/**
 * Where the provider's models come from (every provider-side role). `enabled` false outside the provider side and
 * until the session is known.
 */
export const useMatterportConnectionQuery = (enabled = true) =>
  useQuery({
    queryKey: settingsKeys.matterportConnection(),
    queryFn: ({ signal }) => fetchMatterportConnection(signal),
    staleTime: MATTERPORT_CONNECTION_STALE_MS,
    enabled,
  });

/**
 * Whether to ask the provider's admin to connect their own Matterport account: admins only (others get 403, so
 * `enabled` is false for them). Once per page load: it changes only through the prompt's own answers.
 */
export const useMatterportSwitchPromptQuery = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.matterportSwitchPrompt(),
    queryFn: ({ signal }) => fetchMatterportSwitchPrompt(signal),
    staleTime: Infinity,
    enabled,
  });

/** Matterport's authorisation page for a new attempt; the caller sends the browser there. */
export const useMatterportAuthUrlMutation = () => useMutationAction(fetchMatterportAuthUrl);

/** The models listed are the connected account's: none are left to show (no stale page while asking again). */
export const useDisconnectMatterportMutation = () =>
  useMutationAction(disconnectMatterport, (connection, _, client) => {
    client.setQueryData(settingsKeys.matterportConnection(), connection);
    client.removeQueries({ queryKey: propertyKeys.allMatterportSpaces() });
  });

export const useDismissMatterportSwitchPromptMutation = () =>
  useMutationAction(dismissMatterportSwitchPrompt, (answer, _, client) =>
    client.setQueryData(settingsKeys.matterportSwitchPrompt(), answer),
  );
