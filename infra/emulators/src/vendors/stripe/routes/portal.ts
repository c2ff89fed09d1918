import type Stripe from 'stripe';
import { invalidParam, missingParam } from '../errors';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { newId, randomToken } from '../ids';
import { PORTAL_LINK_SECONDS, PORTAL_PAGES } from '../billing/portal-pages';
import { realNow } from '../time';

/** The one portal configuration of the account, as saved in the Dashboard's test mode. */
export const DEFAULT_PORTAL_CONFIGURATION = 'bpc_emulator_default';

/**
 * Customer portal sessions: a short-lived link to the customer's portal page (Stripe's billing.stripe.com), which
 * the emulator serves under `/v1/billing_portal/p/<token>` and which links back to `return_url`.
 */
export function portalRoutes(engine: StripeEngine): Route[] {
  const { store } = engine;

  return [
    {
      method: 'POST',
      url: '/billing_portal/sessions',
      handler: ({ params }) => {
        const customer = params.str('customer');
        if (!customer) throw missingParam('customer');
        store.customer(customer);
        for (const unsupported of ['flow_data', 'customer_account', 'on_behalf_of', 'after_expiration']) {
          if (params.has(unsupported)) {
            throw invalidParam(`The emulator does not model ${unsupported} on portal sessions.`, unsupported);
          }
        }
        const configuration = params.str('configuration') ?? DEFAULT_PORTAL_CONFIGURATION;
        if (configuration !== DEFAULT_PORTAL_CONFIGURATION) {
          throw invalidParam(
            `No such configuration: '${configuration}'`,
            'configuration',
            'resource_missing',
          );
        }
        const returnUrl = params.str('return_url') ?? null;
        if (returnUrl !== null && !/^https?:\/\/\S+$/.test(returnUrl)) {
          throw invalidParam('Not a valid URL', 'return_url', 'url_invalid');
        }
        const token = `test_${randomToken(40)}`;
        const session = {
          id: newId('bps'),
          object: 'billing_portal.session',
          configuration,
          created: store.nowFor(customer),
          customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: (params.str('locale') as Stripe.BillingPortal.Session.Locale | undefined) ?? null,
          on_behalf_of: null,
          return_url: returnUrl,
          url: `${store.origin}${PORTAL_PAGES}/p/${token}`,
        } as Stripe.BillingPortal.Session;
        store.put(store.portalSessions, session);
        store.portalPages.set(token, { session: session.id, expiresAt: realNow() + PORTAL_LINK_SECONDS });
        return session;
      },
    },
  ];
}
