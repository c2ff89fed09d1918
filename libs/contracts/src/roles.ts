/** A user's role within a provider (spec 000 §3, 002 §6). Read by the web app from the page's role meta tag. */
export const MEMBERSHIP_ROLES = ['admin', 'scan_technician', 'member', 'client_user'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** Roles that count as provider-side or staff: every recognised membership role except client_user. */
export const PROVIDER_SIDE_ROLES: readonly MembershipRole[] = ['admin', 'scan_technician', 'member'];

/**
 * Roles that read and change nothing in their provider (issue 31: "a member reads"): on a role-restricted route
 * they may only read (GET, or an unsafe method the route declares a read with `@Reads()`).
 */
export const READ_ONLY_ROLES: readonly MembershipRole[] = ['member'];

/** Back-office roles, held by platform staff rather than through a provider membership. */
export const STAFF_ROLES = ['platform_admin', 'virtual_assistant', 'external_supplier'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isMembershipRole(value: unknown): value is MembershipRole {
  return typeof value === 'string' && (MEMBERSHIP_ROLES as readonly string[]).includes(value);
}
