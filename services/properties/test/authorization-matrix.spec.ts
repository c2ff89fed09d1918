import {
  everyCaller,
  expectStatus,
  fieldErrors,
  matrixCases,
  providerAdmins,
  platformAdmins,
  providerSide,
  providerWriters,
  type Credentials,
  type MatrixRoute,
  type Who,
} from '../../../test/support/authorization-matrix';
import { BOOKING_NEEDS_PLAN } from '@tourly/contracts';
import { IMPERSONATION_FORBIDDEN } from '@tourly/platform';
import { matterportDemoModelId } from '@tourly/emulators';
import { BAD_UNSUBSCRIBE_TOKEN } from '../src/analytics/report.rules';
import { startPropertiesPlatform, type PropertiesPlatform } from './support';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';
const PROPERTY_NOT_FOUND = 'Property not found';
/** Why staff outside a provider keep no picture. */
const NO_PROVIDER = 'Choose a provider to work in first.';
/** Why the free plan's own people are refused publishing (the others get the guard's 403). */
const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';
/**
 * A model of the Matterport account Demo Media reads: the platform's own (identity answers `platform` for the demo
 * provider), the test platform's token id.
 */
const DEMO_MODEL = matterportDemoModelId('test-token-id', 0);

/**
 * Every properties route x every role, on a property of Demo Media: the exact status and the refusal's words
 * (401 and 403 are the guard's unless a route says otherwise).
 */
/** The ids a route's path names: Demo Media's property, and Demo Media itself. */
interface Ids {
  property: string;
  provider: string;
}

const ROUTES: Array<MatrixRoute<Ids>> = [
  { method: 'get', path: () => '/provider/properties', expect: providerSide(200) },
  // Billing is the admins': never a scan technician's or a member's.
  { method: 'get', path: () => '/provider/billing/premium_tours', expect: providerAdmins(200) },
  { method: 'get', path: ({ property }) => `/provider/properties/${property}`, expect: providerSide(200) },
  {
    method: 'get',
    path: () => `/provider/properties/${UNKNOWN}`,
    expect: providerSide(404),
    says: { 404: PROPERTY_NOT_FOUND },
  },
  {
    method: 'patch',
    path: ({ property }) => `/provider/properties/${property}`,
    body: { property: { title: 'Renamed' } },
    // A scan technician manages properties and media; a member reads (issue 31).
    expect: providerWriters(200),
  },
  {
    method: 'get',
    path: ({ property }) => `/provider/properties/${property}/media_links`,
    expect: providerSide(200),
  },
  {
    method: 'post',
    path: ({ property }) => `/provider/properties/${property}/media_links`,
    body: { media_links: [{ url: 'https://example.com/brochure', title: 'Brochure' }] },
    expect: providerWriters(201),
  },
  {
    method: 'delete',
    path: ({ property }) => `/provider/properties/${property}/photos/${UNKNOWN}`,
    expect: providerWriters(404),
    says: { 404: 'Photo not found' },
  },
  {
    method: 'post',
    path: ({ property }) => `/provider/properties/${property}/photos/${UNKNOWN}/restore_original`,
    expect: providerWriters(404),
    says: { 404: 'Photo not found' },
  },
  {
    method: 'patch',
    path: ({ property }) => `/provider/properties/${property}/website/settings`,
    body: { website_settings: {} },
    expect: providerWriters(200),
  },
  {
    method: 'get',
    path: ({ property }) => `/provider/properties/${property}/published_features`,
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: ({ property }) => `/provider/properties/${property}/hero_image`,
    expect: providerSide(200),
  },
  {
    method: 'put',
    path: ({ property }) => `/provider/properties/${property}/published_features`,
    body: { published_features: { tour: true } },
    // Demo Media is on the free plan: its own people are refused too, for the plan (a member: it reads).
    expect: { anonymous: 401, others: 403 },
    says: {
      admin: PUBLISHING_NEEDS_PLAN,
      scan_technician: PUBLISHING_NEEDS_PLAN,
      impersonating: PUBLISHING_NEEDS_PLAN,
    },
  },
  // The autopilot (issue 32): an admin exempts a tour from pausing on an unpaid hosting fee.
  {
    method: 'put',
    path: ({ property }) => `/provider/properties/${property}/hosting_exempt`,
    body: { hosting_exempt: false },
    expect: providerAdmins(200),
  },
  {
    method: 'post',
    path: ({ property }) => `/provider/properties/${property}/preview_publish`,
    body: { published_features: { tour: true } },
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: () => '/provider/properties/premium_tours/deactivation_preview?limit=0',
    expect: providerSide(200),
  },
  { method: 'get', path: () => '/provider/properties/matterport_spaces.json', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/matterport_api/models', expect: providerSide(200) },
  {
    method: 'get',
    path: () => `/provider/matterport_api/rooms.json?matterport_key=${DEMO_MODEL}`,
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: () => `/provider/matterport_models/matterport_info.json?matterport_key=${DEMO_MODEL}`,
    expect: providerSide(200),
  },
  {
    method: 'post',
    path: () => '/provider/properties',
    body: {
      create_tour_params: {
        title: 'Matrix House',
        address: '1 Matrix St, Sydney',
        matterport_key: 'Matrix12345',
      },
    },
    expect: providerWriters(201),
  },
  {
    method: 'post',
    path: () => `/admin/properties/${UNKNOWN}/restore`,
    expect: { anonymous: 401, platform_admin: 404, others: 403 },
    says: { 404: PROPERTY_NOT_FOUND },
  },
  // The back office's reads of a provider's records (issue 18).
  {
    method: 'get',
    path: ({ provider }) => `/admin/providers/${provider}/properties`,
    expect: platformAdmins(200),
  },
  {
    method: 'get',
    path: ({ provider }) => `/admin/providers/${provider}/tours`,
    expect: platformAdmins(200),
  },
  {
    method: 'get',
    path: ({ provider }) => `/admin/providers/${provider}/player_link_namespaces`,
    expect: platformAdmins(200),
  },
  {
    method: 'get',
    path: ({ provider }) => `/admin/providers/${provider}/bookings`,
    expect: platformAdmins(200),
  },
  {
    method: 'get',
    path: () => '/admin/providers/not-a-uuid/properties',
    expect: { anonymous: 401, platform_admin: 404, others: 403 },
    says: { 404: 'Provider not found' },
  },
  // Clients and contacts: every provider-side role reads them; a member changes nothing (issue 31).
  { method: 'get', path: () => '/provider/clients', expect: providerSide(200) },
  {
    method: 'post',
    path: () => '/provider/clients/create_from_dashboard',
    body: { client_form: { name: 'Matrix Agency' } },
    expect: providerWriters(201),
  },
  {
    method: 'put',
    path: () => `/provider/clients/${UNKNOWN}`,
    body: { client_form: { name: 'Nobody' } },
    expect: providerWriters(404),
    says: { 404: 'Client not found' },
  },
  {
    method: 'get',
    path: () => `/provider/clients/${UNKNOWN}/properties`,
    expect: providerSide(404),
    says: { 404: 'Client not found' },
  },
  { method: 'get', path: () => '/provider/contacts?q=matrix', expect: providerSide(200) },
  {
    method: 'post',
    path: () => '/provider/contacts/create_from_dashboard',
    body: { contact: { full_name: 'Nobody' } },
    expect: providerWriters(422),
    says: { 422: fieldErrors({ 'contact.email_address': 'Required' }) },
  },
  {
    method: 'delete',
    path: () => `/provider/contacts/${UNKNOWN}`,
    expect: providerWriters(404),
    says: { 404: 'Contact not found' },
  },
  // Client portals (issue 31): the preview is the provider's people's; the portal is client users' (the one here has
  // no client, so it is refused like everyone else).
  {
    method: 'get',
    path: () => `/provider/clients/${UNKNOWN}/portal/properties`,
    expect: providerSide(404),
    says: { 404: 'Client not found' },
  },
  { method: 'get', path: () => '/portal/properties', expect: { anonymous: 401, others: 403 } },
  {
    method: 'get',
    path: ({ property }) => `/portal/properties/${property}/floorplans`,
    expect: { anonymous: 401, others: 403 },
  },
  { method: 'get', path: () => '/portal/bookings', expect: { anonymous: 401, others: 403 } },
  {
    method: 'get',
    path: () => `/provider/clients/${UNKNOWN}/portal/bookings`,
    expect: providerSide(404),
    says: { 404: 'Client not found' },
  },
  { method: 'get', path: () => '/admin/provider_clients.json', expect: platformAdmins(200) },
  // Bookings: the team reads the booking page and the bookings; admins set the page up; a member answers nothing.
  { method: 'get', path: () => '/provider/booking_page', expect: providerSide(200) },
  {
    method: 'put',
    path: () => '/provider/booking_page',
    body: {
      booking_page: {
        slug: 'demo-media-matrix',
        title: 'Book a shoot',
        time_zone: 'UTC',
        lead_time_hours: 24,
        slot_minutes: 30,
        access_types: ['on_site'],
      },
    },
    expect: providerAdmins(200),
  },
  {
    method: 'post',
    path: () => '/provider/booking_page/publish',
    // Demo Media is on the free plan: its admins are told to upgrade.
    expect: providerAdmins(403),
    says: { admin: BOOKING_NEEDS_PLAN, impersonating: BOOKING_NEEDS_PLAN },
  },
  { method: 'get', path: () => '/provider/booking_page/preview', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/bookings', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/bookings/calendar?month=2026-12', expect: providerSide(200) },
  {
    method: 'get',
    path: () => `/provider/bookings/${UNKNOWN}`,
    expect: providerSide(404),
    says: { 404: 'Booking not found' },
  },
  {
    method: 'post',
    path: () => `/provider/bookings/${UNKNOWN}/update_from_dashboard`,
    body: { provider_properties_update_booking_form: { response: 'accepted' } },
    expect: providerWriters(404),
    says: { 404: 'Booking not found' },
  },
  {
    method: 'post',
    path: () => `/provider/bookings/${UNKNOWN}/mark_as_invoiced`,
    expect: providerWriters(404),
    says: { 404: 'Booking not found' },
  },
  {
    method: 'post',
    path: () => `/provider/bookings/${UNKNOWN}/cancel_from_dashboard`,
    body: {},
    expect: providerWriters(404),
    says: { 404: 'Booking not found' },
  },
  {
    method: 'get',
    path: () => '/booking_pages/no-such-page',
    expect: { others: 404 },
    says: { 404: 'Booking page not found' },
  },
  {
    method: 'get',
    path: ({ provider }) => `/admin/providers/${provider}/bookings`,
    expect: platformAdmins(200),
  },
  { method: 'get', path: () => '/admin/matterport_models.json', expect: platformAdmins(200) },
  // People's pictures (issue 31): anyone signed in reads their own; anyone working in a provider (its people, its
  // client users) sets and removes their own, never an impersonating admin nor staff outside a provider; the team
  // list's pictures are the provider's people's.
  { method: 'get', path: () => '/profile/avatar', expect: { anonymous: 401, others: 200 } },
  {
    method: 'put',
    path: () => '/profile/avatar',
    expect: {
      anonymous: 401,
      impersonating: 403,
      platform_admin: 403,
      virtual_assistant: 403,
      external_supplier: 403,
      others: 400,
    },
    says: {
      // Not multipart (the matrix sends JSON): the platform's own words.
      400: 'Send the file as multipart/form-data in the field avatar.',
      impersonating: IMPERSONATION_FORBIDDEN,
      platform_admin: NO_PROVIDER,
      virtual_assistant: NO_PROVIDER,
      external_supplier: NO_PROVIDER,
    },
  },
  {
    method: 'delete',
    path: () => '/profile/avatar',
    expect: {
      anonymous: 401,
      impersonating: 403,
      platform_admin: 403,
      virtual_assistant: 403,
      external_supplier: 403,
      others: 200,
    },
    says: {
      impersonating: IMPERSONATION_FORBIDDEN,
      platform_admin: NO_PROVIDER,
      virtual_assistant: NO_PROVIDER,
      external_supplier: NO_PROVIDER,
    },
  },
  { method: 'get', path: () => `/profile/avatars?user_ids=${UNKNOWN}`, expect: providerSide(200) },
  // The weekly analytics report: each of the provider's people reads and sets their own, a member too (a person's
  // choice, not a provider's record), never an impersonating admin for them; its link's unsubscribe is anyone's.
  { method: 'get', path: () => '/provider/analytics/weekly_report', expect: providerSide(200) },
  {
    method: 'put',
    path: () => '/provider/analytics/weekly_report',
    body: { subscribed: true },
    expect: { ...providerSide(200), impersonating: 403 },
    says: {
      impersonating: IMPERSONATION_FORBIDDEN,
      platform_admin: NO_PROVIDER,
      virtual_assistant: NO_PROVIDER,
      external_supplier: NO_PROVIDER,
    },
  },
  {
    method: 'post',
    path: () => '/analytics/weekly_report/unsubscribe',
    body: { token: 'not-a-token' },
    expect: { others: 422 },
    says: { 422: fieldErrors({ token: BAD_UNSUBSCRIBE_TOKEN }) },
  },
];

describe('authorization matrix of properties', () => {
  let it_: PropertiesPlatform;
  let callers: Map<Who, Credentials | undefined>;
  let ids: Ids;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    const everyone = await everyCaller(it_);
    callers = everyone.callers;
    const created = await everyone.admin.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'Matrix Base',
        address: '2 Matrix St, Sydney',
        matterport_key: 'MatrixBase1',
      },
    });
    ids = { property: created.body.data.id, provider: everyone.demoMedia };
  });
  afterAll(() => it_.stop());

  it.each(matrixCases<Ids>(ROUTES, { property: ':id', provider: ':provider' }))(
    '%s as %s -> %i',
    (_label, who, status, route) => expectStatus(it_.http, callers.get(who), route, ids, status, who),
  );
});
