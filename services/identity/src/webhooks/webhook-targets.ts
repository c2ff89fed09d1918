import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@tourly/contracts';
import { classifyAddress, isOutboundAddress, isOutboundHost } from '@tourly/platform';

/**
 * Where deliveries may go. Production sends only over https to public addresses: a URL naming a private, loopback
 * or link-local address (or a name resolving to one) would let anyone with a provider account make the platform
 * call into its own network (server-side request forgery). Only an explicit setting for development and tests
 * (`WEBHOOK_ALLOW_PRIVATE_TARGETS`) allows the machine's own receivers, and plain http to them.
 */
export interface TargetPolicy {
  allowPrivateTargets: boolean;
}

/** The policy of a configuration: private targets only where `WEBHOOK_ALLOW_PRIVATE_TARGETS` says so. */
export function targetPolicyOf(config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean }): TargetPolicy {
  return { allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS };
}

export const URL_MESSAGES = {
  invalid: 'must be a valid URL',
  https: 'must use https',
  httpLocalOnly: 'must use https (plain http is accepted only for localhost in development)',
  private: 'must not point to a private, loopback or link-local address',
  tooLong: `must be at most ${WEBHOOK_LIMITS.urlMaxLength} characters`,
} as const;

const LOOPBACK_NAMES = /^(localhost|.+\.localhost)$/i;

/** Development's plain-http allowance: this machine, by name or by a loopback address in any spelling. */
function isLoopbackHost(hostname: string): boolean {
  const literal = classifyAddress(hostname);
  if (literal) return literal.range === 'loopback';
  return LOOPBACK_NAMES.test(hostname);
}

/** What is wrong with an endpoint's URL under the policy (field messages; none when it may be used). */
export function urlProblems(text: string, policy: TargetPolicy): string[] {
  if (text.length > WEBHOOK_LIMITS.urlMaxLength) return [URL_MESSAGES.tooLong];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [URL_MESSAGES.invalid];
  }
  if (url.protocol === 'http:') {
    if (!policy.allowPrivateTargets) return [URL_MESSAGES.https];
    if (!isLoopbackHost(url.hostname)) return [URL_MESSAGES.httpLocalOnly];
  } else if (url.protocol !== 'https:') {
    return [URL_MESSAGES.https];
  }
  if (!url.hostname) return [URL_MESSAGES.invalid];
  if (policy.allowPrivateTargets) return [];
  // The platform's one judge of where a server-side fetch may go (libs/platform, outbound-address).
  if (!isOutboundHost(url.hostname)) return [URL_MESSAGES.private];
  return [];
}

/** A delivery refused before it left: its target is not one the policy allows. */
export class TargetRefusedError extends Error {}

/**
 * The address check at connection time, as the socket's own DNS lookup: the addresses the name resolves to now are
 * the ones checked and the ones connected to, so a name that resolved to a public address when the endpoint was
 * saved and to an internal one later (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = policy.allowPrivateTargets
        ? addresses
        : addresses.filter((entry) => isOutboundAddress(entry.address));
      if (allowed.length === 0) {
        return callback(
          new TargetRefusedError(`${hostname} resolves to a private, loopback or link-local address`),
          '',
          0,
        );
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** The check for a URL whose host is an address literal (the socket makes no lookup for those). */
export function refusedAddressLiteral(url: URL, policy: TargetPolicy): boolean {
  const literal = classifyAddress(url.hostname);
  return !policy.allowPrivateTargets && literal !== null && literal.range !== 'public';
}
