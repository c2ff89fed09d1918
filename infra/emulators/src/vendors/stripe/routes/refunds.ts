import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam } from '../errors';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { money } from '../billing/lines';
import { newId } from '../ids';
import { mergeMetadata } from '../params';
import { inRange, paginate } from '../present';
import { equals, where } from './common';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/**
 * Refunds of a succeeded payment intent (as the Dashboard or the API makes them): the whole unrefunded amount by
 * default, or part of it; `refund.created` is sent. Card refunds succeed at once in test mode.
 */
export function refundRoutes(engine: StripeEngine): Route[] {
  const { store, payments, events } = engine;

  const refundedOf = (intentId: string) =>
    [...store.refunds.values()]
      .filter((refund) => refund.payment_intent === intentId && refund.status === 'succeeded')
      .reduce((sum, refund) => sum + refund.amount, 0);

  return [
    {
      method: 'POST',
      url: '/refunds',
      handler: ({ params }) => {
        if (params.has('charge')) {
          throw invalidParam(
            'The emulator refunds payment intents only: pass payment_intent instead of charge.',
            'charge',
          );
        }
        const intentId = params.str('payment_intent');
        if (!intentId) throw missingParam('payment_intent');
        const intent = payments.paymentIntent(intentId, 'payment_intent');
        if (intent.status !== 'succeeded') {
          throw invalidRequest(
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            'payment_intent',
            'charge_not_refundable',
          );
        }
        const unrefunded = intent.amount_received - refundedOf(intent.id);
        if (unrefunded <= 0) {
          throw invalidRequest(
            `Charge ${intent.latest_charge as string} has already been refunded.`,
            undefined,
            'charge_already_refunded',
          );
        }
        const amount = params.int('amount') ?? unrefunded;
        if (amount < 1) throw invalidParam('Invalid positive integer', 'amount');
        if (amount > unrefunded) {
          throw invalidRequest(
            `Refund amount (${money(amount, intent.currency)}) is greater than unrefunded amount on charge (${money(unrefunded, intent.currency)})`,
            'amount',
          );
        }
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount,
          balance_transaction: newId('txn'),
          charge: intent.latest_charge,
          created: store.nowFor(intent.customer as string | null),
          currency: intent.currency,
          customer: intent.customer,
          customer_account: null,
          metadata: mergeMetadata({}, params.metadata()),
          payment_intent: intent.id,
          payment_method: intent.payment_method,
          reason: params.oneOf('reason', REASONS) ?? null,
          receipt_number: null,
          source_transfer_reversal: null,
          status: 'succeeded',
          transfer_reversal: null,
        } as Stripe.Refund;
        store.put(store.refunds, refund);
        events.emit('refund.created', refund);
        return refund;
      },
    },
    {
      method: 'GET',
      url: '/refunds/:id',
      handler: ({ path }) => store.get(store.refunds, path.id!, 'refund'),
    },
    {
      method: 'GET',
      url: '/refunds',
      handler: ({ params }) => {
        const items = where(
          store.refunds.values(),
          equals(params.str('payment_intent'), (refund) => refund.payment_intent),
          equals(params.str('charge'), (refund) => refund.charge),
          (refund) => inRange(refund.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/refunds');
      },
    },
  ];
}
