import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../../vendor';
import type { DunningOptions } from './billing/invoices';
import { registerInvoicePages } from './billing/invoice-pages';
import { registerPortalPages } from './billing/portal-pages';
import { StripeEngine } from './engine';
import { stripeApi } from './http';
import { billingRoutes } from './routes/billing';
import { catalogRoutes } from './routes/catalog';
import { customerRoutes } from './routes/customers';
import { intentRoutes } from './routes/intents';
import { platformRoutes } from './routes/platform';
import { portalRoutes } from './routes/portal';
import { refundRoutes } from './routes/refunds';
import type { WebhookDelivery, WebhookTarget } from './webhooks';

export { createStripeJsVendor } from './stripe-js';
export { API_VERSION } from './events';
export { signatureHeader, type WebhookDelivery, type WebhookTarget } from './webhooks';
export type { DunningOptions } from './billing/invoices';

export interface StripeVendorOptions {
  /** Endpoints every event is also sent to, like `stripe listen --forward-to` (not listed by the API). */
  webhookEndpoints?: WebhookTarget[];
  /** Waits before each retry of a failed delivery; the default is 500 ms, 2 s, 5 s (then given up). */
  retryDelaysMs?: number[];
  /** Retries of failed renewals: days after the first failure, and the status once they all failed. */
  dunning?: Partial<DunningOptions>;
}

/** What the Stripe emulator keeps across restarts: the account, and the webhooks it has yet to deliver. */
interface StripeState {
  store: Record<string, unknown>;
  webhooks: Array<{ endpoint: string; events: string[] }>;
}

export interface StripeVendor extends Vendor {
  readonly name: 'stripe';
  /** Resolves once every queued webhook has been delivered or given up. */
  webhooksSettled(): Promise<void>;
  /** Every delivery attempt so far, oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /**
   * false: Stripe cannot reach the webhook endpoints (a network partition): attempts fail as connection errors,
   * are retried and given up as usual. true again: later attempts go out.
   */
  setWebhooksReachable(reachable: boolean): void;
}

/**
 * Stripe's API (`/v1`, as the SDK calls it) over an in-memory account: catalogue, customers and cards,
 * intents with 3-D Secure, subscriptions with prorations, schedules, invoices, test clocks and signed
 * webhooks. Inspection at `/_emulator/stripe/webhook_deliveries`.
 */
export function createStripeVendor(options: StripeVendorOptions = {}): StripeVendor {
  const engine = new StripeEngine(options);
  const routes = [
    ...catalogRoutes(engine),
    ...customerRoutes(engine),
    ...intentRoutes(engine),
    ...billingRoutes(engine),
    ...refundRoutes(engine),
    ...portalRoutes(engine),
    ...platformRoutes(engine),
  ];
  const api = stripeApi(engine, routes);
  const controls: FastifyPluginAsync = async (app) => {
    app.get('/webhook_deliveries', async () => ({
      object: 'list',
      pending: engine.webhooks.pendingCount(),
      data: engine.webhooks.list(),
    }));
    app.post<{ Body: { reachable?: unknown } }>('/webhook_reachability', async (request, reply) => {
      const reachable = request.body?.reachable;
      if (typeof reachable !== 'boolean') return reply.code(400).send({ error: 'reachable: true or false' });
      engine.webhooks.setReachable(reachable);
      return { reachable };
    });
  };
  return {
    name: 'stripe',
    prefix: '/v1',
    routes: async (app) => {
      app.addHook('onClose', async () => engine.webhooks.close());
      await api(app, {});
      registerInvoicePages(app, engine.store);
      registerPortalPages(app, engine.store);
    },
    controls,
    reset: () => engine.reset(),
    state: {
      save: () => ({ store: engine.store.save(), webhooks: engine.webhooks.queued() }),
      load: (saved) => {
        const { store, webhooks } = saved as StripeState;
        engine.reset();
        engine.store.load(store);
        engine.webhooks.requeue(webhooks, (id) => engine.store.events.get(id));
      },
      onChange: (listener) => engine.webhooks.onChange(listener),
    },
    webhooksSettled: () => engine.webhooks.settled(),
    webhookDeliveries: () => engine.webhooks.list(),
    setWebhooksReachable: (reachable) => engine.webhooks.setReachable(reachable),
  };
}

export function isStripeVendor(vendor: Vendor): vendor is StripeVendor {
  return vendor.name === 'stripe' && 'webhooksSettled' in vendor;
}
