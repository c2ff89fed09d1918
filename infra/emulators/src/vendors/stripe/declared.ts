import { API_VERSION } from './events';
import { invalidParam, StripeApiError } from './errors';
import generated from './params.generated.json';
import type { RawParams } from './params';

/**
 * What a request parameter may hold, as the `stripe` SDK's types declare it (scripts/stripe-types.js):
 * `s` a single value, `m` any keys (metadata), `a` a list of that shape, `o` an object of those keys.
 */
export interface ParamShape {
  s?: 1;
  m?: 1;
  a?: ParamShape;
  o?: Record<string, ParamShape>;
}

export type DeclaredParams = Record<string, ParamShape>;

const FROM_SDK = generated as {
  sdk: string;
  routes: Record<string, { type: string; params: DeclaredParams }>;
};

/** The parameters the SDK's types declare for a route ("POST /subscriptions/:id"), if it is Stripe's. */
export function declaredParams(route: string): DeclaredParams | undefined {
  return FROM_SDK.routes[route]?.params;
}

/** Routes whose parameters come from the SDK's types. */
export const DECLARED_ROUTES = Object.keys(FROM_SDK.routes);

/** What Stripe.js adds to the calls it makes with a publishable key. */
export const STRIPE_JS_PARAMS: DeclaredParams = { key: { s: 1 }, client_secret: { s: 1 } };

/**
 * Refuses what Stripe refuses before doing anything: a parameter the endpoint does not declare, at any depth
 * (`400 parameter_unknown`, "Received unknown parameter: items[0][foo]"), and an API version other than the
 * pinned one the emulator models.
 */
export function checkRequest(raw: RawParams, declared: DeclaredParams, version: string | undefined): void {
  if (version !== undefined && version !== API_VERSION) {
    throw new StripeApiError(
      400,
      {
        type: 'invalid_request_error',
        message: `Invalid Stripe API version: ${version}. This emulator answers in ${API_VERSION} only, the version the pinned stripe SDK sends.`,
      },
      false,
    );
  }
  const unknown = unknownIn(raw, declared, '');
  if (unknown) throw invalidParam(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
}

function unknownIn(raw: RawParams, declared: DeclaredParams, prefix: string): string | undefined {
  for (const [key, value] of Object.entries(raw)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    const shape = declared[key];
    if (!shape) return name;
    const found = unknownInValue(value, shape, name);
    if (found) return found;
  }
  return undefined;
}

function unknownInValue(value: unknown, shape: ParamShape, name: string): string | undefined {
  if (value === null || typeof value !== 'object' || shape.m) return undefined;
  const entries = listEntries(value);
  if (shape.a && entries) {
    for (const [index, entry] of entries) {
      const found = unknownInValue(entry, shape.a, `${name}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (shape.o && !Array.isArray(value)) return unknownIn(value as RawParams, shape.o, name);
  return undefined;
}

function listEntries(value: object): Array<[string, unknown]> | undefined {
  if (Array.isArray(value)) return value.map((entry, index) => [String(index), entry]);
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.map((key) => [key, (value as Record<string, unknown>)[key]]);
  }
  return undefined;
}
