import { useState } from 'react';
import { ApiError } from '../../../../api/errors';
import { askUntil } from '../../../../shared/askUntil';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { MESSAGES } from '../../../../shared/strings';
import { fetchSubscription, payNow, setDefaultCard, type Subscription } from '../api';
import { usePayNowMutation } from '../queries';
import { PAYMENT_WINDOW_DAYS } from '../rules';
import { loadStripeJs } from '../stripe';
import { CardSection } from './CardSection';

interface PayNowSectionProps {
  subscription: Subscription;
  billingDetails: { name: string; email: string };
  /** After the payment (the subscription active again, unless Stripe has not told billing yet). */
  onPaid(): void;
}

/**
 * On the billing page while a renewal's payment failed (past_due, unpaid): the payment problem, and "Pay now",
 * which pays the open invoice with the card chosen (the default one unless another is picked). A card that asks
 * for 3-D Secure is confirmed with Stripe.js, as plan changes do; the card that paid becomes the default.
 */
export function PayNowSection({ subscription, billingDetails, onPaid }: PayNowSectionProps) {
  const [cardId, setCardId] = useState<string | null>(null);
  const pay = usePayNowMutation(async (paymentMethodId: string) => {
    const result = await payNow(paymentMethodId);
    if (result.result === 'success') return result.subscription;
    const stripe = await loadStripeJs().catch((error: unknown) => {
      console.error('Stripe.js is not available', error);
      return null;
    });
    if (!stripe) throw new Error(MESSAGES.stripeMissing);
    if (!result.clientSecret) throw new Error(MESSAGES.somethingWentWrong);
    const confirmed = await stripe.confirmCardPayment(result.clientSecret);
    if (confirmed.error) throw new Error(confirmed.error.message ?? MESSAGES.somethingWentWrong);
    // Paid: renewals charge this card from now on.
    await setDefaultCard(paymentMethodId);
    return (await waitUntilPaid()) ?? result.subscription;
  });

  async function submit() {
    if (!cardId) return;
    const outcome = await pay.run(cardId);
    if (outcome.ok) onPaid();
  }

  return (
    <section className="card pay-now" aria-labelledby="billing-pay-now">
      <h2 id="billing-pay-now">{MESSAGES.paymentProblem}</h2>
      <p>
        The last renewal of your {subscription.name} plan could not be charged.{' '}
        {subscription.status === 'past_due'
          ? `Please pay within ${PAYMENT_WINDOW_DAYS} days to keep your premium features.`
          : 'Your premium features are paused until it is paid.'}
      </p>
      <CardSection enabled selected={cardId} onSelect={setCardId} billingDetails={billingDetails} />
      <ErrorDisplay error={failureOf(pay.error)} />
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={pay.isPending || !cardId}
          onClick={submit}
        >
          {pay.isPending ? 'Paying…' : 'Pay now'}
        </button>
      </div>
    </section>
  );
}

/** The server's words (a declined card's, say); Stripe.js's own failures as they came; else the generic one. */
function failureOf(error: unknown): unknown {
  if (!error || error instanceof ApiError) return error;
  if (error instanceof Error) return error.message;
  return MESSAGES.somethingWentWrong;
}

/** After 3-D Secure, billing hears from Stripe by webhook: ask again (past the cache) until the plan is paid. */
const waitUntilPaid = () =>
  askUntil(
    () => fetchSubscription({ fresh: true }),
    (subscription) => subscription?.status === 'active' || subscription?.status === 'trialing',
  );
