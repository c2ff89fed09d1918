import { PROVIDER_SIDE_ROLES, STAFF_ROLES, type MembershipRole, type StaffRole } from '@tourly/contracts';
import { readMeta } from './meta';

export type Role = MembershipRole;
export type { StaffRole };

/** Every recognised role except client_user counts as provider-side or staff. */
export function isProviderSide(role: Role | null): boolean {
  return role !== null && PROVIDER_SIDE_ROLES.includes(role);
}

/** The back-office role of platform staff from `<meta name="staff-role">`; null for everyone else. */
export function readStaffRole(): StaffRole | null {
  const value = readMeta('staff-role');
  return (STAFF_ROLES as readonly string[]).includes(value ?? '') ? (value as StaffRole) : null;
}
