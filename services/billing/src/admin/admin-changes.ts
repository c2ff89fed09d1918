import type { AdminChangeAction } from '@tourly/contracts';
import { ApiError, changedFields, type CallerIdentity, type EventBus } from '@tourly/platform';
import type { EntityManager } from 'typeorm';

/** What an administrator changed of a provider's billing records (issue 18: the audit trail identity keeps). */
export interface AdminChange {
  providerId: string;
  adminId: string;
  action: AdminChangeAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The administrator behind an admin route: the caller itself (an impersonating admin never passes `@Staff`). */
export function adminOf(caller: CallerIdentity): string {
  if (!caller.userId) throw ApiError.unauthorized();
  return caller.userId;
}

/**
 * Publishes `billing.admin_change.recorded.v1` inside `tx`, the transaction of the change, so the trail has the
 * change if and only if it committed. Before and after are plain JSON in the API's words (camelCase here,
 * snake_case on the wire).
 */
export async function recordAdminChange(
  events: EventBus,
  tx: EntityManager,
  change: AdminChange,
): Promise<void> {
  await events.publish(
    'billing.admin_change.recorded.v1',
    { ...change, changedAt: new Date().toISOString() },
    tx,
  );
}

/**
 * Records the fields that differ between `before` and `after` (see `changedFields`); a change that changes nothing
 * records nothing. Answers whether it recorded.
 */
export async function recordChangedFields(
  events: EventBus,
  tx: EntityManager,
  change: Omit<AdminChange, 'before' | 'after'>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<boolean> {
  const changed = changedFields(before, after);
  if (!changed) return false;
  await recordAdminChange(events, tx, { ...change, ...changed });
  return true;
}
