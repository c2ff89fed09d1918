/** The id of a Stripe reference, expanded or not. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe timestamp (seconds since the epoch) as a date; unset stays null. */
export const toDate = (seconds: number | null | undefined): Date | null =>
  seconds ? new Date(seconds * 1000) : null;
