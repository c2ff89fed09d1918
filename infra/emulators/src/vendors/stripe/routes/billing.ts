import type Stripe from 'stripe';
import { invalidRequest, unexpectedState } from '../errors';
import { snapshot } from '../events';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { mergeMetadata } from '../params';
import { inRange, paginate } from '../present';
import { equals, where } from './common';

const ENDED = ['canceled', 'incomplete_expired'];

/** Subscriptions (and their items), subscription schedules, invoices and invoice payments. */
export function billingRoutes(engine: StripeEngine): Route[] {
  const { store, events, subscriptions, schedules, invoices, previews } = engine;
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
    {
      method: 'GET',
      url: '/subscription_items',
      handler: ({ params }) => {
        const subscription = store.subscription(params.reqStr('subscription'), 'subscription');
        return paginate(
          subscription.items.data,
          params,
          `/v1/subscription_items?subscription=${subscription.id}`,
        );
      },
    },
    {
      method: 'GET',
      url: '/subscription_items/:id',
      handler: ({ path }) => {
        for (const subscription of store.subscriptions.values()) {
          const item = subscription.items.data.find((i) => i.id === path.id);
          if (item) return item;
        }
        throw invalidRequest(`No such subscription_item: '${path.id!}'`, 'id', 'resource_missing');
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
    {
      method: 'POST',
      url: '/subscription_schedules/:id/cancel',
      handler: ({ path }) => {
        const schedule = schedules.schedule(path.id!);
        return schedules.cancel(schedule, store.nowFor(schedule.customer as string));
      },
    },
    {
      method: 'GET',
      url: '/subscription_schedules',
      handler: ({ params }) => {
        const items = where(
          store.schedules.values(),
          equals(params.str('customer'), (s) => s.customer),
          (s) => inRange(s.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/subscription_schedules');
      },
    },
    { method: 'POST', url: '/invoices/create_preview', handler: ({ params }) => previews.preview(params) },
    { method: 'GET', url: '/invoices/:id', handler: ({ path }) => store.invoice(path.id!) },
    {
      method: 'POST',
      url: '/invoices/:id',
      handler: ({ path, params }) => {
        const invoice = store.invoice(path.id!);
        const before = snapshot(invoice);
        invoice.metadata = mergeMetadata(invoice.metadata ?? {}, params.metadata());
        const description = params.nullableStr('description');
        if (description !== undefined) invoice.description = description;
        const method = params.nullableStr('default_payment_method');
        if (method !== undefined) invoice.default_payment_method = method;
        events.emitUpdated('invoice.updated', invoice, before);
        return invoice;
      },
    },
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
    {
      method: 'POST',
      url: '/invoices/:id/finalize',
      handler: ({ path }) => {
        const invoice = store.invoice(path.id!);
        if (invoice.status !== 'draft') {
          throw unexpectedState(
            'invoice_not_editable',
            "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
          );
        }
        invoices.finalize(invoice, store.nowFor(invoice.customer as string));
        return invoice;
      },
    },
    {
      method: 'POST',
      url: '/invoices/:id/void',
      handler: ({ path }) => {
        const invoice = store.invoice(path.id!);
        if (invoice.status !== 'open') {
          throw unexpectedState(
            'invoice_not_open',
            `You can only void an open invoice; this invoice is ${invoice.status}.`,
          );
        }
        invoices.void(invoice, store.nowFor(invoice.customer as string));
        return invoice;
      },
    },
    {
      method: 'GET',
      url: '/invoices/:id/lines',
      handler: ({ path, params }) => {
        const invoice = store.invoice(path.id!);
        return paginate(invoice.lines.data, params, `/v1/invoices/${invoice.id}/lines`);
      },
    },
    {
      method: 'GET',
      url: '/invoice_payments',
      handler: ({ params }) => {
        const items = where(
          store.invoicePayments.values(),
          equals(params.str('invoice'), (p) => p.invoice),
          equals(params.str('status'), (p) => p.status),
        );
        return paginate(store.newestFirst(items), params, '/v1/invoice_payments');
      },
    },
    {
      method: 'GET',
      url: '/invoice_payments/:id',
      handler: ({ path }) => store.get(store.invoicePayments, path.id!, 'invoice_payment'),
    },
  ];
}
