import {
  everyCaller,
  expectStatus,
  fieldErrors,
  matrixCases,
  platformAdmins,
  providerAdmins,
  providerSide,
  providerWriters,
  type Credentials,
  type MatrixRoute,
  type Who,
} from '../../../test/support/authorization-matrix';
import { startPlatformWithEmulators, type PlatformWithEmulators } from './support';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';
/** The virtual assistant's routes: theirs and platform admins'. */
const assistants = (status: number) => ({
  anonymous: 401,
  virtual_assistant: status,
  platform_admin: status,
  others: 403,
});
/** The supplier's routes: theirs and platform admins'. */
const suppliers = (status: number) => ({
  anonymous: 401,
  external_supplier: status,
  platform_admin: status,
  others: 403,
});
/** An order's comments and files: whoever is signed in gets the order's 404 for one they do not see. */
const parties = (status: number) => ({ anonymous: 401, others: status });

const VA = '/virtual_assistant';
/** The refusals of orders' own: what a caller who passes the role is told. */
const ORDER_NOT_FOUND = 'Order not found';
const VARIANT_NOT_FOUND = 'Floor plan variant not found';
const REQUIRED_ORDER = fieldErrors({ floorplan_order: 'Required' });
const SUPPLIER = `/external_supplier/floorplan_orders/${UNKNOWN}`;

/**
 * Every orders route x every role: the exact status and the refusal's words (an order nobody has: the 404 of
 * those who pass the role; 401 and 403 are the guard's).
 */
const ROUTES: Array<MatrixRoute<string>> = [
  // Placing, cancelling and amending orders spends credits: a member reads (issue 31); a download is a read.
  {
    method: 'post',
    path: () => '/provider/orders/floorplan_orders.json',
    body: {},
    expect: providerWriters(422),
    says: { 422: REQUIRED_ORDER },
  },
  {
    method: 'post',
    path: () => '/provider/floorplan_orders',
    body: {},
    expect: providerWriters(422),
    says: { 422: REQUIRED_ORDER },
  },
  {
    method: 'post',
    path: () => `/provider/properties/${UNKNOWN}/floorplan_orders`,
    body: { floorplan_order: { kind: 'floorplan' } },
    expect: providerWriters(404),
    says: { 404: 'Property not found' },
  },
  { method: 'get', path: () => '/provider/floorplan_orders', expect: providerSide(200) },
  {
    method: 'get',
    path: () => `/provider/floorplan_orders/${UNKNOWN}`,
    expect: providerSide(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `/provider/floorplan_orders/${UNKNOWN}/cancel`,
    body: { cancellation_reason: 'Ordered twice' },
    expect: providerWriters(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `/provider/floorplan_orders/${UNKNOWN}/amend`,
    body: { amendment_form: { notes: 'Move the door' } },
    expect: providerWriters(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  { method: 'get', path: () => '/provider/orders/floorplan_variants.json', expect: providerSide(200) },
  {
    method: 'post',
    path: () => `/provider/floorplan_variants/${UNKNOWN}/assign_to_client`,
    body: { provider_client_id: null },
    expect: providerWriters(404),
    says: { 404: VARIANT_NOT_FOUND },
  },
  {
    method: 'get',
    path: () => '/provider/floorplan_variant/floorplan_template_options',
    expect: providerSide(200),
  },
  { method: 'get', path: () => '/provider/custom_opw_templates', expect: providerSide(200) },
  {
    method: 'post',
    path: () => '/provider/floorplan_editor/download',
    body: { floorplan_variant_id: UNKNOWN },
    expect: providerSide(404),
    says: { 404: VARIANT_NOT_FOUND },
  },
  { method: 'get', path: () => '/provider/billing/orders', expect: providerAdmins(200) },
  { method: 'get', path: () => '/provider/billing/orders.csv', expect: providerAdmins(200) },

  { method: 'get', path: () => `${VA}/floorplan_orders/new_index.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/schematic_floorplan_orders.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/trueplan_orders.json?status=placed,paused`, expect: assistants(200) },
  {
    method: 'get',
    path: () => `${VA}/trueplan_orders.json?status=lost`,
    expect: assistants(422),
    says: {
      422: fieldErrors({ status: 'must be one of: placed, in_progress, paused, delivered, cancelled' }),
    },
  },
  { method: 'get', path: () => `${VA}/amendments/universal_floor_plans.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/photo_retouching_orders.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/amendments/photo_retouching.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/workshop_assistant_orders.json`, expect: assistants(200) },
  { method: 'get', path: () => `${VA}/amendments/workshop_assistant.json`, expect: assistants(200) },
  {
    method: 'get',
    path: () => `${VA}/amendments/kitchens.json`,
    expect: assistants(404),
    says: { 404: 'No such amendments queue' },
  },
  { method: 'get', path: () => `${VA}/external_suppliers.json`, expect: assistants(200) },
  {
    method: 'get',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}`,
    expect: assistants(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}/assign`,
    body: { supplier_id: UNKNOWN },
    expect: assistants(422),
    says: { 422: fieldErrors({ supplier_id: 'Choose one of the external suppliers.' }) },
  },
  {
    method: 'post',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}/cancel`,
    body: {},
    expect: assistants(422),
    says: { 422: fieldErrors({ cancellation_reason: 'Required' }) },
  },
  {
    method: 'post',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}/cancel`,
    body: { cancellation_reason: 'Rescanned' },
    expect: assistants(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}/amend`,
    body: { amendment_form: { notes: 'Move the door' } },
    expect: assistants(404),
    says: { 404: ORDER_NOT_FOUND },
  },

  ...(['start', 'pause', 'finalise'] as const).map((action): MatrixRoute<string> => ({
    method: 'post',
    path: () => `${VA}/portal_order_requests/${UNKNOWN}/${action}`,
    expect: assistants(404),
    says: { 404: ORDER_NOT_FOUND },
  })),

  { method: 'get', path: () => '/external_supplier/floorplan_orders', expect: suppliers(200) },
  { method: 'get', path: () => SUPPLIER, expect: suppliers(404), says: { 404: ORDER_NOT_FOUND } },
  ...(['start', 'pause', 'finalise', 'validate'] as const).map((action): MatrixRoute<string> => ({
    method: 'post',
    path: () => `${SUPPLIER}/${action}`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  })),
  {
    method: 'post',
    path: () => `${SUPPLIER}/cancel`,
    body: { cancellation_reason: 'x' },
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `${SUPPLIER}/upload`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  { method: 'post', path: () => `${SUPPLIER}/files`, expect: suppliers(404), says: { 404: ORDER_NOT_FOUND } },
  {
    method: 'post',
    path: () => `${SUPPLIER}/upload_property_data`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'delete',
    path: () => `${SUPPLIER}/files/${UNKNOWN}`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `${SUPPLIER}/copy_file`,
    body: { file_id: UNKNOWN },
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'get',
    path: () => `${SUPPLIER}/floorplan_template`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  ...(['get', 'post'] as const).map((method): MatrixRoute<string> => ({
    method,
    path: () => `${SUPPLIER}/autogenerated_floorplans`,
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  })),
  {
    method: 'post',
    path: () => `${SUPPLIER}/amend`,
    body: { amendment_form: { notes: 'Move the door' } },
    expect: suppliers(404),
    says: { 404: ORDER_NOT_FOUND },
  },

  {
    method: 'get',
    path: () => `/opw_resources/${UNKNOWN}/comments`,
    expect: parties(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `/opw_resources/${UNKNOWN}/comments`,
    body: { comment: { body: 'Hello' } },
    expect: parties(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'delete',
    path: () => `/opw_resources/${UNKNOWN}/comments/${UNKNOWN}`,
    expect: parties(404),
    says: { 404: ORDER_NOT_FOUND },
  },
  {
    method: 'post',
    path: () => `/opw_resources/${UNKNOWN}/files`,
    expect: parties(404),
    says: { 404: ORDER_NOT_FOUND },
  },

  { method: 'get', path: (id) => `/admin/providers/${id}/orders`, expect: platformAdmins(200) },
  { method: 'get', path: () => '/admin/floorplan_variants.json?search=plan', expect: platformAdmins(200) },
  {
    method: 'get',
    path: () => '/admin/floorplan_variants.json?provider_id=acme',
    expect: platformAdmins(422),
    says: { 422: fieldErrors({ provider_id: 'is not a provider id' }) },
  },
  {
    method: 'get',
    path: (id) => `/admin/providers/${id}/floorplan_configuration/show.json`,
    expect: platformAdmins(200),
  },
  {
    method: 'put',
    path: (id) => `/admin/providers/${id}/floorplan_configuration/update.json`,
    body: {},
    expect: platformAdmins(422),
    says: { 422: fieldErrors({ floorplan_configuration: 'Required' }) },
  },
];

describe('authorization matrix of orders', () => {
  let it_: PlatformWithEmulators;
  let callers: Map<Who, Credentials | undefined>;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators();
    ({ callers, demoMedia } = await everyCaller(it_));
  });
  afterAll(() => it_.stop());

  it.each(matrixCases<string>(ROUTES, ':id'))('%s as %s -> %i', (_label, who, status, route) =>
    expectStatus(it_.http, callers.get(who), route, demoMedia, status, who),
  );
});
