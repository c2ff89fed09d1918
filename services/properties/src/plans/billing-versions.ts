/**
 * Billing's word on a provider's plan or on a tour's extension carries a version its database hands out under the
 * row's lock (`billing.subscription.changed.v1`, `billing.immersive_extension.changed.v1`, and the answers to
 * subscribe and cancel): the order properties applies them in, never `occurred_at`, a billing process's clock. The
 * statements that record a word (provider_plans, properties) take it only if it is newer than the one recorded: a
 * word with a version only if its version is greater; one without is older than any with one, and among those the
 * old order by `occurred_at` decides.
 */

/** The version billing put in an event or an answer; null for one from a billing without versions. */
export function billingVersion(word: { version?: number }): number | null {
  return typeof word.version === 'number' && Number.isSafeInteger(word.version) ? word.version : null;
}
