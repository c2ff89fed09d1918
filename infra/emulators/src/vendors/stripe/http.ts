import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { maskKey, type StripeAccounts } from './accounts';
import type { StripeEngine } from './engine';
import { checkRequest, declaredParams, STRIPE_JS_PARAMS, type DeclaredParams } from './declared';
import { authenticationError, StripeApiError, unrecognizedUrl, type StripeErrorBody } from './errors';
import { newId } from './ids';
import { Params, parseNested, type RawParams } from './params';

export type KeyKind = 'secret' | 'publishable';

export interface Call {
  params: Params;
  path: Record<string, string>;
  key: KeyKind;
  /** The key the call was made with (Stripe quotes it, masked, in some errors). */
  apiKey: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** Stripe.js may call it with a publishable key (the handler checks the client secret). */
  publishable?: boolean;
  /** Emulator inspection: no key needed, the answer is sent as is. */
  open?: boolean;
  /** The parameters of a route Stripe does not have (its own are read from the SDK's types). */
  params?: DeclaredParams;
  handler: (call: Call) => unknown;
}

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account, X-Stripe-Client-User-Agent, User-Agent',
  'access-control-max-age': '300',
};

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/**
 * The `/v1` plugin: Stripe's nested form bodies, API keys (test keys only), idempotency keys, expand, CORS
 * for Stripe.js, and Stripe's error bodies so the SDK raises the right error classes.
 */
export function stripeApi(
  accounts: StripeAccounts,
  routesOf: (engine: StripeEngine) => Route[],
): FastifyPluginAsync {
  const byEngine = new WeakMap<StripeEngine, Route[]>();
  const routesFor = (engine: StripeEngine) => {
    let routes = byEngine.get(engine);
    if (!routes) {
      routes = routesOf(engine);
      byEngine.set(engine, routes);
    }
    return routes;
  };
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body.toString()),
    );
    app.setNotFoundHandler((request, reply) => {
      const { statusCode, body } = unrecognizedUrl(request.method, pathOf(request));
      void reply.code(statusCode).headers(CORS_HEADERS).send({ error: body });
    });
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      const type = status < 500 ? 'invalid_request_error' : 'api_error';
      void reply
        .code(status)
        .headers(CORS_HEADERS)
        .send({ error: { type, message: error.message } });
    });
    app.options('/*', async (_request, reply) => reply.code(204).headers(CORS_HEADERS).send());
    // Every account's engine has the same routes, in the same order: the request's account picks the handler.
    routesFor(accounts.platform).forEach((route, index) => {
      app.route({
        method: route.method,
        url: route.url,
        handler: async (request, reply) =>
          handle(accounts, (engine) => routesFor(engine)[index]!, route, request, reply),
      });
    });
  };
}

function handle(
  accounts: StripeAccounts,
  routeOf: (engine: StripeEngine) => Route,
  platformRoute: Route,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let engine = accounts.platform;
  let route = platformRoute;
  const requestId = newId('req');
  void reply.headers(CORS_HEADERS).header('request-id', requestId);
  let idempotency: { key: string; hash: string } | undefined;
  try {
    const raw = paramsOf(request);
    const params = new Params(raw);
    const path = request.params as Record<string, string>;
    if (route.open) return reply.send(route.handler({ params, path, key: 'secret', apiKey: '' }));
    const { kind: key, apiKey } = authenticate(request, params, route);
    engine = accounts.engineFor(headerOf(request, 'stripe-account'), apiKey);
    route = routeOf(engine);
    accounts.setOrigin(`${request.protocol}://${request.headers.host ?? '127.0.0.1'}`);
    checkRequest(raw, declaredFor(route), headerOf(request, 'stripe-version'));
    accounts.catchUp();
    const idempotencyKey = headerOf(request, 'idempotency-key');
    if (request.method === 'POST' && idempotencyKey) {
      idempotency = { key: idempotencyKey, hash: stableJson(raw) };
      const replay = replayed(engine, idempotencyKey, request, idempotency.hash);
      if (replay) {
        return reply
          .code(replay.statusCode)
          .header('idempotent-replayed', 'true')
          .header('original-request', replay.requestId)
          .send(replay.body);
      }
    }
    const result = engine.events.withRequest({ id: requestId, idempotency_key: idempotencyKey ?? null }, () =>
      route.handler({ params, path, key, apiKey }),
    );
    const body = engine.presenter.present(result, params.strList('expand') ?? []);
    remember(engine, idempotency, request, requestId, 200, body);
    return reply.code(200).send(body);
  } catch (error) {
    if (error instanceof StripeApiError) {
      const body: { error: StripeErrorBody } = {
        error: { ...error.body, ...{ request_log_url: undefined } },
      };
      delete (body.error as { request_log_url?: string }).request_log_url;
      if (error.replayable) remember(engine, idempotency, request, requestId, error.statusCode, body);
      return reply.code(error.statusCode).send(body);
    }
    request.log.error(error);
    return reply
      .code(500)
      .header('stripe-should-retry', 'false')
      .send({
        error: {
          type: 'api_error',
          message: `The Stripe emulator failed: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
  }
}

function declaredFor(route: Route): DeclaredParams {
  const declared = route.params ?? declaredParams(`${route.method} ${route.url}`);
  if (!declared)
    throw new Error(`the Stripe emulator declares no parameters for ${route.method} ${route.url}`);
  return route.publishable ? { ...declared, ...STRIPE_JS_PARAMS } : declared;
}

function paramsOf(request: FastifyRequest): RawParams {
  const query = request.url.includes('?') ? parseNested(request.url.slice(request.url.indexOf('?') + 1)) : {};
  if (request.method !== 'POST') return query;
  const body = request.body;
  if (typeof body === 'string') return { ...query, ...parseNested(body) };
  if (body && typeof body === 'object') return { ...query, ...(body as RawParams) };
  return query;
}

function authenticate(
  request: FastifyRequest,
  params: Params,
  route: Route,
): { kind: KeyKind; apiKey: string } {
  const header = headerOf(request, 'authorization');
  let key: string | undefined;
  if (header?.startsWith('Bearer ')) key = header.slice('Bearer '.length).trim();
  else if (header?.startsWith('Basic '))
    key = Buffer.from(header.slice('Basic '.length), 'base64').toString().split(':')[0];
  else key = params.str('key');
  if (!key) throw authenticationError(NO_KEY);
  if (/^(sk|rk)_test_\w+/.test(key)) return { kind: 'secret', apiKey: key };
  if (/^pk_test_\w+/.test(key)) {
    if (route.publishable) return { kind: 'publishable', apiKey: key };
    throw authenticationError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
  throw authenticationError(`Invalid API Key provided: ${maskKey(key)}`);
}

function replayed(
  engine: StripeEngine,
  key: string,
  request: FastifyRequest,
  hash: string,
): { statusCode: number; body: unknown; requestId: string } | undefined {
  const now = Date.now();
  for (const [stored, result] of engine.store.idempotency) {
    if (now - result.storedAt > IDEMPOTENCY_TTL_MS) engine.store.idempotency.delete(stored);
  }
  const stored = engine.store.idempotency.get(key);
  if (!stored) return undefined;
  const endpoint = `${request.method} ${pathOf(request)}`;
  if (`${stored.method} ${stored.path}` !== endpoint) {
    throw new StripeApiError(
      400,
      {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      },
      false,
    );
  }
  if (stored.paramsHash !== hash) {
    throw new StripeApiError(
      400,
      {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
      false,
    );
  }
  return { statusCode: stored.statusCode, body: stored.body, requestId: stored.requestId };
}

function remember(
  engine: StripeEngine,
  idempotency: { key: string; hash: string } | undefined,
  request: FastifyRequest,
  requestId: string,
  statusCode: number,
  body: unknown,
): void {
  if (!idempotency) return;
  engine.store.idempotency.set(idempotency.key, {
    method: request.method,
    path: pathOf(request),
    paramsHash: idempotency.hash,
    statusCode,
    body: structuredClone(body),
    requestId,
    storedAt: Date.now(),
  });
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? request.url;
}

/** JSON with sorted keys, so the same parameters compare equal whatever their order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
