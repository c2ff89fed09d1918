import { startBillingPlatform, sessionCookieOf, type BillingPlatform } from './support';

type Who =
  | 'anonymous'
  | 'admin'
  | 'scan_technician'
  | 'member'
  | 'client_user'
  | 'platform_admin'
  | 'virtual_assistant'
  | 'external_supplier'
  | 'impersonating';

const WHO: Who[] = [
  'anonymous',
  'admin',
  'scan_technician',
  'member',
  'client_user',
  'platform_admin',
  'virtual_assistant',
  'external_supplier',
  'impersonating',
];

interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: (providerId: string) => string;
  body?: object;
  expect: Partial<Record<Who, number>> & { others: number };
}

const providerSide = {
  anonymous: 401,
  admin: 200,
  scan_technician: 200,
  member: 200,
  impersonating: 200,
  others: 403,
};
const providerAdmins = (status: number) => ({
  anonymous: 401,
  admin: status,
  impersonating: status,
  others: 403,
});
const platformAdmins = (status: number) => ({ anonymous: 401, platform_admin: status, others: 403 });
const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

/** Every billing route x every role: the exact status. Demo Media has no billing account yet. */
const ROUTES: Route[] = [
  { method: 'get', path: () => '/provider/billing/plans', expect: providerSide },
  { method: 'get', path: () => '/provider/billing/service_plan_subscription', expect: providerSide },
  { method: 'get', path: () => '/provider/billing/account', expect: providerAdmins(200) },
  { method: 'put', path: () => '/provider/billing/account', body: {}, expect: providerAdmins(422) },
  { method: 'get', path: () => '/provider/billing/account/credit_cards', expect: providerAdmins(200) },
  {
    method: 'delete',
    path: () => '/provider/billing/account/credit_card/pm_123',
    expect: providerAdmins(422),
  },
  {
    method: 'post',
    path: () => '/provider/billing/set_default_payment_method',
    body: { payment_method_id: 'pm_123' },
    expect: providerAdmins(422),
  },
  { method: 'post', path: () => '/provider/billing/create_setup_intent', expect: providerAdmins(422) },
  {
    method: 'put',
    path: () => '/provider/billing/service_plan_subscription',
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: providerAdmins(422),
  },
  {
    method: 'post',
    path: () => '/provider/billing/service_plan_subscription/preview_change',
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: providerAdmins(200),
  },
  {
    method: 'post',
    path: () => '/provider/billing/service_plan_subscription/cancel_subscription_schedules',
    expect: providerAdmins(422),
  },
  { method: 'get', path: () => '/provider/billing/test_clock', expect: providerAdmins(200) },
  {
    method: 'post',
    path: () => '/provider/billing/advance_test_clock',
    body: { test_clock_id: 'clock_123', time: '2030-01-01T00:00:00Z' },
    expect: providerAdmins(404),
  },
  {
    method: 'get',
    path: (id) => `/admin/providers/${id}/service_plan_subscription`,
    expect: platformAdmins(200),
  },
  { method: 'get', path: (id) => `/admin/providers/${id}/billing_account`, expect: platformAdmins(200) },
  {
    method: 'patch',
    path: (id) => `/admin/providers/${id}/billing_account`,
    body: { name: '' },
    expect: platformAdmins(422),
  },
  {
    method: 'post',
    path: (id) => `/admin/providers/${id}/billing_account/pricing`,
    body: { pricing: { discount_percent: 10 } },
    expect: platformAdmins(422),
  },
  { method: 'get', path: () => `/admin/providers/not-a-uuid/billing_account`, expect: platformAdmins(404) },
  {
    method: 'put',
    path: () => `/admin/providers/${UNKNOWN}/service_plan_subscription`,
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: platformAdmins(422),
  },
];

describe('authorization matrix of billing', () => {
  let it_: BillingPlatform;
  const callers = new Map<Who, { cookie: string; csrfToken: string } | undefined>();
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    const admin = await it_.signIn('provider@demo.test');
    demoMedia = admin.providerId;
    callers.set('anonymous', undefined);
    callers.set('admin', admin);
    for (const role of ['scan_technician', 'member', 'client_user'] as const) {
      await it_.aMember(`${role}@demo.test`, demoMedia, role);
      callers.set(role, await it_.signIn(`${role}@demo.test`));
    }
    callers.set('platform_admin', await it_.signIn('admin@demo.test'));
    callers.set('virtual_assistant', await it_.signIn('va@demo.test'));
    callers.set('external_supplier', await it_.signIn('supplier@demo.test'));
    const impersonator = await it_.signIn('admin@demo.test');
    const started = await impersonator.send('post', '/admin/impersonations', { provider_id: demoMedia });
    callers.set('impersonating', {
      cookie: sessionCookieOf(started),
      csrfToken: started.body.data.csrf_token,
    });
  });
  afterAll(() => it_.stop());

  const cases = ROUTES.flatMap((route) =>
    WHO.map(
      (who) =>
        [
          `${route.method.toUpperCase()} ${route.path(':id')}`,
          who,
          route.expect[who] ?? route.expect.others,
          route,
        ] as const,
    ),
  );

  it.each(cases)('%s as %s -> %i', async (_label, who, status, route) => {
    const caller = callers.get(who);
    let call = it_.http[route.method](route.path(demoMedia));
    if (caller) call = call.set('cookie', caller.cookie).set('x-csrf-token', caller.csrfToken);
    const response = await (route.body ? call.send(route.body) : call);
    expect(response.status).toBe(status);
    if (status >= 400) expect(response.body.errors).toBeDefined();
  });
});
