/**
 * The audit trail of what administrators change on a provider's records (issue 18): each service that lets an
 * administrator change a provider's record publishes `<service>.admin_change.recorded.v1` in the transaction of the
 * change; identity keeps them all (its own changes it records directly), lists them on the provider's page in the
 * console, and shows them to the provider in its access log.
 *
 * What an administrator changes while impersonating the provider, through the provider's own routes, is recorded by
 * the database itself (libs/platform's impersonation audit): one `record.created`, `record.updated` or
 * `record.deleted` per row, naming its table in `record`, in every service, identity included.
 */
export const ADMIN_CHANGE_ACTIONS = [
  'billing_account.updated',
  'pricing.set',
  'service_plan_subscription.changed',
  'credits.adjusted',
  'credits.given',
  'floorplan_configuration.updated',
  'tag.changed',
  'primary_provider.changed',
  'record.created',
  'record.updated',
  'record.deleted',
] as const;
export type AdminChangeAction = (typeof ADMIN_CHANGE_ACTIONS)[number];

export interface AdminChangeRecordedV1 {
  providerId: string;
  /** The administrator who made the change (a platform admin's user id). */
  adminId: string;
  action: AdminChangeAction;
  /** `record.*` actions: the table of the row an impersonating administrator changed, e.g. `billing_accounts`. */
  record?: string;
  /**
   * The record's fields that the change touched, as they were and as they are (null: there was none before / there
   * is none after). Plain JSON values, the API's own words (no secrets, no internal ids a person cannot read).
   */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** When it was made, by the clock of the service that made it. */
  changedAt: string;
}

/** The changes only the platform's staff see: a provider's tag is the platform's note about it. */
export const STAFF_ONLY_ADMIN_CHANGES: readonly AdminChangeAction[] = ['tag.changed'];
