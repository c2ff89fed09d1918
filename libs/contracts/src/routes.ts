import type { BackendService } from './services';

/**
 * Which service owns which public path. The gateway forwards a request to the first entry whose pattern
 * matches; a path no entry matches is the gateway's own (health, docs, the web app) or a 404.
 *
 * Patterns: `*` is one path segment, a trailing `/**` is the prefix itself and everything below it.
 * Specific entries come before the broad family they carve out of.
 */
export const ROUTE_OWNERS: ReadonlyArray<readonly [pattern: string, owner: BackendService]> = [
  // identity: accounts, sessions, providers, settings, onboarding, white-label domains
  ['/users/**', 'identity'],
  ['/oauth/**', 'identity'],
  ['/sign_up/**', 'identity'],
  ['/contact_confirmations/**', 'identity'],
  ['/provider/access/**', 'identity'],
  ['/provider/settings/**', 'identity'],
  ['/provider/subdomains/**', 'identity'],
  ['/provider/onboarding/**', 'identity'],
  ['/provider/surveys/**', 'identity'],
  ['/provider/features/**', 'identity'],
  ['/provider/permissions/**', 'identity'],
  ['/provider/developers/**', 'identity'],
  ['/provider/matterport_auth/**', 'identity'],
  // Client portals (issue 31): who may enter a client's portal is identity's; the portal's reads are the owners'.
  ['/provider/client_portal/**', 'identity'],
  ['/portal/provider', 'identity'],
  // ...and the client's hosting-fee invoices are billing's (issue 32)
  ['/portal/hosting_fees/**', 'billing'],
  // The provider's Matterport OAuth (its start and Matterport's callback): before properties' /api/** below
  ['/api/integrations/matterport/**', 'identity'],
  ['/admin/users/**', 'identity'],
  ['/admin/providers.json', 'identity'],
  ['/admin/providers/*', 'identity'],
  ['/admin/providers/*/admin_changes', 'identity'],
  ['/admin/update_tag.json', 'identity'],
  ['/admin/contacts.json', 'identity'],
  ['/admin/referrers/**', 'identity'],
  ['/admin/providers/*/users.json', 'identity'],
  ['/admin/whitelabeled_domains/**', 'identity'],
  ['/admin/impersonations/**', 'identity'],
  ['/virtual_assistant/whitelabeled-domains/**', 'identity'],
  ['/virtual_assistant/whitelabeled-domains.json', 'identity'],

  // each service's parked events (dead letters), for platform admins: before the broad /admin/** below
  ['/admin/events/identity/**', 'identity'],
  ['/admin/events/billing/**', 'billing'],
  ['/admin/events/properties/**', 'properties'],
  ['/admin/events/orders/**', 'orders'],

  // The orders a provider paid credits for, on the billing page: orders' data.
  ['/provider/billing/orders', 'orders'],
  ['/provider/billing/orders.csv', 'orders'],

  // billing: plans, subscriptions, cards, credits, vouchers, hosting fees, Stripe webhooks
  // The billing page's premium tours are properties' data (which tours are premium, paid separately or not).
  ['/provider/billing/premium_tours', 'properties'],
  ['/provider/billing/**', 'billing'],
  ['/provider/hosting_fees/**', 'billing'],
  ['/admin/providers/*/billing_account/**', 'billing'],
  ['/admin/providers/*/service_plan_subscription/**', 'billing'],
  ['/admin/providers/*/available_credit_balance', 'billing'],
  ['/admin/providers/*/credit_adjustments/**', 'billing'],
  ['/admin/credit_bundles.json', 'billing'],
  ['/admin/vouchers/**', 'billing'],
  ['/admin/offers/**', 'billing'],
  ['/api/webhooks/stripe', 'billing'],
  ['/api/webhooks/stripe_connect', 'billing'],

  // orders: floorplan orders, amendments, back-office queues, supplier workflow, comments
  ['/provider/orders/**', 'orders'],
  ['/provider/floorplan_orders/**', 'orders'],
  ['/provider/properties/*/floorplan_orders/**', 'orders'],
  ['/provider/floorplan_variants/**', 'orders'],
  ['/provider/floorplan_variant/**', 'orders'],
  ['/provider/floorplan_editor/**', 'orders'],
  ['/provider/custom_opw_templates/**', 'orders'],
  ['/admin/providers/*/orders/**', 'orders'],
  ['/admin/providers/*/floorplan_configuration/**', 'orders'],
  ['/admin/floorplan_variants.json', 'orders'],
  ['/virtual_assistant/**', 'orders'],
  ['/external_supplier/**', 'orders'],
  ['/opw_resources/**', 'orders'],

  // properties: the rest of the provider workspace, the public player and uploads
  ['/provider/**', 'properties'],
  // a client's portal: its properties, tours, websites, floor plans and documents (its provider's name: identity's)
  ['/portal/**', 'properties'],
  // ...including /admin/provider_clients.json (provider clients are properties' data) and the provider's properties,
  // tours, player link namespaces and bookings
  ['/admin/**', 'properties'],
  ['/s3/params', 'properties'],
  ['/tours/*/*/website.json', 'properties'],
  ['/tours/*/*/website/unlock', 'properties'],
  ['/tours/*/*/metadata', 'properties'],
  ['/digital_twin/**', 'properties'],
  ['/segmentation/**', 'properties'],
  ['/cookie_policy/**', 'properties'],
  // the weekly analytics report's one-click unsubscribe (its page, /weekly_report/unsubscribe, is the web app's)
  ['/analytics/weekly_report/**', 'properties'],
  ['/vt_staging/**', 'properties'],
  ['/v3_player_lead', 'properties'],
  ['/booking_pages/**', 'properties'],
  // people's uploaded pictures (issue 31): files are properties'; the rest of a person's profile is identity's /users/**
  ['/profile/**', 'properties'],
  ['/api/**', 'properties'],
];

/** The web app's sign-in page. Given `return_to` (a path of the app), it brings the person back there once signed in. */
export const SIGN_IN_PAGE = '/users/sign_in';

/** The sign-in page, set to come back to `returnTo` (a path of the app, with its query) once the person has signed in. */
export function signInPageFor(returnTo: string): string {
  return `${SIGN_IN_PAGE}?${new URLSearchParams({ return_to: returnTo })}`;
}
