import ipaddr from 'ipaddr.js';

/** How many leading bits of an IPv6 address one subscriber holds: a /64 is one household, office or phone. */
const IPV6_SUBSCRIBER_PREFIX = 64;

/**
 * The key a per-client limit counts an address under. An IPv4 address is one client (an IPv4-mapped IPv6 address is
 * the IPv4 one); an IPv6 address counts as its /64, since whoever holds one address can use every other address of
 * that network, so counting them apart would let one client walk the limit away. Anything that is not an address
 * (a proxy's `unknown`) is counted as itself.
 */
export function clientAddressKey(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return bare;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = (parsed as ipaddr.IPv6).toByteArray();
  bytes.fill(0, IPV6_SUBSCRIBER_PREFIX / 8);
  return `${ipaddr.fromByteArray(bytes).toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}
