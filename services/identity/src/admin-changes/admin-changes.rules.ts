import { ADMIN_CHANGE_ACTIONS, type AdminChangeAction } from '@tourly/contracts';
import { isUuid } from '@tourly/platform';

/** The services whose administrators' changes identity keeps: its own, and those it hears about. */
export const ADMIN_CHANGE_SOURCES = ['identity', 'billing', 'properties', 'orders'] as const;
export type AdminChangeSource = (typeof ADMIN_CHANGE_SOURCES)[number];

/** The fields a change touched, as they were or as they are; null: there was none / there is none. */
export type ChangedFields = Record<string, unknown> | null;

/** A change an administrator made to a provider's records, as identity keeps it. */
export interface AdminChange {
  providerId: string;
  adminId: string;
  action: AdminChangeAction;
  /** `record.*`: the table of the row an impersonating administrator changed; null for the other actions. */
  record: string | null;
  before: ChangedFields;
  after: ChangedFields;
  changedAt: Date;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const isAction = (value: unknown): value is AdminChangeAction =>
  (ADMIN_CHANGE_ACTIONS as readonly unknown[]).includes(value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Another service's `admin_change.recorded.v1`, read defensively (it arrives over NATS, unchecked): the change, or
 * what is wrong with it. A change that cannot be kept as it is must not be kept half: the listener refuses it, so it
 * is retried and then parked where an operator sees it.
 */
export function heardAdminChange(data: unknown): { change: AdminChange } | { problem: string } {
  if (!isPlainObject(data)) return { problem: 'the event carries no change' };
  const { providerId, adminId, action, record, before, after, changedAt } = data;
  if (!isUuid(providerId)) return { problem: 'provider_id is not a provider id' };
  if (!isUuid(adminId)) return { problem: 'admin_id is not a user id' };
  if (!isAction(action)) return { problem: `action must be one of ${ADMIN_CHANGE_ACTIONS.join(', ')}` };
  const ofRecord = action.startsWith('record.');
  if (ofRecord && !(typeof record === 'string' && TABLE_NAME.test(record)))
    return { problem: `${action} needs the record's table` };
  if (!ofRecord && record !== undefined && record !== null) return { problem: `${action} names no record` };
  for (const [name, fields] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (fields !== null && !isPlainObject(fields)) return { problem: `${name} must be an object or null` };
  }
  const at = typeof changedAt === 'string' && ISO_TIME.test(changedAt) ? new Date(changedAt) : undefined;
  if (!at || Number.isNaN(at.getTime())) return { problem: 'changed_at is not an ISO 8601 time' };
  return {
    change: {
      providerId: providerId.toLowerCase(),
      adminId: adminId.toLowerCase(),
      action,
      record: ofRecord ? (record as string) : null,
      before: before as ChangedFields,
      after: after as ChangedFields,
      changedAt: at,
    },
  };
}

/** The service that published an admin change (`billing.admin_change.recorded.v1` -> billing). */
export function sourceOf(subject: string): AdminChangeSource | undefined {
  const service = subject.split('.')[0];
  return (ADMIN_CHANGE_SOURCES as readonly string[]).includes(service ?? '')
    ? (service as AdminChangeSource)
    : undefined;
}

/** A tag's change as the audit keeps it; undefined when it did not change (nothing to record). */
export function tagChange(
  before: string | null,
  after: string | null,
): { before: ChangedFields; after: ChangedFields } | undefined {
  if (before === after) return undefined;
  return {
    before: before === null ? null : { tag: before },
    after: after === null ? null : { tag: after },
  };
}

/**
 * A user's primary provider changed: which providers' trails it goes in, and what each shows. Both providers are
 * concerned: the new one (the user starts there now) and the old one while the user still belongs to it (the user
 * no longer starts there); a provider the user has left hears nothing of it. Each sees the user's email, its own
 * name, and "another provider" for the other one (a provider's trail never names another tenant); before: none when
 * the user had no primary provider. Nothing when nothing changed.
 */
export function primaryProviderChanges(change: {
  userEmail: string;
  before: { id: string; name: string; stillMember: boolean } | null;
  after: { id: string; name: string };
}): Array<{ providerId: string; before: ChangedFields; after: ChangedFields }> {
  const { userEmail, before, after } = change;
  if (before?.id === after.id) return [];
  const concerned = [after.id, ...(before?.stillMember ? [before.id] : [])];
  const seenBy = (providerId: string, provider: { id: string; name: string }) =>
    provider.id === providerId ? provider.name : ANOTHER_PROVIDER;
  return concerned.map((providerId) => ({
    providerId,
    before: before ? { user: userEmail, primaryProvider: seenBy(providerId, before) } : null,
    after: { user: userEmail, primaryProvider: seenBy(providerId, after) },
  }));
}

/** How one provider's trail names another tenant. */
export const ANOTHER_PROVIDER = 'another provider';
