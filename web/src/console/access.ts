import type { Role } from '../api/role';

/** react-admin's actions: list, show, create, edit, delete, export, ... */
export interface AccessRequest {
  resource: string;
  action: string;
}

/**
 * resource -> action -> roles allowed, e.g. `vouchers: { list: ['admin'], edit: ['admin'] }`.
 * Whatever is not listed is denied. The services authorise every request again: this only decides what
 * the console offers.
 */
const RULES: Readonly<Record<string, Readonly<Record<string, readonly Role[]>>>> = {};

export function canAccess(role: Role | null, { resource, action }: AccessRequest): boolean {
  if (role === null) return false;
  return RULES[resource]?.[action]?.includes(role) ?? false;
}
