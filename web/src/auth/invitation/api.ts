import { api } from '../../api/client';
import type { Answer } from '../../api/types';
import { PORTAL_LANDING_PATH } from '../landing';
import { DEFAULT_PATH_AFTER_SIGN_IN } from '../paths';

/** A client user lands in its client's portal, anyone else in the provider's workspace. */
const landingOf = (role: string | null) =>
  role === 'client_user' ? PORTAL_LANDING_PATH : DEFAULT_PATH_AFTER_SIGN_IN;

/** What an emailed invitation link invites to (POST /users/invitation/check, which spends nothing). */
export type InvitationLink = Answer<'/users/invitation/check', 'post'>;

export const checkInvitation = (invitationToken: string, signal?: AbortSignal) =>
  api.post('/users/invitation/check', { invitation: { invitationToken } }, { signal });

/**
 * The invited email's account accepts with its password (or none when it is the one signed in); resolves with where
 * to go (a full page load follows).
 */
export async function acceptInvitation(invitationToken: string, password: string): Promise<string> {
  // Signed in as the invited account, no password is sent (none is needed).
  const joined = await api.post('/users/invitation/accept', {
    invitation: { invitationToken, ...(password ? { password } : {}) },
  });
  return landingOf(joined.user.role);
}

/** A new account for the invited email, in the team at once; resolves with where to go. */
export async function signUpByInvitation(
  invitationToken: string,
  account: { firstName: string; lastName: string; password: string },
): Promise<string> {
  const joined = await api.post('/users/invitation/sign_up', { invitation: { invitationToken, ...account } });
  return landingOf(joined.user.role);
}
