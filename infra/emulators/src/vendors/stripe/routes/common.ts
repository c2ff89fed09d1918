import { authenticationError, invalidParam } from '../errors';
import type { Call } from '../http';

export function deleted(id: string, object: string): { id: string; object: string; deleted: true } {
  return { id, object, deleted: true };
}

/** With a publishable key (Stripe.js), an intent is reachable only with its client secret. */
export function checkClientSecret(call: Call, intent: { id: string; client_secret: string | null }): void {
  if (call.key !== 'publishable') return;
  const given = call.params.str('client_secret');
  if (!given)
    throw invalidParam('Missing required param: client_secret.', 'client_secret', 'parameter_missing');
  if (given !== intent.client_secret) {
    throw authenticationError(
      `The client_secret provided does not match the client_secret associated with the ${intent.id.startsWith('pi_') ? 'PaymentIntent' : 'SetupIntent'}.`,
    );
  }
}

/** Keeps the items that pass every filter given (an undefined filter passes all). */
export function where<T>(items: Iterable<T>, ...filters: Array<((item: T) => boolean) | undefined>): T[] {
  return [...items].filter((item) => filters.every((filter) => !filter || filter(item)));
}

export function equals<T>(value: unknown, pick: (item: T) => unknown): ((item: T) => boolean) | undefined {
  return value === undefined ? undefined : (item: T) => pick(item) === value;
}
