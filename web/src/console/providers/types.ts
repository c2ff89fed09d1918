import type { MembershipRole } from '@tourly/contracts';

/** GET /admin/providers.json */
export interface ProviderRecord {
  id: string;
  name: string;
  subdomain: string | null;
  createdAt: string;
}

/** GET /admin/providers/{id}/users.json */
export interface ProviderUserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
}
