import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 characters, like the suffixes of Stripe's ids. */
export function randomToken(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** `cus_…`, `sub_sched_…`: the prefix, then 24 random characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** What Stripe.js needs to act on an intent from the browser: `<id>_secret_<random>`. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomToken(25)}`;
}

/** The intent id inside a client secret, or undefined when it is not one. */
export function intentIdOfSecret(clientSecret: string): string | undefined {
  const match = /^((?:pi|seti)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1];
}
