import { isMembershipRole, PROVIDER_SIDE_ROLES, type MembershipRole } from '@tourly/contracts';
import { readMeta } from './meta';

export type Role = MembershipRole;

/** The signed-in user's role from `<meta name="current-role">`; null when absent or not a known role. */
export function readRole(): Role | null {
  const value = readMeta('current-role');
  return isMembershipRole(value) ? value : null;
}

/** Every recognised role except client_user counts as provider-side or staff. */
export function isProviderSide(role: Role | null): boolean {
  return role !== null && PROVIDER_SIDE_ROLES.includes(role);
}
