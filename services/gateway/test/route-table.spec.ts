import { RouteTable } from '../src/routing/route-table';

describe('route table', () => {
  const routes = new RouteTable();

  // Paths from the spec's calls (000 §7, 001 §7, 002 §7) and who owns them.
  it.each([
    ['/users/sign_in', 'identity'],
    ['/oauth/token', 'identity'],
    ['/sign_up/finalize', 'identity'],
    ['/contact_confirmations/resend', 'identity'],
    ['/provider/access/available_providers.json', 'identity'],
    ['/provider/settings/regenerate_api_key', 'identity'],
    ['/provider/onboarding/check_visibility.json', 'identity'],
    ['/provider/permissions/publishing', 'identity'],
    ['/admin/providers/42/users.json', 'identity'],
    ['/admin/providers.json', 'identity'],
    ['/admin/users/7/change_primary_provider', 'identity'],
    ['/admin/whitelabeled_domains/7', 'identity'],
    ['/virtual_assistant/whitelabeled-domains.json', 'identity'],
    ['/virtual_assistant/whitelabeled-domains/7', 'identity'],
    ['/provider/billing/service_plan_subscription/preview_change', 'billing'],
    ['/provider/hosting_fees/invoices/9/void.json', 'billing'],
    ['/admin/providers/42/billing_account/pricing', 'billing'],
    ['/admin/providers/42/service_plan_subscription', 'billing'],
    ['/admin/vouchers/3.csv', 'billing'],
    ['/api/webhooks/stripe', 'billing'],
    ['/provider/orders/floorplan_orders.json', 'orders'],
    ['/provider/properties/5/floorplan_orders', 'orders'],
    ['/virtual_assistant/floorplan_orders/new_index.json', 'orders'],
    ['/virtual_assistant/portal_order_requests/3/cancel', 'orders'],
    ['/external_supplier/floorplan_orders/3/finalise', 'orders'],
    ['/opw_resources/3/comments/4', 'orders'],
    ['/admin/providers/42/orders', 'orders'],
    ['/provider/properties', 'properties'],
    ['/provider/properties/5/documents/download.zip', 'properties'],
    ['/provider/virtual_tours/5/draft', 'properties'],
    ['/provider/temporary_uploads.json', 'properties'],
    ['/admin/providers/42/properties', 'properties'],
    ['/s3/params', 'properties'],
    ['/digital_twin/5/layers/tags.json', 'properties'],
    ['/v3_player_lead', 'properties'],
    ['/api/integrations/sketchfab/auth_url', 'properties'],
    ['/profile/avatar', 'properties'],
    ['/profile/avatars', 'properties'],
    // Each service's parked events, carved out of the broad /admin/** family.
    ['/admin/events/identity/dead_letters', 'identity'],
    ['/admin/events/billing/dead_letters/replay', 'billing'],
    ['/admin/events/properties/dead_letters', 'properties'],
    ['/admin/events/orders/dead_letters/replay', 'orders'],
  ])('%s belongs to %s', (path, owner) => {
    expect(routes.ownerOf(path)).toBe(owner);
  });

  it.each([
    '/',
    '/healthz',
    '/assets/app.js',
    '/provider-properties',
    '/usersx',
    '/tours/demo/abc',
    '/profiles',
  ])('%s belongs to no service', (path) => {
    expect(routes.ownerOf(path)).toBeUndefined();
  });
});
