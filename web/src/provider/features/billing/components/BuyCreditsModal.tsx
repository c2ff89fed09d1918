import { useId, useState } from 'react';
import { CREDIT_BUNDLES, MAX_CREDITS_PER_PURCHASE, type CreditBundleSize } from '@tourly/contracts';
import { ApiError } from '../../../../api/errors';
import { WAIT_FOR_STRIPE_MS } from '../../../../shared/askUntil';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import { MESSAGES } from '../../../../shared/strings';
import { TextField } from '../../../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import {
  completeCreditsPurchase,
  startCreditsPurchase,
  type CreditsPurchaseSuccess,
  type RedeemableOffer,
} from '../api';
import {
  useBillingAccountQuery,
  useBuyCreditsMutation,
  useCreditsPriceQuery,
  useRedeemableOffersQuery,
} from '../queries';
import { bundleCredits, bundleName, creditsLabel, creditsQtyOf, offerLabel } from '../rules';
import { loadStripeJs } from '../stripe';
import '../billing.css';
import { BillingInformation, isComplete } from './BillingInformation';
import { CardSection } from './CardSection';
import { PriceSummary } from './CreditsPriceSummary';
import './credits.css';

export type CreditsChoice = CreditBundleSize | 'pay_as_you_go';

const DEFAULT_QUANTITY = 25;
const NOT_CONFIRMED = 'The payment was not confirmed. Nothing more was charged; please try again.';

interface BuyCreditsModalProps {
  onClose(): void;
  /** What is chosen when it opens: a bundle (the medium one unless said), or pay-as-you-go with `quantity`. */
  choice?: CreditsChoice;
  /** The pay-as-you-go quantity it opens with (25 unless said). */
  quantity?: number;
}

/**
 * The credit purchase modal (000 §2): the three bundles with their savings (`CREDIT_BUNDLES`) or pay-as-you-go
 * with any quantity, its price as billing works it out (GET calculate_credits_price, asked again once the typing
 * stops: the bundle's saving, a waiting voucher's discount), the offers for buying credits running now, the billing
 * information while incomplete, the card (as the plan modal chooses it), and Pay. Paying
 * confirms a payment intent with the card, runs Stripe's 3-D Secure when the card asks for it, then tells billing
 * (purchase_credits_success), which grants the credits once. Lazily loaded with Stripe Elements.
 */
export default function BuyCreditsModal({
  onClose,
  choice: initialChoice = 'medium',
  quantity = DEFAULT_QUANTITY,
}: BuyCreditsModalProps) {
  const accountQuery = useBillingAccountQuery();
  const offers = useRedeemableOffersQuery('credits_purchased').data ?? [];
  const [choice, setChoice] = useState<CreditsChoice>(initialChoice);
  const [quantityText, setQuantityText] = useState(String(quantity));
  // The offers running when the person paid: what the purchase earns besides its credits.
  const [earned, setEarned] = useState<RedeemableOffer[]>([]);
  const [cardId, setCardId] = useState<string | null>(null);
  const [billingMessages, setBillingMessages] = useState<string[]>([]);
  const [bought, setBought] = useState<CreditsPurchaseSuccess | null>(null);
  const typed = useDebouncedValue(creditsQtyOf(quantityText), SEARCH_DEBOUNCE_MS);
  const creditsQty = choice === 'pay_as_you_go' ? typed : bundleCredits(choice);
  const price = useCreditsPriceQuery(creditsQty);
  const buy = useBuyCreditsMutation(buyCredits);
  const optionsId = useId();
  const summaryId = useId();

  const account = accountQuery.data;
  if (bought) {
    return (
      <Modal title="Credits added" onClose={onClose}>
        <Bought bought={bought} offers={earned} onClose={onClose} />
      </Modal>
    );
  }
  if (!account) {
    return (
      <Modal title="Buy credits" onClose={onClose}>
        {accountQuery.error ? (
          <ErrorDisplay error={accountQuery.error} />
        ) : (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
      </Modal>
    );
  }

  const complete = isComplete(account);
  const quantityInvalid = choice === 'pay_as_you_go' && creditsQtyOf(quantityText) === null;
  // The price shown is the one for the quantity chosen now, not one still on its way.
  const shownPrice = price.data && price.data.creditsQty === creditsQty ? price.data : null;
  const blocked = !complete
    ? 'Save your billing information to pay.'
    : !cardId
      ? 'Add a card to pay with.'
      : null;

  async function pay() {
    if (!cardId || !creditsQty) return;
    buy.reset();
    setEarned(offers);
    const outcome = await buy.run(creditsQty, cardId);
    if (outcome.ok) setBought(outcome.value);
  }

  return (
    <Modal
      title="Buy credits"
      size="large"
      closeDisabled={buy.isPending}
      onClose={onClose}
      // Pay stays in sight under the form, on a phone too.
      footer={
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            disabled={buy.isPending || blocked !== null || !shownPrice || quantityInvalid}
            onClick={pay}
          >
            {buy.isPending
              ? 'Paying…'
              : shownPrice
                ? `Pay ${formatMoney(shownPrice.totalInCents, shownPrice.currency)}`
                : 'Pay'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={buy.isPending}
            onClick={onClose}
          >
            Cancel
          </button>
        </div>
      }
    >
      <div className="confirmation">
        <div className="confirmation-main">
          <fieldset className="field credit-options" aria-labelledby={optionsId}>
            <legend id={optionsId} className="field-label">
              How many credits
            </legend>
            {CREDIT_BUNDLES.map((bundle) => (
              <label
                key={bundle.size}
                className={`credit-option${choice === bundle.size ? ' credit-option-selected' : ''}`}
              >
                <input
                  type="radio"
                  name={`${optionsId}-choice`}
                  checked={choice === bundle.size}
                  disabled={buy.isPending}
                  onChange={() => setChoice(bundle.size)}
                />
                <span className="credit-option-text">
                  <strong>{bundleName(bundle.size)}</strong>
                  <span>{creditsLabel(bundle.credits)}</span>
                </span>
                <span className="badge badge-success">Save {bundle.savingPercent}%</span>
              </label>
            ))}
            <label className={`credit-option${choice === 'pay_as_you_go' ? ' credit-option-selected' : ''}`}>
              <input
                type="radio"
                name={`${optionsId}-choice`}
                checked={choice === 'pay_as_you_go'}
                disabled={buy.isPending}
                onChange={() => setChoice('pay_as_you_go')}
              />
              <span className="credit-option-text">
                <strong>Pay as you go</strong>
                <span>Any number of credits; from {CREDIT_BUNDLES[0]!.credits} you save too.</span>
              </span>
            </label>
          </fieldset>
          {choice === 'pay_as_you_go' && (
            <TextField
              label="Number of credits"
              inputMode="numeric"
              value={quantityText}
              disabled={buy.isPending}
              hint={`From 1 to ${MAX_CREDITS_PER_PURCHASE.toLocaleString('en')}.`}
              messages={
                quantityInvalid
                  ? [
                      `Enter a whole number of credits from 1 to ${MAX_CREDITS_PER_PURCHASE.toLocaleString('en')}.`,
                    ]
                  : undefined
              }
              onChange={(event) => setQuantityText(event.target.value)}
            />
          )}
          {!complete && <BillingInformation account={account} collapsible onMessages={setBillingMessages} />}
          <CardSection
            enabled={complete}
            selected={cardId}
            onSelect={(paymentMethodId) => {
              // Another card: the last card's refusal no longer applies.
              if (paymentMethodId !== cardId) buy.reset();
              setCardId(paymentMethodId);
            }}
            billingDetails={{ name: account.name, email: account.email }}
          />
        </div>
        <aside className="confirmation-side" aria-labelledby={summaryId}>
          <h3 id={summaryId}>Price</h3>
          {offers.map((offer) => (
            <p key={offer.id} className="credit-offer-note">
              {offerLabel(offer)}
            </p>
          ))}
          <PriceSummary
            price={quantityInvalid ? null : shownPrice}
            error={quantityInvalid ? null : price.error}
            isLoading={!quantityInvalid && !shownPrice}
          />
          <ErrorDisplay error={billingMessages.length > 0 ? billingMessages : failureOf(buy.error)} />
          {blocked && <p className="muted">{blocked}</p>}
        </aside>
      </div>
    </Modal>
  );
}

function Bought({
  bought,
  offers,
  onClose,
}: {
  bought: CreditsPurchaseSuccess;
  offers: RedeemableOffer[];
  onClose(): void;
}) {
  return (
    <div>
      <div className="alert alert-success" role="status">
        {bought.result === 'success' ? (
          <p>
            {creditsLabel(bought.creditsQty)} added. You have {creditsLabel(bought.balance.availableBalance)}{' '}
            available.
          </p>
        ) : (
          <p>Your payment went through. Your {creditsLabel(bought.creditsQty)} show in a moment.</p>
        )}
        {offers.map((offer) => (
          <p key={offer.id}>
            With the offer {offer.name} you also receive {creditsLabel(offer.credits)}.
          </p>
        ))}
      </div>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * The purchase: a payment intent confirmed with the saved card; 3-D Secure through Stripe.js when the card asks
 * for it (or the card confirmed on the page when billing could not); then billing is told, and grants the credits
 * once Stripe says the payment succeeded.
 */
async function buyCredits(creditsQty: number, paymentMethodId: string): Promise<CreditsPurchaseSuccess> {
  const intent = await startCreditsPurchase(creditsQty, paymentMethodId);
  if (intent.result !== 'success')
    await confirmWithStripe(intent.clientSecret, paymentMethodId, intent.result);
  return waitUntilGranted(intent.id, paymentMethodId);
}

async function confirmWithStripe(
  clientSecret: string,
  paymentMethodId: string,
  result: 'requires_action' | 'requires_payment_method' | 'success',
): Promise<void> {
  const stripe = await loadStripeJs().catch((error: unknown) => {
    console.error('Stripe.js is not available', error);
    return null;
  });
  if (!stripe) throw new Error(MESSAGES.stripeMissing);
  const confirmed = await stripe.confirmCardPayment(
    clientSecret,
    result === 'requires_payment_method' ? { payment_method: paymentMethodId } : undefined,
  );
  if (confirmed.error) {
    console.error('The card payment was not confirmed', confirmed.error);
    throw new Error(confirmed.error.message ?? MESSAGES.somethingWentWrong);
  }
}

/**
 * Tells billing the payment is made. A card still asking for authentication is confirmed once more; a payment
 * Stripe is still processing is asked about again for a while (the webhook grants it meanwhile, if it comes first).
 */
async function waitUntilGranted(
  paymentIntentId: string,
  paymentMethodId: string,
): Promise<CreditsPurchaseSuccess> {
  const deadline = Date.now() + WAIT_FOR_STRIPE_MS;
  let confirmedAgain = false;
  for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
    const answer = await completeCreditsPurchase(paymentIntentId);
    if (answer.result === 'success') return answer;
    if (answer.result === 'requires_action') {
      if (confirmedAgain || !answer.clientSecret) throw new Error(NOT_CONFIRMED);
      confirmedAgain = true;
      await confirmWithStripe(answer.clientSecret, paymentMethodId, 'requires_action');
      continue;
    }
    if (Date.now() >= deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** The server's words (a declined card's, say); Stripe.js's own failures as they came; else the generic one. */
function failureOf(error: unknown): unknown {
  if (!error || error instanceof ApiError) return error;
  if (error instanceof Error) return error.message;
  return MESSAGES.somethingWentWrong;
}
