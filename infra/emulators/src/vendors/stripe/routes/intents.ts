import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../errors';
import type { StripeEngine } from '../engine';
import type { Call, Route } from '../http';
import { intentIdOfSecret } from '../ids';
import { mergeMetadata, type Params } from '../params';
import { checkClientSecret } from './common';

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
        if (amount < 50)
          throw invalidParam('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
        const customer = params.str('customer') ?? null;
        if (customer) store.customer(customer);
        const intent = payments.createPaymentIntent({
          amount,
          currency: params.reqStr('currency').toLowerCase(),
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
