import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../shared/queryClient';
import { fetchCurrentUser } from './api';

export const authKeys = {
  currentUser: () => [APP_KEY, 'users', 'me'] as const,
};

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
