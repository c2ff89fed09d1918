import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import { snapshot } from '../events';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { newCustomer } from '../objects';
import { mergeMetadata, type Params } from '../params';
import { inRange, paginate } from '../present';
import { realNow } from '../time';
import { deleted, equals, where } from './common';

/** Customers and their payment methods. */
export function customerRoutes(engine: StripeEngine): Route[] {
  const { store, events, payments, subscriptions } = engine;

  function setDefaultPaymentMethod(customer: Stripe.Customer, params: Params): void {
    const settings = params.obj('invoice_settings');
    const method = settings?.nullableStr('default_payment_method');
    if (method === undefined) return;
    if (method !== null && store.paymentMethods.get(method)?.customer !== customer.id) {
      throw invalidRequest(
        `No such PaymentMethod: '${method}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account. The customer does not have a payment method with the ID ${method}. The payment method must be attached to the customer.`,
        'invoice_settings[default_payment_method]',
        'resource_missing',
      );
    }
    customer.invoice_settings.default_payment_method = method;
  }

  function updateFields(customer: Stripe.Customer, params: Params): void {
    for (const field of ['name', 'email', 'phone', 'description'] as const) {
      const value = params.nullableStr(field);
      if (value !== undefined) customer[field] = value;
    }
    if (params.isEmpty('address')) customer.address = null;
    const address = params.obj('address');
    if (address) {
      const current = customer.address ?? {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      };
      for (const field of ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const) {
        const value = address.nullableStr(field);
        if (value !== undefined) current[field] = value;
      }
      customer.address = current;
    }
    customer.metadata = mergeMetadata(customer.metadata, params.metadata());
    const balance = params.int('balance');
    if (balance !== undefined) customer.balance = balance;
    const locales = params.strList('preferred_locales');
    if (locales) customer.preferred_locales = locales;
  }

  const customer = (id: string) => store.customer(id, 'id');

  return [
    {
      method: 'POST',
      url: '/customers',
      handler: ({ params }) => {
        const clock = params.str('test_clock') ?? null;
        if (clock) store.get(store.clocks, clock, 'test_clock', 'test_clock');
        const created = newCustomer(clock ? store.nowOnClock(clock) : realNow(), clock);
        updateFields(created, params);
        store.put(store.customers, created);
        const method = params.str('payment_method');
        try {
          if (method)
            payments.attach(payments.resolve(method, 'payment_method', created.created), created.id);
          setDefaultPaymentMethod(created, params);
        } catch (error) {
          store.customers.delete(created.id);
          throw error;
        }
        events.emit('customer.created', created);
        return created;
      },
    },
    {
      method: 'GET',
      url: '/customers/:id',
      handler: ({ path }) =>
        store.deletedCustomers.has(path.id!) ? deleted(path.id!, 'customer') : customer(path.id!),
    },
    {
      method: 'POST',
      url: '/customers/:id',
      handler: ({ path, params }) => {
        const found = customer(path.id!);
        const before = snapshot(found);
        updateFields(found, params);
        setDefaultPaymentMethod(found, params);
        events.emitUpdated('customer.updated', found, before);
        return found;
      },
    },
    {
      method: 'DELETE',
      url: '/customers/:id',
      handler: ({ path }) => {
        const found = customer(path.id!);
        const at = store.nowFor(found.id);
        // As Stripe: the subscriptions still running end now (customer.subscription.deleted each); from then on
        // the customer is a deleted object that nothing new (a subscription, a payment) may use.
        for (const subscription of store.subscriptions.values()) {
          if (subscription.customer !== found.id) continue;
          if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
          subscriptions.cancel(subscription, at, 'cancellation_requested');
        }
        store.customers.delete(found.id);
        store.deletedCustomers.add(found.id);
        events.emit('customer.deleted', found);
        return deleted(found.id, 'customer');
      },
    },
    {
      method: 'GET',
      url: '/customers',
      handler: ({ params }) => {
        const email = params.str('email')?.toLowerCase();
        const items = where(
          store.customers.values(),
          email === undefined ? undefined : (c) => c.email?.toLowerCase() === email,
          equals(params.str('test_clock'), (c) => c.test_clock),
          (c) => inRange(c.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/customers');
      },
    },
    {
      method: 'GET',
      url: '/customers/:id/payment_methods',
      handler: ({ path, params }) => {
        const found = customer(path.id!);
        const items = where(
          store.paymentMethods.values(),
          (m) => m.customer === found.id,
          equals(params.str('type'), (m) => m.type),
        );
        return paginate(store.newestFirst(items), params, `/v1/customers/${found.id}/payment_methods`);
      },
    },
    {
      method: 'POST',
      url: '/payment_methods',
      publishable: true,
      handler: ({ params, key }) => {
        const method = payments.createFromParams(params, realNow());
        const customerId = params.str('customer');
        if (customerId && key === 'secret') payments.attach(method, customerId);
        return method;
      },
    },
    {
      method: 'GET',
      url: '/payment_methods/:id',
      handler: ({ path }) => payments.resolve(path.id!, 'id', realNow()),
    },
    {
      method: 'POST',
      url: '/payment_methods/:id/attach',
      handler: ({ path, params }) => {
        const customerId = params.reqStr('customer');
        const found = store.customer(customerId);
        return payments.attach(payments.resolve(path.id!, 'id', store.nowFor(found.id)), found.id);
      },
    },
    {
      method: 'POST',
      url: '/payment_methods/:id/detach',
      handler: ({ path }) => payments.detach(payments.paymentMethod(path.id!)),
    },
  ];
}
