import type { MembershipRole } from '@tourly/contracts';
import type { TeamRole } from './team.dto';

/** A role as the emails and messages say it. */
export const ROLE_WORDS: Record<MembershipRole, string> = {
  admin: 'an admin',
  scan_technician: 'a scan technician',
  member: 'a member',
  client_user: 'a client with portal access',
};

/** What became of an invitation, as its link is opened. */
export type LinkState = 'open' | 'accepted' | 'revoked' | 'expired';

export function linkState(invitation: {
  acceptedAt: Date | null;
  revokedAt: Date | null;
  expired: boolean;
}): LinkState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expired) return 'expired';
  return 'open';
}

export const INVITATION_LINK_INVALID =
  'This invitation link is not valid. Check that you opened the whole link from the email, or ask the admin who invited you to send a new invitation.';

/** Why a link no longer works, and what to do next (410). */
export function linkRefusal(state: Exclude<LinkState, 'open'>, provider: string, expiresAt: Date): string {
  switch (state) {
    case 'accepted':
      return `This invitation has already been used. Sign in to work in ${provider}, or ask an admin of ${provider} to send you a new invitation.`;
    case 'revoked':
      return `This invitation was withdrawn by an admin of ${provider}. Ask them to send you a new invitation if you still need access.`;
    case 'expired':
      return `This invitation expired on ${expiresAt.toISOString().slice(0, 10)}. Ask an admin of ${provider} to send you a new invitation.`;
  }
}

/** The refusal of a change that would leave the provider without an admin (422). */
export const lastAdminRefusal = (provider: string) =>
  `${provider} needs at least one admin. Make someone else an admin first.`;

/**
 * Whether a change leaves the provider with an admin: `admins` the admins now, `userId` the one changed, `role` what
 * they become (null: removed).
 */
export function leavesAnAdmin(admins: readonly string[], userId: string, role: TeamRole | null): boolean {
  if (role === 'admin') return true;
  return admins.some((admin) => admin !== userId);
}
