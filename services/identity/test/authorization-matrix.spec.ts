import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import {
  expectStatus,
  fieldErrors,
  matrixCases,
  type MatrixRoute,
  type Who,
} from '../../../test/support/authorization-matrix';
import { IMPERSONATION_FORBIDDEN, uuidv7 } from '@tourly/platform';
import { INVITATION_LINK_INVALID } from '../src/team/team.rules';
import { startIdentityPlatform, sessionCookieOf, type SignedIn } from './support';

/**
 * Every identity route x every kind of caller, with the exact status each gets and the words of each refusal
 * (401 and 403 are the guard's unless a route says otherwise). No route is reachable by a
 * caller the spec does not give it. Routes that end the caller's session (sign-out, starting or stopping an
 * impersonation) are covered for the callers they refuse; their success paths have their own suites.
 */
interface Ids {
  demoMedia: string;
  providerUser: string;
  webhookEndpoint: string;
}

const UNKNOWN_ID = '01a20000-0000-7000-8000-000000000000';
const WEBHOOKS = '/provider/developers/webhooks_subscription';
const TEAM = '/provider/settings/team';
const PORTAL = '/provider/client_portal/clients';
const DOMAIN_NOT_FOUND = 'White-label domain not found';
const WHITE_LABEL_NEEDS_PLAN =
  'White-label domains come with the Creator and Pro plans. Upgrade your plan to use one.';
const RESET_TOKEN_INVALID = fieldErrors({
  'user.reset_password_token': 'is invalid or has expired; ask for a new link',
});

const signedInOnly = { anonymous: 401, others: 200 };
const providerReaders = {
  anonymous: 401,
  admin: 200,
  scan_technician: 200,
  member: 200,
  impersonating: 200,
  others: 403,
};
const providerAdmins = { anonymous: 401, admin: 200, impersonating: 200, others: 403 };
const platformAdmins = { anonymous: 401, platform_admin: 200, others: 403 };

const ROUTES: Array<MatrixRoute<Ids>> = [
  { method: 'get', path: () => '/users/me', expect: signedInOnly },
  {
    method: 'patch',
    path: () => '/users/me',
    body: () => ({ user: { phone_number: '555 010 9999' } }),
    // The person's own details: an impersonating admin does not change them.
    expect: { anonymous: 401, impersonating: 403, others: 200 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
  { method: 'get', path: () => '/provider/access/available_providers.json', expect: signedInOnly },
  {
    method: 'post',
    path: () => '/provider/access/change_to_default_provider.json',
    // Staff without a membership have no provider to go back to.
    expect: {
      anonymous: 401,
      platform_admin: 404,
      virtual_assistant: 404,
      external_supplier: 404,
      others: 200,
    },
    says: { 404: 'You are not a member of any provider yet.' },
  },
  {
    method: 'post',
    path: () => '/provider/access/change_current_provider.json',
    body: (ids) => ({ provider_id: ids.demoMedia }),
    expect: {
      anonymous: 401,
      platform_admin: 404,
      virtual_assistant: 404,
      external_supplier: 404,
      others: 200,
    },
    says: { 404: 'Provider not found' },
  },
  { method: 'get', path: () => '/provider/settings', expect: providerReaders },
  { method: 'get', path: () => '/provider/settings/users', expect: providerReaders },
  {
    method: 'post',
    path: () => '/provider/subdomains',
    body: () => ({ subdomain: 'demo-media' }),
    expect: providerAdmins,
  },
  {
    method: 'post',
    path: () => '/provider/settings/toggle_auto_populate_models',
    body: () => ({ auto_populate_models: false }),
    expect: providerAdmins,
  },
  { method: 'get', path: () => '/provider/settings/access_log', expect: providerAdmins },
  {
    method: 'post',
    path: () => '/provider/settings/regenerate_api_key',
    // What only the provider's own admins may do: never an admin impersonating them.
    expect: { anonymous: 401, admin: 200, others: 403 },
    says: { impersonating: IMPERSONATION_SECRETS_FORBIDDEN },
  },
  { method: 'get', path: () => WEBHOOKS, expect: providerAdmins },
  { method: 'post', path: () => WEBHOOKS, expect: providerAdmins },
  {
    method: 'post',
    path: () => `${WEBHOOKS}/endpoints`,
    body: () => ({ endpoint: { url: 'http://127.0.0.1:9/matrix', event_types: ['lead.received'] } }),
    // A secret and a new channel for the provider's data: its own admins', never an impersonating admin's.
    expect: { anonymous: 401, admin: 201, others: 403 },
    says: { impersonating: IMPERSONATION_SECRETS_FORBIDDEN },
  },
  {
    method: 'patch',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}`,
    body: () => ({ endpoint: { description: 'matrix' } }),
    expect: providerAdmins,
  },
  {
    method: 'patch',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}`,
    // Another address each time (the one it has already is no change).
    body: () => ({ endpoint: { url: `http://127.0.0.1:9/matrix-${uuidv7()}` } }),
    // Pointing the provider's events at another address: its own admins only.
    expect: { anonymous: 401, admin: 200, others: 403 },
    says: { impersonating: IMPERSONATION_SECRETS_FORBIDDEN },
  },
  {
    method: 'delete',
    path: () => `${WEBHOOKS}/endpoints/${UNKNOWN_ID}`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Webhook endpoint not found' },
  },
  {
    method: 'post',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/rotate_secret`,
    expect: { anonymous: 401, admin: 200, others: 403 },
    says: { impersonating: IMPERSONATION_SECRETS_FORBIDDEN },
  },
  {
    method: 'post',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/test`,
    expect: { anonymous: 401, admin: 202, impersonating: 202, others: 403 },
  },
  {
    method: 'get',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/deliveries`,
    expect: providerAdmins,
  },
  {
    method: 'get',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/deliveries/${UNKNOWN_ID}`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Webhook delivery not found' },
  },
  {
    method: 'post',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/deliveries/${UNKNOWN_ID}/replay`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Webhook delivery not found' },
  },
  {
    method: 'post',
    path: (ids) => `${WEBHOOKS}/endpoints/${ids.webhookEndpoint}/replay_failed`,
    expect: { anonymous: 401, admin: 202, impersonating: 202, others: 403 },
  },
  {
    method: 'get',
    path: () => '/api/integrations/matterport/auth_url',
    // Connecting the provider's Matterport account: its own admins, never an administrator impersonating it.
    expect: { anonymous: 401, admin: 200, others: 403 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
  {
    method: 'get',
    path: () => '/api/integrations/matterport/callback?code=matrix&state=matrix',
    // An unknown state: the admin is sent back to the settings page, told it failed.
    expect: { anonymous: 401, admin: 302, others: 403 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
  { method: 'get', path: () => '/provider/matterport_auth/connection', expect: providerReaders },
  { method: 'delete', path: () => '/provider/matterport_auth/connection', expect: providerAdmins },
  { method: 'get', path: () => '/provider/matterport_auth/show_oauth_switch_prompt', expect: providerAdmins },
  {
    method: 'post',
    path: () => '/provider/matterport_auth/mark_oauth_prompt_seen',
    // The provider's own choice: an impersonating administrator neither sees the prompt nor dismisses it.
    expect: { anonymous: 401, admin: 200, others: 403 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
  { method: 'get', path: () => '/provider/onboarding/info.json', expect: signedInOnly },
  { method: 'get', path: () => '/contact_confirmations', expect: signedInOnly },
  {
    method: 'post',
    path: () => '/contact_confirmations/resend',
    body: () => ({ type: 'email' }),
    expect: signedInOnly,
  },
  {
    method: 'get',
    path: () => '/provider/onboarding/check_visibility.json?check=cs_overlay',
    expect: signedInOnly,
  },
  {
    method: 'patch',
    path: () => '/provider/onboarding',
    body: () => ({ onboarding: { cs_overlay: '2026-11-20T10:00:00Z' } }),
    expect: signedInOnly,
  },
  {
    method: 'post',
    path: () => '/provider/settings/whitelabel-domain',
    body: () => ({ whitelabeled_domain: { subdomain: 'tours.demo-media.com' } }),
    // Demo Media is on the free plan: its admins are refused too, for the plan (see whitelabeled-domains.spec.ts).
    expect: { anonymous: 401, others: 403 },
    says: { admin: WHITE_LABEL_NEEDS_PLAN, impersonating: WHITE_LABEL_NEEDS_PLAN },
  },
  { method: 'get', path: () => '/admin/whitelabeled_domains', expect: platformAdmins },
  {
    method: 'put',
    path: () => `/admin/whitelabeled_domains/${UNKNOWN_ID}`,
    body: () => ({ whitelabeled_domain: { subdomain: 'tours.example.com' } }),
    expect: { anonymous: 401, platform_admin: 404, others: 403 },
    says: { 404: DOMAIN_NOT_FOUND },
  },
  {
    method: 'get',
    path: () => '/virtual_assistant/whitelabeled-domains.json',
    expect: { anonymous: 401, platform_admin: 200, virtual_assistant: 200, others: 403 },
  },
  {
    method: 'patch',
    path: () => `/virtual_assistant/whitelabeled-domains/${UNKNOWN_ID}`,
    body: () => ({ whitelabeled_domain: { status: 'active' } }),
    expect: { anonymous: 401, platform_admin: 404, virtual_assistant: 404, others: 403 },
    says: { 404: DOMAIN_NOT_FOUND },
  },
  { method: 'get', path: () => '/admin/providers.json', expect: platformAdmins },
  { method: 'get', path: (ids) => `/admin/providers/${ids.demoMedia}`, expect: platformAdmins },
  { method: 'get', path: (ids) => `/admin/providers/${ids.demoMedia}/users.json`, expect: platformAdmins },
  {
    method: 'get',
    path: (ids) => `/admin/providers/${ids.demoMedia}/admin_changes`,
    expect: platformAdmins,
  },
  {
    method: 'post',
    path: () => '/admin/update_tag.json',
    body: (ids) => ({ provider_id: ids.demoMedia, tag: 'Matrix' }),
    expect: platformAdmins,
  },
  { method: 'get', path: () => '/admin/contacts.json', expect: platformAdmins },
  {
    method: 'post',
    path: (ids) => `/admin/users/${ids.providerUser}/change_primary_provider`,
    body: (ids) => ({ user: { primary_provider_id: ids.demoMedia } }),
    expect: platformAdmins,
  },
  { method: 'get', path: () => '/admin/impersonations', expect: platformAdmins },
  {
    method: 'post',
    path: () => '/admin/impersonations',
    body: (ids) => ({ provider_id: ids.demoMedia }),
    // platform_admin succeeds (and loses its session): see impersonation.spec.ts.
    expect: { anonymous: 401, platform_admin: -1, others: 403 },
  },
  {
    method: 'post',
    path: () => '/sign_up',
    body: () => ({
      user: { email: 'someone@example.com', password: 'long-enough-password' },
      captcha_response: 'fail',
    }),
    // Open to anyone; the failing captcha keeps this table from creating accounts.
    expect: { others: 422 },
    says: {
      422: fieldErrors({ captcha_response: 'Please confirm you are not a robot, then try again.' }),
    },
  },
  {
    method: 'post',
    path: () => '/oauth/token',
    // Another address each time: the lockout (five misses per address) would answer otherwise.
    body: () => ({
      grant_type: 'password',
      username: `nobody-${uuidv7()}@example.com`,
      password: 'wrong-password',
    }),
    // Open to anyone; wrong credentials are the RFC's 400 invalid_grant.
    expect: { others: 400 },
    says: { 400: { error: 'invalid_grant', error_description: 'Invalid email or password.' } },
  },
  {
    method: 'post',
    path: () => '/oauth/revoke',
    body: () => ({ token: 'unknown' }),
    expect: { others: 200 },
  },
  {
    method: 'post',
    path: () => '/users/password',
    body: () => ({ user: { email: 'nobody-here@example.com' } }),
    expect: { others: 200 },
  },
  {
    method: 'post',
    path: () => '/users/password/check',
    body: () => ({ user: { reset_password_token: 'not-a-token' } }),
    expect: { others: 422 },
    says: { 422: RESET_TOKEN_INVALID },
  },
  {
    method: 'put',
    path: () => '/users/password',
    body: () => ({ user: { reset_password_token: 'not-a-token', password: 'long-enough-password' } }),
    expect: { others: 422 },
    says: { 422: RESET_TOKEN_INVALID },
  },
  {
    method: 'post',
    path: () => '/sign_up/confirm',
    body: () => ({ user: { email: 'someone@example.com', code: '123456' } }),
    // Open to anyone; no code was sent for this address.
    expect: { others: 422 },
    says: {
      422: fieldErrors({
        'user.code': 'is incorrect or has expired; check the latest email, or start again',
      }),
    },
  },
  {
    method: 'post',
    path: () => '/sign_up/finalize',
    body: () => ({ user: { first_name: 'Test', last_name: 'User' } }),
    // The person's own name: an impersonating admin does not change it.
    expect: { anonymous: 401, impersonating: 403, others: 201 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
  {
    method: 'post',
    path: () => '/provider/surveys',
    body: () => ({ survey: { company_size: '2-5' } }),
    expect: { anonymous: 401, others: 201 },
  },
  {
    method: 'delete',
    path: () => '/admin/impersonations/current',
    // The impersonating admin succeeds (and ends it): see impersonation.spec.ts.
    expect: { anonymous: 401, impersonating: -1, others: 409 },
    says: { 409: 'You are not impersonating anyone.' },
  },
  // The team (issue 31): everyone on it reads it; its admins change it.
  { method: 'get', path: () => `${TEAM}/members`, expect: providerReaders },
  { method: 'get', path: () => `${TEAM}/invitations`, expect: providerAdmins },
  {
    method: 'post',
    path: () => `${TEAM}/invitations`,
    body: () => ({ invitation: { email: `matrix-${uuidv7()}@example.test`, role: 'scan_technician' } }),
    expect: { anonymous: 401, admin: 201, impersonating: 201, others: 403 },
  },
  {
    method: 'patch',
    path: (ids) => `${TEAM}/members/${ids.providerUser}`,
    body: () => ({ member: { role: 'admin' } }),
    expect: providerAdmins,
  },
  {
    method: 'patch',
    path: () => `${TEAM}/members/${UNKNOWN_ID}`,
    body: () => ({ member: { role: 'member' } }),
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Team member not found' },
  },
  {
    method: 'delete',
    path: () => `${TEAM}/members/${UNKNOWN_ID}`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Team member not found' },
  },
  {
    method: 'post',
    path: () => `${TEAM}/invitations/${UNKNOWN_ID}/resend`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Invitation not found' },
  },
  {
    method: 'delete',
    path: () => `${TEAM}/invitations/${UNKNOWN_ID}`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Invitation not found' },
  },
  // Client portals (issue 31): who may enter a client's portal is the team's to read and the admins' to change; the
  // portal's own reads are client users' (one here has no client: refused like everyone else).
  {
    method: 'get',
    path: () => `${PORTAL}/not-a-client/users`,
    expect: {
      anonymous: 401,
      admin: 404,
      scan_technician: 404,
      member: 404,
      impersonating: 404,
      others: 403,
    },
    says: { 404: 'Client not found' },
  },
  {
    method: 'post',
    path: () => `${PORTAL}/not-a-client/invitations`,
    body: () => ({ invitation: { email: 'matrix@example.test' } }),
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Client not found' },
  },
  {
    method: 'delete',
    path: () => `${PORTAL}/not-a-client/users/${UNKNOWN_ID}`,
    expect: { anonymous: 401, admin: 404, impersonating: 404, others: 403 },
    says: { 404: 'Client not found' },
  },
  { method: 'get', path: () => '/portal/provider', expect: { anonymous: 401, others: 403 } },
  {
    method: 'post',
    path: () => '/users/invitation/check',
    body: () => ({ invitation: { invitation_token: 'matrix' } }),
    // The link is the credential: anyone holding one may ask what it invites to.
    expect: { others: 404 },
    says: { 404: INVITATION_LINK_INVALID },
  },
  {
    method: 'post',
    path: () => '/sign_up/setup_provider',
    body: () => ({ setup_provider: { name: 'Matrix Media' } }),
    // Last: it moves each caller into a new provider of their own. An impersonation stays in its provider.
    expect: { anonymous: 401, impersonating: 403, others: 201 },
    says: { impersonating: IMPERSONATION_FORBIDDEN },
  },
];

describe('authorization matrix of identity', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  const callers = new Map<Who, SignedIn | undefined>();
  let ids: Ids;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    const admin = await it_.signedIn('provider@demo.test');
    const endpoint = await it_.http
      .post(`${WEBHOOKS}/endpoints`)
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ endpoint: { url: 'http://127.0.0.1:9/matrix', event_types: ['lead.received'] } });
    ids = {
      demoMedia: (admin.body.current_provider as { id: string }).id,
      providerUser: (admin.body.user as { id: string }).id,
      webhookEndpoint: endpoint.body.data.id,
    };
    for (const role of ['scan_technician', 'member', 'client_user'] as const) {
      await it_.aUser(`${role}@demo.test`, { providerId: ids.demoMedia, role });
      callers.set(role, await it_.signedIn(`${role}@demo.test`));
    }
    callers.set('anonymous', undefined);
    callers.set('admin', admin);
    callers.set('platform_admin', await it_.signedIn('admin@demo.test'));
    callers.set('virtual_assistant', await it_.signedIn('va@demo.test'));
    callers.set('external_supplier', await it_.signedIn('supplier@demo.test'));
    const impersonator = await it_.signedIn('admin@demo.test');
    const started = await it_.http
      .post('/admin/impersonations')
      .set('cookie', impersonator.cookie)
      .set('x-csrf-token', impersonator.csrfToken)
      .send({ provider_id: ids.demoMedia });
    callers.set('impersonating', {
      cookie: sessionCookieOf(started),
      csrfToken: started.body.data.csrf_token,
      body: started.body.data,
    });
  });
  afterAll(() => it_.stop());

  it.each(matrixCases<Ids>(ROUTES, { demoMedia: ':id', providerUser: ':id', webhookEndpoint: ':id' }))(
    '%s as %s -> %i',
    (_label, who, status, route) => expectStatus(it_.http, callers.get(who), route, ids, status, who),
  );
});
