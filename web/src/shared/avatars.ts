import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { APP_KEY } from './queryClient';
import { useMutationAction } from './useMutationAction';

/** People's uploaded pictures (properties' /profile/avatar): one's own, and the team list's. */
export const avatarKeys = {
  all: [APP_KEY, 'avatars'] as const,
  own: () => [...avatarKeys.all, 'own'] as const,
  of: (userIds: readonly string[]) => [...avatarKeys.all, 'of', ...userIds] as const,
};

/** The image types a picture may be (the server checks the bytes; this narrows the file picker). */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export const fetchOwnAvatar = (signal?: AbortSignal) => api.get('/profile/avatar', { signal });

/** The pictures of those of `userIds` who are the provider's people (the others are left out). */
export const fetchAvatars = (userIds: readonly string[], signal?: AbortSignal) =>
  api.get('/profile/avatars', { query: { userIds: userIds.join(',') }, signal });

/** Replaces one's picture; 422 on `avatar` when the file is not an image. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api.put('/profile/avatar', form);
}

export const removeAvatar = () => api.delete('/profile/avatar');

export const useOwnAvatarQuery = () =>
  useQuery({ queryKey: avatarKeys.own(), queryFn: ({ signal }) => fetchOwnAvatar(signal) });

/** userId -> picture URL for the people given (none asked for an empty list). */
export const useAvatarsQuery = (userIds: readonly string[]) =>
  useQuery({
    queryKey: avatarKeys.of(userIds),
    queryFn: async ({ signal }) =>
      new Map((await fetchAvatars(userIds, signal)).map((avatar) => [avatar.userId, avatar.avatarUrl])),
    enabled: userIds.length > 0,
  });

const refreshAvatars = (_: unknown, __: unknown, client: QueryClient) =>
  client.invalidateQueries({ queryKey: avatarKeys.all });

export const useUploadAvatarMutation = () => useMutationAction(uploadAvatar, refreshAvatars);
export const useRemoveAvatarMutation = () => useMutationAction(removeAvatar, refreshAvatars);
