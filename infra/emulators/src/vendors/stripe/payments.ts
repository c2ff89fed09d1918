import type Stripe from 'stripe';
import { cardOfNumber, cardOfToken, type TestCard } from './cards';
import { invalidRequest, noSuch, StripeApiError, unexpectedState } from './errors';
import { snapshot, type EventLog } from './events';
import { newId } from './ids';
import { newPaymentIntent, newPaymentMethod, newSetupIntent } from './objects';
import { mergeMetadata, type Params } from './params';
import type { StripeStore } from './store';

/** How a payment is attempted: with the customer present, or later without them (renewals, `off_session`). */
export type PaymentMode = 'on_session' | 'off_session' | 'invoice_off_session';

export type Outcome =
  { kind: 'succeeded' } | { kind: 'requires_action' } | { kind: 'declined'; error: CardFailure };

export interface CardFailure {
  code: string;
  decline_code: string;
  message: string;
}

const GENERIC_DECLINE: CardFailure = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT_FUNDS: CardFailure = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const AUTHENTICATION_REQUIRED: CardFailure = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** What a payment attempt with that card does, without doing it. */
export function paymentOutcome(
  card: TestCard,
  setUp: boolean,
  mode: PaymentMode,
  authenticated: boolean,
): Outcome {
  switch (card.behavior) {
    case 'succeeds':
      return { kind: 'succeeded' };
    case 'charge_fails':
    case 'declined':
      return { kind: 'declined', error: GENERIC_DECLINE };
    case 'insufficient_funds':
      return { kind: 'declined', error: INSUFFICIENT_FUNDS };
    case 'always_authenticate':
    case 'authenticate_unless_set_up':
      if (authenticated) return { kind: 'succeeded' };
      if (card.behavior === 'authenticate_unless_set_up' && setUp && mode !== 'on_session')
        return { kind: 'succeeded' };
      if (mode === 'off_session') return { kind: 'declined', error: AUTHENTICATION_REQUIRED };
      return { kind: 'requires_action' };
  }
}

function setupOutcome(card: TestCard, authenticated: boolean): Outcome {
  switch (card.behavior) {
    case 'declined':
      return { kind: 'declined', error: GENERIC_DECLINE };
    case 'insufficient_funds':
      return { kind: 'declined', error: INSUFFICIENT_FUNDS };
    case 'always_authenticate':
    case 'authenticate_unless_set_up':
      return authenticated ? { kind: 'succeeded' } : { kind: 'requires_action' };
    default:
      return { kind: 'succeeded' };
  }
}

export function cardError(failure: CardFailure, extra: Record<string, unknown> = {}): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: failure.code,
    decline_code: failure.decline_code,
    message: failure.message,
    doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, '-')}`,
    ...extra,
  });
}

const CANCELABLE_PAYMENT = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

/**
 * PaymentMethods, PaymentIntents and SetupIntents with Stripe's test-card behaviours. Billing plugs in through
 * the two hooks: an invoice's PaymentIntent changing, a SetupIntent succeeding.
 */
export class Payments {
  onInvoiceIntentChanged: (intent: Stripe.PaymentIntent) => void = () => undefined;
  onSetupIntentSucceeded: (intent: Stripe.SetupIntent) => void = () => undefined;

  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
  ) {}

  // ---- PaymentMethods ----

  paymentMethod(id: string, param = 'id'): Stripe.PaymentMethod {
    return this.store.get(this.store.paymentMethods, id, 'PaymentMethod', param);
  }

  /** An existing `pm_…`, or a fresh PaymentMethod made from a test token (`pm_card_visa`, `tok_visa`). */
  resolve(reference: string, param: string, created: number): Stripe.PaymentMethod {
    const existing = this.store.paymentMethods.get(reference);
    if (existing) return existing;
    const card = cardOfToken(reference);
    if (!card) throw noSuch('PaymentMethod', reference, param);
    return this.createForCard(card, created);
  }

  createForCard(
    card: TestCard,
    created: number,
    billingDetails?: Partial<Stripe.PaymentMethod.BillingDetails>,
  ): Stripe.PaymentMethod {
    const method = this.store.put(this.store.paymentMethods, newPaymentMethod(card, created, billingDetails));
    this.store.paymentMethodMeta.set(method.id, { card, setUp: false });
    return method;
  }

  /** `POST /v1/payment_methods`: `card[token]`, or `card[number]` as the Stripe.js stand-in sends it. */
  createFromParams(params: Params, created: number): Stripe.PaymentMethod {
    const type = params.str('type') ?? 'card';
    if (type !== 'card')
      throw invalidRequest(`The payment method type "${type}" is not emulated; use card.`, 'type');
    const cardParams = params.obj('card');
    if (!cardParams) throw invalidRequest('Missing required param: card.', 'card', 'parameter_missing');
    const token = cardParams.str('token');
    let card: TestCard;
    let expiry: { exp_month: number; exp_year: number } | undefined;
    if (token) {
      const found = cardOfToken(token);
      if (!found) throw noSuch('token', token, 'card[token]');
      card = found;
    } else {
      const checked = cardOfNumber(cardParams.reqStr('number'));
      if ('error' in checked) {
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
          param: 'card[number]',
        });
      }
      card = checked.card;
      expiry = this.checkExpiry(cardParams);
    }
    const billing = params.obj('billing_details');
    const address = billing?.obj('address');
    const method = this.createForCard(card, created, {
      name: billing?.str('name') ?? null,
      email: billing?.str('email') ?? null,
      phone: billing?.str('phone') ?? null,
      ...(address
        ? {
            address: {
              city: address.str('city') ?? null,
              country: address.str('country') ?? null,
              line1: address.str('line1') ?? null,
              line2: address.str('line2') ?? null,
              postal_code: address.str('postal_code') ?? null,
              state: address.str('state') ?? null,
            },
          }
        : {}),
    });
    if (expiry && method.card) Object.assign(method.card, expiry);
    method.metadata = mergeMetadata({}, params.metadata());
    return method;
  }

  private checkExpiry(cardParams: Params): { exp_month: number; exp_year: number } | undefined {
    const month = cardParams.int('exp_month');
    const rawYear = cardParams.int('exp_year');
    if (month === undefined || rawYear === undefined) return undefined;
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const now = new Date();
    if (month < 1 || month > 12) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'card[exp_month]',
      });
    }
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'card[exp_year]',
      });
    }
    return { exp_month: month, exp_year: year };
  }

  cardOf(paymentMethodId: string): { card: TestCard; setUp: boolean } {
    const meta = this.store.paymentMethodMeta.get(paymentMethodId);
    if (!meta) throw noSuch('PaymentMethod', paymentMethodId);
    return meta;
  }

  /** Attaching runs Stripe's card check: declined cards are refused with a card error. */
  attach(method: Stripe.PaymentMethod, customerId: string): Stripe.PaymentMethod {
    this.store.customer(customerId);
    if (method.customer === customerId) return method;
    if (method.customer) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const outcome = setupOutcome(this.cardOf(method.id).card, true);
    if (outcome.kind === 'declined') throw cardError(outcome.error, { param: '' });
    method.customer = customerId;
    this.events.emit('payment_method.attached', method);
    return method;
  }

  detach(method: Stripe.PaymentMethod): Stripe.PaymentMethod {
    const customerId = method.customer;
    if (!customerId || typeof customerId !== 'string') {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    method.customer = null;
    const customer = this.store.customers.get(customerId);
    if (customer && customer.invoice_settings.default_payment_method === method.id) {
      const before = snapshot(customer);
      customer.invoice_settings.default_payment_method = null;
      this.events.emitUpdated('customer.updated', customer, before);
    }
    this.events.emit('payment_method.detached', method, { customer: customerId });
    return method;
  }

  // ---- PaymentIntents ----

  paymentIntent(id: string, param = 'id'): Stripe.PaymentIntent {
    return this.store.get(this.store.paymentIntents, id, 'payment_intent', param);
  }

  createPaymentIntent(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: Stripe.PaymentMethod | null;
    setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
    metadata: Record<string, string>;
    description: string | null;
    created: number;
    invoice?: string;
    offSession?: boolean;
  }): Stripe.PaymentIntent {
    if (fields.customer) this.store.customer(fields.customer);
    const intent = this.store.put(
      this.store.paymentIntents,
      newPaymentIntent({
        amount: fields.amount,
        currency: fields.currency,
        customer: fields.customer,
        payment_method: fields.paymentMethod?.id ?? null,
        setup_future_usage: fields.setupFutureUsage,
        metadata: fields.metadata,
        description: fields.description,
        created: fields.created,
      }),
    );
    this.store.intentMeta.set(intent.id, {
      invoice: fields.invoice ?? null,
      offSession: fields.offSession ?? false,
    });
    this.events.emit('payment_intent.created', intent);
    return intent;
  }

  /**
   * Confirms from the API or Stripe.js: a declined card answers 402 with the intent in the error, as Stripe
   * does; 3-D Secure leaves it `requires_action`.
   */
  confirmPaymentIntent(
    intent: Stripe.PaymentIntent,
    paymentMethod: Stripe.PaymentMethod | null,
    offSession: boolean,
  ): Stripe.PaymentIntent {
    if (intent.status === 'succeeded') {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    }
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    const method =
      paymentMethod ?? (intent.payment_method ? this.paymentMethod(intent.payment_method as string) : null);
    if (!method) {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with " +
          `${intent.customer ?? 'a customer'}, specify a payment method attached to this customer along with the customer ID.`,
      );
    }
    if (method.customer && intent.customer && method.customer !== intent.customer) {
      throw invalidRequest('The provided PaymentMethod belongs to a different Customer.', 'payment_method');
    }
    const meta = this.store.intentMeta.get(intent.id);
    if (meta) meta.offSession = offSession;
    const mode: PaymentMode = offSession
      ? meta?.invoice
        ? 'invoice_off_session'
        : 'off_session'
      : 'on_session';
    const outcome = this.attempt(intent, method, mode, false);
    if (outcome.kind === 'declined') {
      throw cardError(outcome.error, {
        payment_intent: structuredClone(intent),
        payment_method: structuredClone(method),
        charge: intent.latest_charge,
      });
    }
    return intent;
  }

  /** One payment attempt; updates the intent and emits its events. Billing calls it for invoices. */
  attempt(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    mode: PaymentMode,
    authenticated: boolean,
  ): Outcome {
    const { card, setUp } = this.cardOf(method.id);
    const outcome = paymentOutcome(card, setUp, mode, authenticated);
    intent.payment_method = method.id;
    intent.next_action = null;
    if (outcome.kind === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = newId('ch');
      intent.last_payment_error = null;
      if (intent.setup_future_usage && typeof intent.customer === 'string') {
        if (!method.customer) {
          method.customer = intent.customer;
          this.events.emit('payment_method.attached', method);
        }
        this.store.paymentMethodMeta.get(method.id)!.setUp = true;
      }
      this.events.emit('payment_intent.succeeded', intent);
    } else if (outcome.kind === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = nextAction();
      this.events.emit('payment_intent.requires_action', intent);
    } else {
      intent.status = 'requires_payment_method';
      intent.latest_charge = newId('ch');
      intent.last_payment_error = {
        type: 'card_error',
        code: outcome.error.code as Stripe.PaymentIntent.LastPaymentError.Code,
        decline_code: outcome.error.decline_code,
        message: outcome.error.message,
        charge: intent.latest_charge,
        doc_url: `https://stripe.com/docs/error-codes/${outcome.error.code.replace(/_/g, '-')}`,
        payment_method: structuredClone(method),
      };
      intent.payment_method = null;
      this.events.emit('payment_intent.payment_failed', intent);
    }
    this.notifyInvoice(intent);
    return outcome;
  }

  /** The emulator's 3-D Secure page: `complete` finishes the payment, `fail` fails it. */
  authenticatePaymentIntent(intent: Stripe.PaymentIntent, result: 'complete' | 'fail'): Stripe.PaymentIntent {
    if (intent.status !== 'requires_action' || !intent.payment_method) {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        `This PaymentIntent has no pending authentication (status ${intent.status}).`,
      );
    }
    const method = this.paymentMethod(intent.payment_method as string);
    if (result === 'complete') {
      const meta = this.store.intentMeta.get(intent.id);
      this.attempt(intent, method, meta?.offSession ? 'invoice_off_session' : 'on_session', true);
      return intent;
    }
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new ' +
        'PaymentMethod to attempt to fulfill this PaymentIntent again.',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      payment_method: structuredClone(method),
    };
    this.events.emit('payment_intent.payment_failed', intent);
    this.notifyInvoice(intent);
    return intent;
  }

  cancelPaymentIntent(
    intent: Stripe.PaymentIntent,
    reason: Stripe.PaymentIntent.CancellationReason,
    byInvoice = false,
  ): Stripe.PaymentIntent {
    if (!byInvoice && this.store.intentMeta.get(intent.id)?.invoice) {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        'You cannot cancel this PaymentIntent because it was created by an invoice. Void the invoice instead.',
      );
    }
    if (!CANCELABLE_PAYMENT.includes(intent.status)) {
      throw unexpectedState(
        'payment_intent_unexpected_state',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent ` +
          `with one of the following statuses may be canceled: ${CANCELABLE_PAYMENT.join(', ')}.`,
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = this.store.nowFor(intent.customer as string | null);
    intent.cancellation_reason = reason;
    intent.next_action = null;
    this.events.emit('payment_intent.canceled', intent);
    return intent;
  }

  private notifyInvoice(intent: Stripe.PaymentIntent): void {
    if (this.store.intentMeta.get(intent.id)?.invoice) this.onInvoiceIntentChanged(intent);
  }

  // ---- SetupIntents ----

  setupIntent(id: string, param = 'id'): Stripe.SetupIntent {
    return this.store.get(this.store.setupIntents, id, 'setupintent', param);
  }

  createSetupIntent(fields: {
    customer: string | null;
    paymentMethod: Stripe.PaymentMethod | null;
    usage: string;
    metadata: Record<string, string>;
    description: string | null;
    created: number;
  }): Stripe.SetupIntent {
    if (fields.customer) this.store.customer(fields.customer);
    const intent = this.store.put(
      this.store.setupIntents,
      newSetupIntent({
        customer: fields.customer,
        payment_method: fields.paymentMethod?.id ?? null,
        usage: fields.usage,
        metadata: fields.metadata,
        description: fields.description,
        created: fields.created,
      }),
    );
    this.events.emit('setup_intent.created', intent);
    return intent;
  }

  confirmSetupIntent(
    intent: Stripe.SetupIntent,
    paymentMethod: Stripe.PaymentMethod | null,
  ): Stripe.SetupIntent {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw unexpectedState(
        'setup_intent_unexpected_state',
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      );
    }
    const method =
      paymentMethod ?? (intent.payment_method ? this.paymentMethod(intent.payment_method as string) : null);
    if (!method) {
      throw unexpectedState(
        'setup_intent_unexpected_state',
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a " +
          'payment method and then confirm it again.',
      );
    }
    if (method.customer && intent.customer && method.customer !== intent.customer) {
      throw invalidRequest('The provided PaymentMethod belongs to a different Customer.', 'payment_method');
    }
    const outcome = this.setUp(intent, method, false);
    if (outcome.kind === 'declined') {
      throw cardError(outcome.error, {
        setup_intent: structuredClone(intent),
        payment_method: structuredClone(method),
      });
    }
    return intent;
  }

  authenticateSetupIntent(intent: Stripe.SetupIntent, result: 'complete' | 'fail'): Stripe.SetupIntent {
    if (intent.status !== 'requires_action' || !intent.payment_method) {
      throw unexpectedState(
        'setup_intent_unexpected_state',
        `This SetupIntent has no pending authentication (status ${intent.status}).`,
      );
    }
    const method = this.paymentMethod(intent.payment_method as string);
    if (result === 'complete') {
      this.setUp(intent, method, true);
      return intent;
    }
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.payment_method = null;
    intent.last_setup_error = {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'The latest attempt to set up the payment method has failed because authentication failed.',
      doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
      payment_method: structuredClone(method),
    };
    this.events.emit('setup_intent.setup_failed', intent);
    return intent;
  }

  private setUp(intent: Stripe.SetupIntent, method: Stripe.PaymentMethod, authenticated: boolean): Outcome {
    const outcome = setupOutcome(this.cardOf(method.id).card, authenticated);
    intent.payment_method = method.id;
    intent.next_action = null;
    intent.latest_attempt = newId('setatt');
    if (outcome.kind === 'succeeded') {
      intent.status = 'succeeded';
      intent.last_setup_error = null;
      this.store.paymentMethodMeta.get(method.id)!.setUp = true;
      if (typeof intent.customer === 'string' && !method.customer) {
        method.customer = intent.customer;
        this.events.emit('payment_method.attached', method);
      }
      this.events.emit('setup_intent.succeeded', intent);
      this.onSetupIntentSucceeded(intent);
    } else if (outcome.kind === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = nextAction();
      this.events.emit('setup_intent.requires_action', intent);
    } else {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_setup_error = {
        type: 'card_error',
        code: outcome.error.code as Stripe.SetupIntent.LastSetupError.Code,
        decline_code: outcome.error.decline_code,
        message: outcome.error.message,
        doc_url: `https://stripe.com/docs/error-codes/${outcome.error.code.replace(/_/g, '-')}`,
        payment_method: structuredClone(method),
      };
      this.events.emit('setup_intent.setup_failed', intent);
    }
    return outcome;
  }
}

/**
 * Stripe.js reads `use_stripe_sdk` and runs 3-D Secure; the emulator's stand-in shows its test page and
 * posts the outcome (`client_secret`, `outcome=complete|fail`) to `authenticate_url`.
 */
function nextAction(): Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction {
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: { type: 'three_d_secure_redirect', authenticate_url: '/v1/_authenticate' },
  } as Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction;
}
