import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../errors';
import type { StripeEngine } from '../engine';
import type { Call, Route } from '../http';
import { intentIdOfSecret } from '../ids';
import { mergeMetadata, type Params } from '../params';
import { checkClientSecret } from './common';

/**
 * The smallest amount Stripe charges, in the currency's minor unit (Stripe's "minimum charge amounts"); a currency
 * not listed here is held to 50 of its minor unit, as usd.
 */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  aud: 50,
  brl: 50,
  cad: 50,
  chf: 50,
  eur: 50,
  inr: 50,
  nzd: 50,
  sgd: 50,
  gbp: 30,
  dkk: 250,
  nok: 300,
  sek: 300,
  hkd: 400,
  jpy: 50,
  mxn: 1000,
};

const minimumCharge = (currency: string): number => MINIMUM_CHARGE[currency] ?? 50;

/** `$0.50`, `£0.30`, `¥50`, as Stripe's refusal writes the minimum (the currency's code follows it). */
function moneyText(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
    });
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return (amount / 100).toFixed(2);
  }
}

/**
 * PaymentIntents and SetupIntents, confirmable from Stripe.js (publishable key + client secret), and the
 * emulator's 3-D Secure step: `POST /v1/_authenticate` with `client_secret` and `outcome=complete|fail`.
 */
export function intentRoutes(engine: StripeEngine): Route[] {
  const { store, payments } = engine;

  /** `payment_method` (an id or a test token) or `payment_method_data` (a card, as Stripe.js sends it). */
  function paymentMethodOf(params: Params, customer: string | null): Stripe.PaymentMethod | null {
    const at = store.nowFor(customer);
    const reference = params.str('payment_method');
    if (reference) return payments.resolve(reference, 'payment_method', at);
    const data = params.obj('payment_method_data');
    return data ? payments.createFromParams(data, at) : null;
  }

  const paymentIntent = (call: Call) => {
    const intent = payments.paymentIntent(call.path.id!);
    checkClientSecret(call, intent);
    return intent;
  };
  const setupIntent = (call: Call) => {
    const intent = payments.setupIntent(call.path.id!);
    checkClientSecret(call, intent);
    return intent;
  };
  const offSession = (params: Params) => {
    const value = params.str('off_session');
    return value === 'true' || value === 'one_off' || value === 'recurring';
  };

  return [
    {
      method: 'POST',
      url: '/payment_intents',
      handler: ({ params }) => {
        const amount = params.reqInt('amount');
        const currency = params.reqStr('currency').toLowerCase();
        const minimum = minimumCharge(currency);
        if (amount < minimum)
          throw invalidParam(
            `Amount must be at least ${moneyText(minimum, currency)} ${currency}`,
            'amount',
            'amount_too_small',
          );
        const customer = params.str('customer') ?? null;
        if (customer) store.customer(customer);
        const intent = payments.createPaymentIntent({
          amount,
          currency,
          customer,
          paymentMethod: paymentMethodOf(params, customer),
          setupFutureUsage: params.oneOf('setup_future_usage', ['off_session', 'on_session']) ?? null,
          metadata: mergeMetadata({}, params.metadata()),
          description: params.str('description') ?? null,
          created: store.nowFor(customer),
        });
        intent.receipt_email = params.str('receipt_email') ?? null;
        if (params.bool('confirm')) payments.confirmPaymentIntent(intent, null, offSession(params));
        return intent;
      },
    },
    { method: 'GET', url: '/payment_intents/:id', publishable: true, handler: (call) => paymentIntent(call) },
    {
      method: 'POST',
      url: '/payment_intents/:id/confirm',
      publishable: true,
      handler: (call) => {
        const intent = paymentIntent(call);
        const setupFutureUsage = call.params.oneOf('setup_future_usage', ['off_session', 'on_session']);
        if (setupFutureUsage) intent.setup_future_usage = setupFutureUsage;
        const method = paymentMethodOf(call.params, intent.customer as string | null);
        return payments.confirmPaymentIntent(intent, method, offSession(call.params));
      },
    },
    {
      method: 'POST',
      url: '/payment_intents/:id/cancel',
      handler: (call) =>
        payments.cancelPaymentIntent(
          paymentIntent(call),
          call.params.oneOf('cancellation_reason', [
            'duplicate',
            'fraudulent',
            'requested_by_customer',
            'abandoned',
          ]) ?? 'requested_by_customer',
        ),
    },
    {
      method: 'POST',
      url: '/setup_intents',
      handler: ({ params }) => {
        const customer = params.str('customer') ?? null;
        if (customer) store.customer(customer);
        const types = params.strList('allowed_payment_method_types');
        if (types && types.some((type) => type !== 'card')) {
          throw invalidParam(
            'The emulator supports the card payment method type only.',
            'allowed_payment_method_types',
          );
        }
        const intent = payments.createSetupIntent({
          customer,
          paymentMethod: paymentMethodOf(params, customer),
          usage: params.oneOf('usage', ['off_session', 'on_session']) ?? 'off_session',
          metadata: mergeMetadata({}, params.metadata()),
          description: params.str('description') ?? null,
          created: store.nowFor(customer),
        });
        if (params.bool('confirm')) payments.confirmSetupIntent(intent, null);
        return intent;
      },
    },
    { method: 'GET', url: '/setup_intents/:id', publishable: true, handler: (call) => setupIntent(call) },
    {
      method: 'POST',
      url: '/setup_intents/:id/confirm',
      publishable: true,
      handler: (call) => {
        const intent = setupIntent(call);
        return payments.confirmSetupIntent(
          intent,
          paymentMethodOf(call.params, intent.customer as string | null),
        );
      },
    },
    {
      method: 'POST',
      url: '/_authenticate',
      publishable: true,
      params: { outcome: { s: 1 } },
      handler: ({ params }) => {
        const secret = params.str('client_secret');
        if (!secret) throw missingParam('client_secret');
        const outcome = params.oneOf('outcome', ['complete', 'fail'] as const) ?? 'complete';
        const id = intentIdOfSecret(secret);
        const intent = id?.startsWith('pi_')
          ? store.paymentIntents.get(id)
          : id
            ? store.setupIntents.get(id)
            : undefined;
        if (!intent || intent.client_secret !== secret)
          throw noSuch('intent', secret.split('_secret_')[0] ?? secret, 'client_secret');
        if (intent.object === 'payment_intent') return payments.authenticatePaymentIntent(intent, outcome);
        if (intent.object === 'setup_intent') return payments.authenticateSetupIntent(intent, outcome);
        throw invalidRequest('Unknown intent.', 'client_secret');
      },
    },
  ];
}
