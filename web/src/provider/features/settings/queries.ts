import { useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  changeSubdomain,
  fetchAccessLog,
  fetchAccountPermissions,
  fetchMe,
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
};

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
