import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where a server-side fetch may go: the one judge of addresses and host names for every request the platform makes
 * to a URL someone gave it (webhook deliveries, link previews, video links). Under the production policy only
 * `public` addresses are reached; everything else is a way into the platform's own network (server-side request
 * forgery): this machine, the cloud's metadata service, private networks, and the IPv6 forms that carry one of
 * those IPv4 addresses.
 */
export type AddressRange =
  /** Routed on the internet. */
  | 'public'
  /** 0.0.0.0/8 ("this network": 0.0.0.0 reaches this host), `::`. */
  | 'unspecified'
  /** 127.0.0.0/8, `::1`. */
  | 'loopback'
  /** 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, and local-use NAT64 (64:ff9b:1::/48). */
  | 'private'
  /** 100.64.0.0/10, shared address space (RFC 6598). */
  | 'carrierGradeNat'
  /** 169.254.0.0/16 (the cloud metadata service lives there), fe80::/10. */
  | 'linkLocal'
  /** fc00::/7. */
  | 'uniqueLocal'
  /** fec0::/10: deprecated, still routed inside some sites. */
  | 'siteLocal'
  /** 224.0.0.0/4, ff00::/8. */
  | 'multicast'
  /** 255.255.255.255. */
  | 'broadcast'
  /** 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32, 3fff::/20. */
  | 'documentation'
  /** 198.18.0.0/15, 2001:2::/48. */
  | 'benchmarking'
  /**
   * Everything else no public host has: 240.0.0.0/4, 192.0.0.0/24 (IETF protocol assignments), 192.88.99.0/24 (6to4
   * relays), IPv6 outside 2000::/3 (discard-only 100::/64 among them), the rest of 2001::/23, 5f00::/16 (SRv6), and
   * IPv4-compatible addresses (::a.b.c.d, deprecated and routed nowhere).
   */
  | 'reserved';

/** The IPv6 forms that carry an IPv4 address, and where they lead. */
export type CarrierForm =
  /** ::ffff:a.b.c.d: a socket connects to a.b.c.d itself. */
  | 'mapped'
  /** ::a.b.c.d (deprecated). */
  | 'compatible'
  /** ::ffff:0:a.b.c.d, SIIT (RFC 2765, 6145). */
  | 'translated'
  /** 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052). */
  | 'nat64'
  /** 2002:AABB:CCDD::/48, 6to4 (RFC 3056): the site behind a.b.c.d. */
  | '6to4'
  /** 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, Teredo (RFC 4380): the client's address inverted, the server's plain. */
  | 'teredo';

export interface ClassifiedAddress {
  /** As written canonically: dotted IPv4, compressed lowercase IPv6 (RFC 5952). */
  address: string;
  family: 4 | 6;
  range: AddressRange;
  /** An IPv6 address that carries an IPv4 one: which form, and the IPv4 address it leads to. */
  carries?: { form: CarrierForm; ipv4: string };
}

/**
 * What an address is, in any spelling a resolver or a URL parser takes: IPv4 as `inet_aton` reads it (dotted
 * decimal, octal `0177.0.0.1`, hex `0x7f.0.0.1`, a single number `2130706433`, short forms `127.1`, a trailing dot),
 * IPv6 with or without brackets, with an embedded dotted IPv4. An IPv6 form that carries an IPv4 address is judged as
 * that IPv4 address. Null for anything that is not an address (a name), and for a scoped address (`fe80::1%eth0`):
 * neither is one a fetch may connect to by itself.
 */
export function classifyAddress(text: string): ClassifiedAddress | null {
  const ipv4 = parseIpv4(text);
  if (ipv4 !== null) return { address: dotted(ipv4), family: 4, range: ipv4Range(ipv4) };
  const groups = parseIpv6(text);
  if (groups === null) return null;
  return { address: compressed(groups), family: 6, ...ipv6Range(groups) };
}

/** Whether a server-side fetch may connect to this address under the production policy: a public one only. */
export function isOutboundAddress(text: string): boolean {
  return classifyAddress(text)?.range === 'public';
}

/** Names no public site has (RFC 6761, 6762, 7686, 8375, and the usual private suffixes). */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home.arpa',
  'test',
  'invalid',
  'onion',
];

/**
 * Whether a URL's host (as `new URL()` gives it: lowercase, IPv4 dotted whatever its spelling, IPv6 in brackets)
 * may be fetched under the production policy: a public address, or a name that could be one on the public internet
 * (dotted, outside the local suffixes). A name is only a promise: the addresses it resolves to are judged again
 * (`isOutboundAddress`) when connecting, and the connection goes to an address that was judged.
 */
export function isOutboundHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const address = classifyAddress(host);
  if (address) return address.range === 'public';
  // Anything but dotted labels of letters, digits, '-' and '_' (an address we cannot read among them) is refused; a
  // single label is a machine on this network.
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(host)) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

// IPv4

/** One part of an IPv4 address as `inet_aton` and the URL parser read it: decimal, octal (0...) or hex (0x...). */
function ipv4Number(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9]\d*)$/.test(part)) return Number(part);
  return null;
}

/** An IPv4 address as a 32-bit number, from 1 to 4 parts (the last fills what remains); null when it is none. */
function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length > 4) return null;
  const numbers = parts.map(ipv4Number);
  if (numbers.some((number) => number === null)) return null;
  const last = numbers.pop()!;
  if (numbers.some((number) => number! > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce<number>((value, number, index) => value + number! * 256 ** (3 - index), last);
}

const dotted = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');

const IPV4_RANGES: Array<[string, number, AddressRange]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrierGradeNat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'linkLocal'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Range(address: number): AddressRange {
  for (const [first, bits, range] of IPV4_RANGES) {
    const mask = (~0 << (32 - bits)) >>> 0;
    if ((address & mask) >>> 0 === (parseIpv4(first)! & mask) >>> 0) return range;
  }
  return 'public';
}

// IPv6

/** The eight 16-bit groups of an IPv6 address (brackets allowed, a dotted IPv4 tail read); null when it is none. */
function parseIpv6(text: string): number[] | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes('%') || !isIPv6(bare)) return null;
  let head = bare;
  const tail: number[] = [];
  const lastColon = bare.lastIndexOf(':');
  if (bare.includes('.')) {
    const ipv4 = bare.slice(lastColon + 1);
    if (!isIPv4(ipv4)) return null;
    const value = parseIpv4(ipv4)!;
    tail.push(value >>> 16, value & 0xffff);
    head = bare.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':').map((group) => parseInt(group, 16)));
  const front = groupsOf(halves[0]!);
  const back = [...(halves.length === 2 ? groupsOf(halves[1]!) : []), ...tail];
  const missing = 8 - front.length - back.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/** RFC 5952's form, as the URL parser writes it. */
function compressed(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]/`).hostname.slice(1, -1);
}

const ipv4Of = (high: number, low: number) => ((high << 16) | low) >>> 0;
const zero = (groups: number[], from: number, to: number) =>
  groups.slice(from, to).every((group) => group === 0);

type EightGroups = [number, number, number, number, number, number, number, number];
type Judged = Pick<ClassifiedAddress, 'range' | 'carries'>;

function ipv6Range(groups: number[]): Judged {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as EightGroups;
  const carrying = (form: CarrierForm, ...addresses: number[]): Judged => {
    // The first address that is not public decides (Teredo carries two: the client's, then the server's).
    const range = addresses.map(ipv4Range).find((each) => each !== 'public') ?? 'public';
    return {
      range: form === 'compatible' && range === 'public' ? 'reserved' : range,
      carries: { form, ipv4: dotted(addresses[0]!) },
    };
  };
  if (zero(groups, 0, 8)) return { range: 'unspecified' };
  if (zero(groups, 0, 7) && g7 === 1) return { range: 'loopback' };
  if (zero(groups, 0, 5) && g5 === 0xffff) return carrying('mapped', ipv4Of(g6, g7));
  if (zero(groups, 0, 4) && g4 === 0xffff && g5 === 0) return carrying('translated', ipv4Of(g6, g7));
  if (zero(groups, 0, 6)) return carrying('compatible', ipv4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && zero(groups, 2, 6)) return carrying('nat64', ipv4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return { range: 'private' }; // local-use NAT64, RFC 8215
  if (g0 === 0x2002) return carrying('6to4', ipv4Of(g1, g2));
  if (g0 === 0x2001 && g1 === 0) {
    return carrying('teredo', ipv4Of(~g6 & 0xffff, ~g7 & 0xffff), ipv4Of(g2, g3));
  }
  if (g0 === 0x2001 && g1 === 0x0db8) return { range: 'documentation' };
  if (g0 === 0x2001 && g1 === 0x0002 && g2 === 0) return { range: 'benchmarking' };
  if (g0 === 0x2001 && g1 < 0x0200) return { range: 'reserved' }; // IETF protocol assignments, 2001::/23
  if (g0 === 0x3fff && g1 < 0x1000) return { range: 'documentation' }; // 3fff::/20, RFC 9637
  if (g0 === 0x5f00) return { range: 'reserved' }; // SRv6 SIDs, RFC 9602
  if ((g0 & 0xfe00) === 0xfc00) return { range: 'uniqueLocal' };
  if ((g0 & 0xffc0) === 0xfe80) return { range: 'linkLocal' };
  if ((g0 & 0xffc0) === 0xfec0) return { range: 'siteLocal' };
  if ((g0 & 0xff00) === 0xff00) return { range: 'multicast' };
  if ((g0 & 0xe000) !== 0x2000) return { range: 'reserved' }; // only 2000::/3 is global unicast
  return { range: 'public' };
}
