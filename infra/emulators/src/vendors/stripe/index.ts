import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../../vendor';
import type { DunningOptions } from './billing/invoices';
import { registerInvoicePages } from './billing/invoice-pages';
import { registerPortalPages } from './billing/portal-pages';
import { StripeAccounts, type AccountsState } from './accounts';
import { registerConnectPages } from './connect-pages';
import type { StripeEngine } from './engine';
import { stripeApi } from './http';
import { billingRoutes } from './routes/billing';
import { catalogRoutes } from './routes/catalog';
import { connectRoutes } from './routes/connect';
import { customerRoutes } from './routes/customers';
import { intentRoutes } from './routes/intents';
import { platformRoutes } from './routes/platform';
import { portalRoutes } from './routes/portal';
import { refundRoutes } from './routes/refunds';
import type { WebhookDelivery, WebhookTarget } from './webhooks';

export { createStripeJsVendor } from './stripe-js';
export { API_VERSION } from './events';
export { COMPLETE_ONBOARDING_LABEL } from './connect-pages';
export { signatureHeader, type WebhookDelivery, type WebhookTarget } from './webhooks';
export type { DunningOptions } from './billing/invoices';

export interface StripeVendorOptions {
  /**
   * Endpoints events are also sent to, like `stripe listen --forward-to` (not listed by the API): the platform's own
   * events, or with `connect: true` the connected accounts' (`stripe listen --forward-connect-to`).
   */
  webhookEndpoints?: WebhookTarget[];
  /** Waits before each retry of a failed delivery; the default is 500 ms, 2 s, 5 s (then given up). */
  retryDelaysMs?: number[];
  /** Retries of failed renewals: days after the first failure, and the status once they all failed. */
  dunning?: Partial<DunningOptions>;
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
  const accounts = new StripeAccounts(options);
  const routesOf = (engine: StripeEngine) => [
    ...catalogRoutes(engine),
    ...customerRoutes(engine),
    ...intentRoutes(engine),
    ...billingRoutes(engine),
    ...refundRoutes(engine),
    ...portalRoutes(engine),
    ...platformRoutes(engine),
    ...connectRoutes(engine, accounts),
  ];
  const api = stripeApi(accounts, routesOf);
  const { webhooks } = accounts;
  const controls: FastifyPluginAsync = async (app) => {
    app.get('/webhook_deliveries', async () => ({
      object: 'list',
      pending: webhooks.pendingCount(),
      data: webhooks.list(),
    }));
    app.post<{ Body: { reachable?: unknown } }>('/webhook_reachability', async (request, reply) => {
      const reachable = request.body?.reachable;
      if (typeof reachable !== 'boolean') return reply.code(400).send({ error: 'reachable: true or false' });
      webhooks.setReachable(reachable);
      return { reachable };
    });
  };
  return {
    name: 'stripe',
    prefix: '/v1',
    routes: async (app) => {
      app.addHook('onClose', async () => webhooks.close());
      await api(app, {});
      registerInvoicePages(app, (token) => {
        const found = accounts.invoiceByPageToken(token);
        return found && { invoices: found.engine.invoices, invoice: found.invoice };
      });
      registerPortalPages(app, accounts.platform.store);
      registerConnectPages(app, accounts);
    },
    controls,
    reset: () => accounts.reset(),
    state: {
      save: () => accounts.save(),
      load: (saved) => accounts.load(saved as AccountsState),
      onChange: (listener) => webhooks.onChange(listener),
    },
    webhooksSettled: () => webhooks.settled(),
    webhookDeliveries: () => webhooks.list(),
    setWebhooksReachable: (reachable) => webhooks.setReachable(reachable),
  };
}

export function isStripeVendor(vendor: Vendor): vendor is StripeVendor {
  return vendor.name === 'stripe' && 'webhooksSettled' in vendor;
}
