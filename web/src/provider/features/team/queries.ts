import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  changeRole,
  fetchAvailableProviders,
  fetchInvitations,
  fetchMembers,
  invite,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from './api';

export const teamKeys = {
  all: [APP_KEY, 'team'] as const,
  allMembers: () => [...teamKeys.all, 'members'] as const,
  members: (page: number, pageSize: number) => [...teamKeys.allMembers(), page, pageSize] as const,
  allInvitations: () => [...teamKeys.all, 'invitations'] as const,
  invitations: (page: number, pageSize: number) => [...teamKeys.allInvitations(), page, pageSize] as const,
  providers: () => [...teamKeys.all, 'available-providers'] as const,
};

export const useMembersQuery = (page: number, pageSize: number) =>
  useQuery({
    queryKey: teamKeys.members(page, pageSize),
    queryFn: ({ signal }) => fetchMembers(page, pageSize, signal),
  });

/** The admins' list of invitations not yet accepted (pending or expired); `enabled` false for other roles. */
export const useInvitationsQuery = (page: number, pageSize: number, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.invitations(page, pageSize),
    queryFn: ({ signal }) => fetchInvitations(page, pageSize, signal),
    enabled,
  });

/** The providers the person belongs to, for the header's switcher (asked once per page load). */
export const useAvailableProvidersQuery = (enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.providers(),
    queryFn: ({ signal }) => fetchAvailableProviders(signal),
    enabled,
    staleTime: Infinity,
  });

export const useInviteMutation = () =>
  useMutationAction(invite, (_, __, client) =>
    client.invalidateQueries({ queryKey: teamKeys.allInvitations() }),
  );

export const useResendInvitationMutation = () =>
  useMutationAction(resendInvitation, (_, __, client) =>
    client.invalidateQueries({ queryKey: teamKeys.allInvitations() }),
  );

export const useRevokeInvitationMutation = () =>
  useMutationAction(revokeInvitation, (_, __, client) =>
    client.invalidateQueries({ queryKey: teamKeys.allInvitations() }),
  );

export const useChangeRoleMutation = () =>
  useMutationAction(changeRole, (_, __, client) =>
    client.invalidateQueries({ queryKey: teamKeys.allMembers() }),
  );

export const useRemoveMemberMutation = () =>
  useMutationAction(removeMember, (_, __, client) =>
    client.invalidateQueries({ queryKey: teamKeys.allMembers() }),
  );
