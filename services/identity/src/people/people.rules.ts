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
