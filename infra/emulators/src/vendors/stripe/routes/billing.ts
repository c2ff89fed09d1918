import type Stripe from 'stripe';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { inRange, paginate } from '../present';
import { equals, where } from './common';

const ENDED = ['canceled', 'incomplete_expired'];

/** Subscriptions, subscription schedules and invoices. */
export function billingRoutes(engine: StripeEngine): Route[] {
  const { store, subscriptions, schedules, invoices, previews } = engine;
  const subscriptionOf = (invoice: Stripe.Invoice) => invoice.parent?.subscription_details?.subscription;

  return [
    {
      method: 'POST',
      url: '/subscriptions',
      handler: ({ params }) => subscriptions.create(subscriptions.specFromParams(params)),
    },
    { method: 'GET', url: '/subscriptions/:id', handler: ({ path }) => store.subscription(path.id!) },
    {
      method: 'POST',
      url: '/subscriptions/:id',
      handler: ({ path, params }) => subscriptions.update(store.subscription(path.id!), params),
    },
    {
      method: 'DELETE',
      url: '/subscriptions/:id',
      handler: ({ path, params }) => {
        const subscription = store.subscription(path.id!);
        const details = params.obj('cancellation_details');
        return subscriptions.cancel(
          subscription,
          store.nowFor(subscription.customer as string),
          'cancellation_requested',
          true,
          {
            prorate: params.bool('prorate') ?? false,
            invoiceNow: params.bool('invoice_now') ?? false,
            comment: details?.str('comment') ?? null,
            feedback: details?.str('feedback') ?? null,
          },
        );
      },
    },
    {
      method: 'GET',
      url: '/subscriptions',
      handler: ({ params }) => {
        const status = params.str('status');
        const price = params.str('price');
        const items = where(
          store.subscriptions.values(),
          equals(params.str('customer'), (s) => s.customer),
          equals(params.str('test_clock'), (s) => s.test_clock),
          price === undefined ? undefined : (s) => s.items.data.some((item) => item.price.id === price),
          status === 'all'
            ? undefined
            : status === 'ended'
              ? (s) => ENDED.includes(s.status)
              : status
                ? (s) => s.status === status
                : (s) => !ENDED.includes(s.status),
          (s) => inRange(s.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/subscriptions');
      },
    },
    { method: 'POST', url: '/subscription_schedules', handler: ({ params }) => schedules.create(params) },
    {
      method: 'GET',
      url: '/subscription_schedules/:id',
      handler: ({ path }) => schedules.schedule(path.id!),
    },
    {
      method: 'POST',
      url: '/subscription_schedules/:id',
      handler: ({ path, params }) => schedules.update(schedules.schedule(path.id!), params),
    },
    {
      method: 'POST',
      url: '/subscription_schedules/:id/release',
      handler: ({ path }) => {
        const schedule = schedules.schedule(path.id!);
        return schedules.release(schedule, store.nowFor(schedule.customer as string));
      },
    },
    { method: 'POST', url: '/invoices/create_preview', handler: ({ params }) => previews.preview(params) },
    { method: 'GET', url: '/invoices/:id', handler: ({ path }) => store.invoice(path.id!) },
    {
      method: 'GET',
      url: '/invoices',
      handler: ({ params }) => {
        const items = where(
          store.invoices.values(),
          equals(params.str('customer'), (i) => i.customer),
          equals(params.str('subscription'), subscriptionOf),
          equals(params.str('status'), (i) => i.status),
          equals(params.str('collection_method'), (i) => i.collection_method),
          (i) => inRange(i.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/invoices');
      },
    },
    {
      method: 'POST',
      url: '/invoices/:id/pay',
      handler: ({ path, params }) => invoices.pay(store.invoice(path.id!), params),
    },
  ];
}
