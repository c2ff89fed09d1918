import type { Answer, Schema } from '../../api/types';

/** GET /admin/providers.json */
export type ProviderRecord = Answer<'/admin/providers.json', 'get'>['items'][number];

/** GET /admin/providers/{id}/users.json */
export type ProviderUserRecord = Answer<'/admin/providers/{id}/users.json', 'get'>['items'][number];

/** GET /admin/providers/{id}/floorplan_configuration/show.json */
export type FloorplanConfiguration = Answer<'/admin/providers/{id}/floorplan_configuration/show.json', 'get'>;
/** What PUT .../floorplan_configuration/update.json takes under `floorplan_configuration`. */
export type FloorplanConfigurationFields = Schema<'orders.ConfigurationFields'>;

/** GET /admin/providers/{id}/billing_account: the billing information with its Stripe ids and discount. */
export type BillingAccount = Answer<'/admin/providers/{id}/billing_account', 'get'>;
/** PATCH /admin/providers/{id}/billing_account */
export type BillingAccountForm = Schema<'billing.AdminBillingAccountForm'>;

/** GET /admin/providers/{id}/service_plan_subscription */
export type PlanSubscription = Answer<'/admin/providers/{id}/service_plan_subscription', 'get'>;
/** What PUT .../service_plan_subscription takes under `service_plan_subscription`. */
export type PlanSelection = Schema<'billing.PlanSelection'>;
export type PlanChange = Answer<'/admin/providers/{id}/service_plan_subscription', 'put'>;

/** A row of GET /admin/providers/{id}/properties: the provider's property as its own list shows it. */
export type ProviderPropertyRecord = Answer<'/admin/providers/{id}/properties', 'get'>['items'][number];
/** A row of GET /admin/providers/{id}/tours: a property's player link. */
export type ProviderTourRecord = Answer<'/admin/providers/{id}/tours', 'get'>['items'][number];
/** A row of GET /admin/providers/{id}/player_link_namespaces. */
export type PlayerLinkNamespaceRecord = Answer<
  '/admin/providers/{id}/player_link_namespaces',
  'get'
>['items'][number];
/** A row of GET /admin/providers/{id}/orders. */
export type ProviderOrderRecord = Answer<'/admin/providers/{id}/orders', 'get'>['items'][number];
/** A row of GET /admin/providers/{id}/admin_changes: what an administrator changed, before and after. */
export type AdminChangeRecord = Answer<'/admin/providers/{id}/admin_changes', 'get'>['items'][number];
