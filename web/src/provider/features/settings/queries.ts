import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { fetchAccountPermissions } from './api';

export const settingsKeys = {
  all: [APP_KEY, 'settings'] as const,
  permissions: () => [...settingsKeys.all, 'permissions'] as const,
};

/** What the signed-in user may do in the provider's account; `enabled` false outside the provider side. */
export const useAccountPermissionsQuery = (enabled = true) =>
  useQuery({
    queryKey: settingsKeys.permissions(),
    queryFn: ({ signal }) => fetchAccountPermissions(signal),
    enabled,
  });
