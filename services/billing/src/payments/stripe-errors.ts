import Stripe from 'stripe';
import { ApiError } from '@tourly/platform';

/**
 * How billing reads a failed call of the payments port: its adapter throws the `stripe` SDK's errors as they are,
 * and these are the only readers of them outside the adapter.
 */

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available right now. Nothing was charged; please try again in a few minutes.';

/** Stripe out of reach (connection, its own failure, its rate limit): trying again later may work. */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError;

/**
 * What a failed Stripe call means to the person who asked: a card problem in Stripe's own words (402), a
 * request Stripe refused because of what was sent (422), or Stripe out of reach (503). Anything else is ours
 * and stays a 500.
 */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return ApiError.base(402, error.message);
  if (isUnreachable(error)) return ApiError.unavailable(PAYMENTS_UNAVAILABLE);
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

/** Stripe refused the request with that error code (`resource_missing`, `payment_intent_unexpected_state`...). */
export const refusedWith = (error: unknown, code: string): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === code;

/** The object named does not exist (any more). */
export const isMissing = (error: unknown): boolean => refusedWith(error, 'resource_missing');

/** An invoice preview found nothing to invoice. */
export const isNothingToInvoice = (error: unknown): boolean => refusedWith(error, 'invoice_upcoming_none');

/** A webhook delivery whose signature does not check out (rather than a body that is no event). */
export const isSignatureInvalid = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeSignatureVerificationError;
