import { MESSAGES } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';

export const OWN_DOMAIN_LINK = 'must be a video hosted elsewhere, not a link to Tourly itself';

/** An absolute http(s) link with a host, normalised; null for anything else (001 §8 'Invalid URL'). */
export function parseLink(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  return url.toString();
}

/** A link for the media lists: any http(s) URL, else 422 'Invalid URL' on the field. */
export function requireLink(value: string, field: string): string {
  const link = parseLink(value);
  if (!link) throw ApiError.invalid(field, value.trim() === '' ? MESSAGES.required : MESSAGES.invalidUrl);
  return link;
}

/**
 * An external video link (001 §5): a URL on a public host, and not on the product's own domains (or their
 * subdomains): a link to one of our own tours is not a video.
 *
 * The same server answers to more names than `OWN_DOMAINS` lists: every loopback address (127.0.0.1, [::1],
 * 0.0.0.0 and the decimal, hex or octal spellings of them, which the URL parser turns into dotted form),
 * `localhost` and its subdomains, and any address of a private network. None of those is a place a video is
 * hosted for the public, so a host is accepted only when it is a public name or a public address.
 */
export function requireExternalVideoLink(value: string, field: string, ownDomains: string[]): string {
  const link = requireLink(value, field);
  const host = new URL(link).hostname.toLowerCase().replace(/\.$/, '');
  if (!isPublicHost(host) || ownDomains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    throw ApiError.invalid(field, OWN_DOMAIN_LINK);
  }
  return link;
}

/** Names no public site has (RFC 6761 and 6762, and the usual private suffixes). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'home.arpa', 'lan'];

/**
 * Whether a URL's host (as WHATWG's parser gives it: lowercase, IPv4 in dotted decimal whatever its spelling,
 * IPv6 in brackets, compressed) can only be a place on the public internet: a dotted name outside the local
 * suffixes, or an address outside the loopback, private, link-local, shared, unspecified and multicast ranges.
 */
export function isPublicHost(host: string): boolean {
  if (host.startsWith('[')) return isPublicIpv6(host.slice(1, -1));
  const ipv4 = parseIpv4(host);
  if (ipv4 !== null) return isPublicIpv4(ipv4);
  if (!host.includes('.')) return false; // a single label is a machine on this network
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

function parseIpv4(host: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

/** [first address, prefix length] of the ranges that are not the public internet (RFC 6890). */
const NON_PUBLIC_IPV4: Array<[string, number]> = [
  ['0.0.0.0', 8], // this network, 0.0.0.0 reaching the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
];

function isPublicIpv4(address: number): boolean {
  return !NON_PUBLIC_IPV4.some(([first, bits]) => {
    const mask = (~0 << (32 - bits)) >>> 0;
    return (address & mask) >>> 0 === (parseIpv4(first)! & mask) >>> 0;
  });
}

function isPublicIpv6(address: string): boolean {
  const groups = expandIpv6(address);
  if (!groups) return false;
  const [first] = groups;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7]! <= 1) return false; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): as the IPv4 address they carry.
  if (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    return isPublicIpv4(((groups[6]! << 16) | groups[7]!) >>> 0);
  }
  if ((first! & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first! & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first! & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return false; // documentation
  if (first === 0x0064 && groups[1] === 0xff9b) {
    return isPublicIpv4(((groups[6]! << 16) | groups[7]!) >>> 0); // NAT64 of an IPv4 address
  }
  return true;
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (hex groups, `::` once). */
function expandIpv6(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === '' ? [] : half.split(':').map((group) => parseInt(group, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.some((group) => Number.isNaN(group) || group < 0 || group > 0xffff) ? null : groups;
}
