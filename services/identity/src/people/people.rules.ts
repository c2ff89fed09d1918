const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most user ids one question may ask about; the rest are not looked at. */
export const MAX_IDS = 1000;

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
 * and whether its admins are wanted too; null when there is nothing to look up.
 */
export function profilesQuestion(
  request: { providerId?: unknown; userIds?: unknown; admins?: unknown } | null | undefined,
): { providerId: string; userIds: string[]; admins: boolean } | null {
  const admins = request?.admins === true;
  const people = peopleQuestion(request);
  if (people) return { ...people, admins };
  const providerId = request?.providerId;
  return admins && isUuid(providerId) ? { providerId, userIds: [], admins } : null;
}
