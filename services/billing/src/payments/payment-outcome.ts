import type Stripe from 'stripe';
import { MESSAGES } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import type { Payments } from './payments.port';
import { stripeCall } from './stripe-errors';

const clientSecretOf = (invoice: Stripe.Invoice | string | null) =>
  typeof invoice === 'object' ? (invoice?.confirmation_secret?.client_secret ?? null) : null;

/**
 * After a subscription's payment attempt (its latest invoice expanded with `confirmation_secret`): null when
 * paid (or nothing was due); the client secret when the card needs the person's confirmation (3-D Secure); a
 * 402 in the card issuer's words when it was declined, after `onDeclined` has undone what needs undoing.
 */
export async function paymentOutcome(
  payments: Payments,
  subscription: Stripe.Subscription,
  onDeclined?: () => Promise<void>,
): Promise<string | null> {
  if (
    !subscription.pending_update &&
    (subscription.status === 'active' || subscription.status === 'trialing')
  ) {
    return null;
  }
  const secret = clientSecretOf(subscription.latest_invoice);
  if (!secret) throw ApiError.base(502, MESSAGES.somethingWentWrong);
  const intent = await stripeCall(() => payments.paymentIntent(secret.split('_secret_')[0]!));
  if (intent.status === 'succeeded') return null;
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') return secret;
  await onDeclined?.();
  throw ApiError.base(402, intent.last_payment_error?.message ?? 'Your card was declined.');
}
