/**
 * Billing's word on a provider's plan or on a tour's extension carries a version its database hands out under the
 * row's lock (`billing.subscription.changed.v1`, `billing.immersive_extension.changed.v1`, and the answers to
 * subscribe and cancel): the order properties applies them in, never `occurred_at`, a billing process's clock.
 */

/** The version billing put in an event or an answer; null for one from a billing without versions. */
export function billingVersion(word: { version?: number }): number | null {
  return typeof word.version === 'number' && Number.isSafeInteger(word.version) ? word.version : null;
}

/**
 * SQL: whether billing's word at `version` (a parameter, null: without a version) is newer than what is recorded,
 * whose version is the column `recorded` (null: only words without a version recorded yet). A word with a version is
 * newer only if its version is greater; one without is older than any with one, and among those `unversionedOrder`
 * (the old order by `occurred_at`) decides.
 */
export function newerThanRecorded(recorded: string, version: string, unversionedOrder: string): string {
  return `CASE WHEN ${version}::bigint IS NOT NULL THEN coalesce(${recorded}, 0) < ${version}::bigint
               ELSE ${recorded} IS NULL AND ${unversionedOrder} END`;
}
