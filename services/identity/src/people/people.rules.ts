import { STAFF_ROLES, type StaffRole } from '@tourly/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most user ids one question may ask about; the rest are not looked at. */
export const MAX_IDS = 1000;
/** The most user ids one question for names may ask about; more is refused. */
export const MAX_NAME_IDS = 200;

export const NOT_A_STAFF_ROLE = `must be one of ${STAFF_ROLES.join(', ')}`;
export const NOT_A_LIST_OF_IDS = 'must be a list of user ids';
export const TOO_MANY_IDS = `must be at most ${MAX_NAME_IDS} user ids`;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * A question from another service, read defensively (it arrives over NATS, unvalidated): the provider's id and at
 * most MAX_IDS user ids that are UUIDs, or null when there is nothing to look up.
 */
export function peopleQuestion(
  request:
    | {
        providerId?: unknown;
        userIds?: unknown;
      }
    | null
    | undefined,
): { providerId: string; userIds: string[] } | null {
  const providerId = request?.providerId;
  const ids: unknown = request?.userIds;
  const userIds = (Array.isArray(ids) ? ids : []).filter(isUuid).slice(0, MAX_IDS);
  if (!isUuid(providerId) || userIds.length === 0) return null;
  return { providerId, userIds };
}

/**
 * A question for people's profiles, read defensively: the provider's id, at most MAX_IDS user ids that are UUIDs,
 * and whether its admins, or its whole team, are wanted too; null when there is nothing to look up.
 */
export function profilesQuestion(
  request: { providerId?: unknown; userIds?: unknown; admins?: unknown; team?: unknown } | null | undefined,
): { providerId: string; userIds: string[]; admins: boolean; team: boolean } | null {
  const admins = request?.admins === true;
  const team = request?.team === true;
  const people = peopleQuestion(request);
  if (people) return { ...people, admins, team };
  const providerId = request?.providerId;
  return (admins || team) && isUuid(providerId) ? { providerId, userIds: [], admins, team } : null;
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  (STAFF_ROLES as readonly unknown[]).includes(value);

/**
 * What is wrong with a question for the staff of a role (field -> message); empty when nothing. It arrives over
 * NATS, unvalidated: anything, `null` included.
 */
export function staffMembersErrors(
  request: { staffRole?: unknown } | null | undefined,
): Record<string, string> {
  return isStaffRole(request?.staffRole) ? {} : { staffRole: NOT_A_STAFF_ROLE };
}

/**
 * What is wrong with a question for users' names (field -> message): not a list of ids, or more than MAX_NAME_IDS
 * of them; empty when nothing. Ids that are not UUIDs are no reason to refuse it (they are left out).
 */
export function userNamesErrors(request: { userIds?: unknown } | null | undefined): Record<string, string> {
  const ids: unknown = request?.userIds;
  if (!Array.isArray(ids)) return { userIds: NOT_A_LIST_OF_IDS };
  return ids.length > MAX_NAME_IDS ? { userIds: TOO_MANY_IDS } : {};
}

/** The ids of a question for names worth looking up: the UUIDs, once each. */
export function namesAsked(userIds: readonly unknown[]): string[] {
  return [...new Set(userIds.filter(isUuid).map((id) => id.toLowerCase()))];
}
