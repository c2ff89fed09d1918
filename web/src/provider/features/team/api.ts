import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

const TEAM = '/provider/settings/team';

export type TeamMember = Answer<'/provider/settings/team/members', 'get'>['items'][number];
export type Invitation = Answer<'/provider/settings/team/invitations', 'get'>['items'][number];
export type TeamRole = TeamMember['role'];
export type AvailableProvider = Answer<'/provider/access/available_providers.json', 'get'>['items'][number];

export const fetchMembers = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.page(`${TEAM}/members`, { page, pageSize }, { signal });

export const fetchInvitations = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.page(`${TEAM}/invitations`, { page, pageSize }, { signal });

/** Emails the invitation; 422 on `invitation.email` for someone already in the team or already invited. */
export const invite = (email: string, role: TeamRole) =>
  api.post(`${TEAM}/invitations`, { invitation: { email, role } });

/** A new link (the old one stops working) for 7 more days. */
export const resendInvitation = (id: string) =>
  api.post(`${TEAM}/invitations/{id}/resend`, undefined, { params: { id } });

export const revokeInvitation = (id: string) => api.delete(`${TEAM}/invitations/{id}`, { params: { id } });

/** 422 when it would leave the provider without an admin. */
export const changeRole = (userId: string, role: TeamRole) =>
  api.patch(`${TEAM}/members/{user_id}`, { member: { role } }, { params: { user_id: userId } });

export const removeMember = (userId: string) =>
  api.delete(`${TEAM}/members/{user_id}`, { params: { user_id: userId } });

/** The providers the signed-in person belongs to (the header's switcher). */
export const fetchAvailableProviders = (signal?: AbortSignal) =>
  api.page('/provider/access/available_providers.json', { page: 1, pageSize: 100 }, { signal });

/** Moves the session to another provider; resolves with where to go (a full page load follows). */
export async function switchProvider(providerId: string): Promise<string> {
  await api.post('/provider/access/change_current_provider.json', { providerId });
  return '/provider/properties';
}
