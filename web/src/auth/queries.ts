import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../shared/queryClient';
import { checkResetLink, fetchCurrentUser } from './api';

export const authKeys = {
  currentUser: () => [APP_KEY, 'users', 'me'] as const,
  resetLink: (token: string) => [APP_KEY, 'users', 'password', 'link', token] as const,
};

/**
 * Whether the emailed reset link still works, asked as its page opens (nothing is asked without a token): a used
 * or expired link says so before anyone types a password.
 */
export const useResetLinkQuery = (token: string) =>
  useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: ({ signal }) => checkResetLink(token, signal),
    enabled: token !== '',
  });

/**
 * The signed-in user (GET /users/me), asked once per page load: every change of session ends in a full page load
 * (`useSessionChange`), so the answer holds for the page's life.
 */
export const useCurrentUserQuery = () =>
  useQuery({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Infinity,
  });

/**
 * Whether an administrator is viewing the provider's account (impersonating): what bears the provider's secrets is
 * theirs alone, so pages say so instead of offering it.
 */
export const useImpersonating = (): boolean => (useCurrentUserQuery().data?.impersonatorId ?? null) !== null;
