import Stripe from 'stripe';

/** Stripe out of reach: the rest of the run would fail the same way; the next run tries again. */
export const stripeUnreachable = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError;

/** Whether a refresh changed the copy: a reconciliation repair (compared as JSON, dates included). */
export const differs = (before: unknown, after: unknown): boolean =>
  JSON.stringify(before) !== JSON.stringify(after);
