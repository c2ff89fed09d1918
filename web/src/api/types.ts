/**
 * The API's types as the pages see them: generated from the gateway's OpenAPI document (`schema.gen.ts`, snake_case
 * as on the wire) and camelCased at the type level exactly as `toCamelCaseKeys` converts the values at the edge.
 * Pages name what they get with these, never with a hand-written copy of a server type.
 */
import type { components, paths } from './schema.gen';

/**
 * `current_page` -> `currentPage`, as `toCamelCase` converts: only an underscore before a lowercase letter is a word
 * break; a leading one (`_destroy`), or one before a digit or a capital, stays.
 */
export type CamelCase<S extends string> = S extends `_${infer Rest}`
  ? `_${CamelCase<Rest>}`
  : S extends `${infer Head}_${infer Next}${infer Rest}`
    ? Next extends Uppercase<Next>
      ? `${Head}_${CamelCase<`${Next}${Rest}`>}`
      : `${Head}${Uppercase<Next>}${CamelCase<Rest>}`
    : S;

/** A wire value with every object key camelCased, at any depth. */
export type CamelKeys<T> =
  T extends ReadonlyArray<infer Item>
    ? CamelKeys<Item>[]
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: CamelKeys<T[K]> }
      : T;

/** A schema of the document by its service-qualified name (`'billing.SubscriptionResponse'`), camelCased. */
export type Schema<Name extends keyof components['schemas']> = CamelKeys<components['schemas'][Name]>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<Operation> = Operation extends { responses: infer Responses }
  ? JsonOf<Responses[Extract<keyof Responses, 200 | 201 | 202 | '200' | '201' | '202'>]>
  : never;

/** What a route answers inside `data`, camelCased: `Answer<'/provider/settings', 'get'>`. */
export type Answer<Path extends keyof paths, M extends Method> =
  SuccessOf<paths[Path][M]> extends {
    data: infer Data;
  }
    ? CamelKeys<Data>
    : never;
