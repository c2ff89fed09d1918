import type { MembershipRole } from '@tourly/contracts';

const ROLES: Record<MembershipRole, string> = {
  admin: 'Admin',
  scan_technician: 'Scan technician',
  member: 'Member',
  client_user: 'Client user',
};

export function roleLabel(role: MembershipRole): string {
  return ROLES[role] ?? role;
}

/** An OAuth grant type as a person reads it: client_credentials -> client credentials. */
export function grantLabel(grant: string | null): string {
  return grant ? grant.replace(/_/g, ' ') : 'unknown';
}
