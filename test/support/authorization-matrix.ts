import type request from 'supertest';
import { sessionCookieOf, type PlatformWithEmulators } from './platform';

/** Everyone an authorization matrix asks about: anonymous, each provider role, each staff role, an impersonator. */
export const WHO = [
  'anonymous',
  'admin',
  'scan_technician',
  'member',
  'client_user',
  'platform_admin',
  'virtual_assistant',
  'external_supplier',
  'impersonating',
] as const;
export type Who = (typeof WHO)[number];

export interface Credentials {
  cookie: string;
  csrfToken: string;
}

/** A route and the exact status each caller gets (`others` for everyone not named; a negative one skips). */
export interface MatrixRoute<Ids> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: (ids: Ids) => string;
  body?: object | ((ids: Ids) => object);
  expect: Partial<Record<Who, number>> & { others: number };
}

/** The provider-side roles get `status`; everyone else 403, anonymous 401. */
export const providerSide = (status: number) => ({
  anonymous: 401,
  admin: status,
  scan_technician: status,
  member: status,
  impersonating: status,
  others: 403,
});
export const providerAdmins = (status: number) => ({
  anonymous: 401,
  admin: status,
  impersonating: status,
  others: 403,
});
export const platformAdmins = (status: number) => ({ anonymous: 401, platform_admin: status, others: 403 });

/**
 * Signs in one caller of each kind around Demo Media (the demo provider): its admin, a scan technician, a
 * member and a client user added to it, the three staff accounts, and the platform admin impersonating it.
 */
export async function everyCaller(it_: PlatformWithEmulators) {
  const admin = await it_.signIn('provider@demo.test');
  const callers = new Map<Who, Credentials | undefined>([
    ['anonymous', undefined],
    ['admin', admin],
  ]);
  for (const role of ['scan_technician', 'member', 'client_user'] as const) {
    await it_.aMember(`${role}@demo.test`, admin.providerId, role);
    callers.set(role, await it_.signIn(`${role}@demo.test`));
  }
  callers.set('platform_admin', await it_.signIn('admin@demo.test'));
  callers.set('virtual_assistant', await it_.signIn('va@demo.test'));
  callers.set('external_supplier', await it_.signIn('supplier@demo.test'));
  const impersonator = await it_.signIn('admin@demo.test');
  const started = await impersonator.send('post', '/admin/impersonations', { provider_id: admin.providerId });
  callers.set('impersonating', { cookie: sessionCookieOf(started), csrfToken: started.body.data.csrf_token });
  return { callers, demoMedia: admin.providerId, admin };
}

/** `[label, who, status, route]` for `it.each`, one per route and caller. */
export function matrixCases<Ids>(routes: Array<MatrixRoute<Ids>>, placeholders: Ids) {
  return routes.flatMap((route) =>
    WHO.map(
      (who) =>
        [
          `${route.method.toUpperCase()} ${route.path(placeholders)}`,
          who,
          route.expect[who] ?? route.expect.others,
          route,
        ] as const,
    ).filter(([, , status]) => status > 0),
  );
}

/** One case: the caller's request, and the status (and, for a refusal, the error shape) it gets. */
export async function expectStatus<Ids>(
  http: ReturnType<typeof request>,
  caller: Credentials | undefined,
  route: MatrixRoute<Ids>,
  ids: Ids,
  status: number,
) {
  let call = http[route.method](route.path(ids));
  if (caller) call = call.set('cookie', caller.cookie).set('x-csrf-token', caller.csrfToken);
  const body = typeof route.body === 'function' ? route.body(ids) : route.body;
  const response = await (body ? call.send(body) : call);
  expect(response.status).toBe(status);
  if (status >= 400) expect(response.body.errors ?? response.body.error).toBeDefined();
}
