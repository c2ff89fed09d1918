import type request from 'supertest';
import { NOT_ALLOWED, SIGN_IN_REQUIRED, type ErrorMap } from '@tourly/platform';
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

/**
 * What a refusal says: a base message (`{ errors: { base: [message] } }`), or the whole body when it is another
 * shape (field errors, an OAuth error with its code).
 */
export type Refusal = string | { errors: ErrorMap } | { error: string; error_description?: string };

/**
 * A route and the exact status each caller gets (`others` for everyone not named; a negative one skips), and
 * the exact words of each refusal: `says` by caller first, then by status. A 401 says the guard's
 * SIGN_IN_REQUIRED and a 403 its NOT_ALLOWED unless `says` names other words; any other refusal must be named.
 */
export interface MatrixRoute<Ids> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: (ids: Ids) => string;
  body?: object | ((ids: Ids) => object);
  expect: Partial<Record<Who, number>> & { others: number };
  says?: Partial<Record<Who | number, Refusal>>;
}

/** What the platform's guard answers: anonymous callers must sign in, callers without the role are not allowed. */
const GUARD: Partial<Record<number, Refusal>> = { 401: SIGN_IN_REQUIRED, 403: NOT_ALLOWED };

/** A refusal of one field (or several), as the wire carries it. */
export const fieldErrors = (errors: Record<string, string>): Refusal => ({
  errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
});

function bodyOf(refusal: Refusal): object {
  return typeof refusal === 'string' ? { errors: { base: [refusal] } } : refusal;
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
/** What changes a provider's records: the provider-side roles but a member, who reads (`READ_ONLY_ROLES`). */
export const providerWriters = (status: number) => ({ ...providerSide(status), member: 403 });
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

/** `[label, who, status, route]` for `it.each`, one per route and caller (the refusal's words follow the route). */
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

/** One case: the caller's request, and the status (and, for a refusal, its exact body) it gets. */
export async function expectStatus<Ids>(
  http: ReturnType<typeof request>,
  caller: Credentials | undefined,
  route: MatrixRoute<Ids>,
  ids: Ids,
  status: number,
  who: Who,
) {
  const refusal = status >= 400 ? (route.says?.[who] ?? route.says?.[status] ?? GUARD[status]) : undefined;
  if (status >= 400 && refusal === undefined) {
    throw new Error(`${route.method} ${route.path(ids)}: name what its ${status} says (\`says\`)`);
  }
  let call = http[route.method](route.path(ids));
  if (caller) call = call.set('cookie', caller.cookie).set('x-csrf-token', caller.csrfToken);
  const body = typeof route.body === 'function' ? route.body(ids) : route.body;
  const response = await (body ? call.send(body) : call);
  // The body too when the status is not the one expected: what the caller was told says why.
  const shown = refusal !== undefined || response.status !== status ? response.body : undefined;
  expect({ status: response.status, body: shown }).toEqual({
    status,
    body: refusal === undefined ? undefined : bodyOf(refusal),
  });
}
