import { sessionCookieOf } from '../../../test/support/platform';
import { startPropertiesPlatform, type PropertiesPlatform } from './support';

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
  path: (propertyId: string) => string;
  body?: object;
  expect: Partial<Record<Who, number>> & { others: number };
}

const providerSide = (status: number) => ({
  anonymous: 401,
  admin: status,
  scan_technician: status,
  member: status,
  impersonating: status,
  others: 403,
});
const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

/** Every properties route x every role, on a property of Demo Media: the exact status. */
const ROUTES: Route[] = [
  { method: 'get', path: () => '/provider/properties', expect: providerSide(200) },
  { method: 'get', path: (id) => `/provider/properties/${id}`, expect: providerSide(200) },
  { method: 'get', path: () => `/provider/properties/${UNKNOWN}`, expect: providerSide(404) },
  {
    method: 'patch',
    path: (id) => `/provider/properties/${id}`,
    body: { property: { title: 'Renamed' } },
    expect: providerSide(200),
  },
  { method: 'get', path: (id) => `/provider/properties/${id}/published_features`, expect: providerSide(200) },
  {
    method: 'put',
    path: (id) => `/provider/properties/${id}/published_features`,
    body: { published_features: { tour: true } },
    // Demo Media is on the free plan: its own people are refused too, for the plan.
    expect: { anonymous: 401, others: 403 },
  },
  {
    method: 'post',
    path: (id) => `/provider/properties/${id}/preview_publish`,
    body: { published_features: { tour: true } },
    expect: providerSide(200),
  },
  {
    method: 'get',
    path: () => '/provider/properties/premium_tours/deactivation_preview?limit=0',
    expect: providerSide(200),
  },
  { method: 'get', path: () => '/provider/properties/matterport_spaces.json', expect: providerSide(200) },
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
    expect: providerSide(201),
  },
  {
    method: 'post',
    path: () => `/admin/properties/${UNKNOWN}/restore`,
    expect: { anonymous: 401, platform_admin: 404, others: 403 },
  },
];

describe('authorization matrix of properties', () => {
  let it_: PropertiesPlatform;
  const callers = new Map<Who, { cookie: string; csrfToken: string } | undefined>();
  let propertyId: string;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    const admin = await it_.signIn('provider@demo.test');
    callers.set('anonymous', undefined);
    callers.set('admin', admin);
    for (const role of ['scan_technician', 'member', 'client_user'] as const) {
      await it_.aMember(`${role}@demo.test`, admin.providerId, role);
      callers.set(role, await it_.signIn(`${role}@demo.test`));
    }
    callers.set('platform_admin', await it_.signIn('admin@demo.test'));
    callers.set('virtual_assistant', await it_.signIn('va@demo.test'));
    callers.set('external_supplier', await it_.signIn('supplier@demo.test'));
    const impersonator = await it_.signIn('admin@demo.test');
    const started = await impersonator.send('post', '/admin/impersonations', {
      provider_id: admin.providerId,
    });
    callers.set('impersonating', {
      cookie: sessionCookieOf(started),
      csrfToken: started.body.data.csrf_token,
    });
    const created = await admin.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'Matrix Base',
        address: '2 Matrix St, Sydney',
        matterport_key: 'MatrixBase1',
      },
    });
    propertyId = created.body.data.id;
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
    let call = it_.http[route.method](route.path(propertyId));
    if (caller) call = call.set('cookie', caller.cookie).set('x-csrf-token', caller.csrfToken);
    const response = await (route.body ? call.send(route.body) : call);
    expect(response.status).toBe(status);
    if (status >= 400) expect(response.body.errors).toBeDefined();
  });
});
