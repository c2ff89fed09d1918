import Stripe from 'stripe';
import { ApiError } from '@tourly/platform';

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available right now. Nothing was charged; please try again in a few minutes.';

/**
 * What a failed Stripe call means to the person who asked: a card problem in Stripe's own words (402), a
 * request Stripe refused because of what was sent (422), or Stripe out of reach (503). Anything else is ours
 * and stays a 500.
 */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return ApiError.base(402, error.message);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return ApiError.unavailable(PAYMENTS_UNAVAILABLE);
  }
  return error;
}

/** Runs a Stripe call, turning its failures into answers the caller understands. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asApiError(error);
  }
}

export const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
