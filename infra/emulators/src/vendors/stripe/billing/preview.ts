import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import type { Params } from '../params';
import type { LineSpec, StripeStore } from '../store';
import type { Discounts } from './discounts';
import type { Invoices } from './invoices';
import { periodFrom, periodLine, trialLine, type Period } from './lines';
import { itemInputs } from './plan';
import { PRORATION_BEHAVIORS, type Subscriptions } from './subscriptions';

/**
 * `POST /v1/invoices/create_preview`: the invoice Stripe would issue, built with the same rules and stored
 * nowhere. For a subscription: with `subscription_details` changes and `always_invoice` (or a new billing
 * period) the invoice sent at once; otherwise the next renewal with its pending prorations. Without one: the
 * first invoice of a new subscription to `subscription_details.items`.
 */
export class Previews {
  constructor(
    private readonly store: StripeStore,
    private readonly subscriptions: Subscriptions,
    private readonly invoices: Invoices,
    private readonly discounts: Discounts,
  ) {}

  preview(params: Params): Stripe.Invoice {
    const subscriptionId = params.str('subscription');
    const subscription = subscriptionId ? this.store.subscription(subscriptionId, 'subscription') : undefined;
    const customerId = params.str('customer') ?? (subscription?.customer as string | undefined);
    if (!customerId)
      throw invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
    const customer = this.store.customer(customerId);
    const details = params.obj('subscription_details');
    const at = this.store.nowFor(customer.id);
    return subscription
      ? this.forSubscription(subscription, customer, details, params, at)
      : this.forNewSubscription(customer, details, params, at);
  }

  private discountsFor(
    params: Params,
    fallback: Stripe.Discount[],
    customer: string,
    subscription: string | null,
    currency: string,
    at: number,
  ): Stripe.Discount[] {
    const given = params.list('discounts');
    if (given === undefined) return fallback;
    return this.discounts.fromParams(given, { customer, subscription, currency, at, preview: true });
  }

  private forSubscription(
    subscription: Stripe.Subscription,
    customer: Stripe.Customer,
    details: Params | undefined,
    params: Params,
    at: number,
  ): Stripe.Invoice {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidRequest(
        `No upcoming invoices for customer: ${customer.id}`,
        undefined,
        'invoice_upcoming_none',
      );
    }
    const proration = details?.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations';
    const prorationDate = details?.int('proration_date');
    const plan = details
      ? this.subscriptions.plan(
          subscription,
          {
            items: itemInputs(details.list('items')),
            prorationBehavior: proration,
            prorationDate,
            trialEnd: details.timeOrNow('trial_end'),
          },
          at,
        )
      : undefined;
    const discounts = this.discountsFor(
      params,
      this.subscriptions.activeDiscounts(subscription),
      customer.id,
      subscription.id,
      subscription.currency,
      at,
    );
    const base = {
      customer,
      subscription: subscription.id,
      discounts,
      preview: true,
      ...(plan ? { prorationDate: plan.prorationDate } : {}),
    };
    if (plan?.invoiceNow) {
      return this.invoices.build({
        ...base,
        billingReason: 'subscription_update',
        lines: this.subscriptions.immediateLines(subscription, plan),
        at,
        periodStart: at,
        periodEnd: at,
      });
    }
    const period = this.subscriptions.period(subscription);
    const items = plan?.items ?? this.subscriptions.billedItems(subscription);
    const periodEnd = plan?.trial?.kind === 'set' ? plan.trial.end : period.end;
    const anchor = plan?.trial?.kind === 'set' ? plan.trial.end : subscription.billing_cycle_anchor;
    const next = periodFrom(periodEnd, anchor, items[0]!.price);
    const lines: LineSpec[] = [
      ...this.subscriptions.pendingLines(subscription.id),
      ...(plan?.prorations ?? []),
      ...items.map((item) => periodLine(subscription.id, item, next, this.store.products)),
    ];
    return this.invoices.build({
      ...base,
      billingReason: 'upcoming',
      lines,
      at: next.start,
      periodStart: period.start,
      periodEnd,
    });
  }

  private forNewSubscription(
    customer: Stripe.Customer,
    details: Params | undefined,
    params: Params,
    at: number,
  ): Stripe.Invoice {
    const inputs = itemInputs(details?.list('items'));
    if (inputs.length === 0) {
      throw invalidRequest(
        `No upcoming invoices for customer: ${customer.id}`,
        undefined,
        'invoice_upcoming_none',
      );
    }
    const items = inputs.map((input, index) => {
      return {
        id: `si_tmp_${index}`,
        price: this.subscriptions.itemPrice(input, at),
        quantity: input.quantity ?? 1,
      };
    });
    const start = details?.int('start_date') ?? at;
    const trialEnd = details?.timeOrNow('trial_end');
    const trial = typeof trialEnd === 'number' && trialEnd > start;
    const period: Period = trial ? { start, end: trialEnd } : periodFrom(start, start, items[0]!.price);
    const currency = items[0]!.price.currency;
    return this.invoices.build({
      customer,
      subscription: null,
      billingReason: 'subscription_create',
      lines: items
        .map((item) =>
          trial
            ? trialLine('', item, period, this.store.products)
            : periodLine('', item, period, this.store.products),
        )
        .map((line) => ({ ...line, subscription: null })),
      discounts: this.discountsFor(params, [], customer.id, null, currency, start),
      at: start,
      periodStart: start,
      periodEnd: start,
      preview: true,
    });
  }
}
