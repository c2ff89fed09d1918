import type { StaffRole } from '@tourly/contracts';
import { isProviderSide } from '../api/role';
import type { ConsoleArea } from '../console/areas';
import type { CurrentUser } from './api';
import { DEFAULT_PATH_AFTER_SIGN_IN } from './paths';

/** Each kind of platform staff works in its own back office (002 §2, §6). */
const STAFF_AREAS: Record<StaffRole, ConsoleArea> = {
  platform_admin: 'admin',
  virtual_assistant: 'virtual_assistant',
  external_supplier: 'external_supplier',
};

/** The client portal, where a client user works (issue 31): never the provider workspace. */
export const PORTAL_LANDING_PATH = '/portal';

/**
 * Where a person starts after signing in: platform staff in their back office, a client user in its client's
 * portal, everyone else on properties.
 */
export function landingPathOf(user: Pick<CurrentUser, 'staffRole'> & { role?: CurrentUser['role'] }): string {
  if (user.staffRole) return `/${STAFF_AREAS[user.staffRole]}`;
  return user.role === 'client_user' ? PORTAL_LANDING_PATH : DEFAULT_PATH_AFTER_SIGN_IN;
}

/**
 * The back office a signed-in person belongs in when the provider pages have nothing for them: platform staff
 * working in no provider's account (an administrator back from impersonating lands on the properties page, as
 * the spec says, and goes on to the console from there). Null for everyone the provider pages serve.
 */
export function staffAreaPathOf(user: Pick<CurrentUser, 'staffRole' | 'role' | 'providerId'>): string | null {
  if (!user.staffRole) return null;
  if (user.providerId !== null && isProviderSide(user.role)) return null;
  return landingPathOf(user);
}
