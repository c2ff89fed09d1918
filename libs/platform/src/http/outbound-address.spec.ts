import { classifyAddress, isOutboundAddress, isOutboundHost, type AddressRange } from './outbound-address';

/**
 * Every spelling of an address a server-side fetch could be pointed at (a URL's host, or what a name resolved to),
 * what it reads as, and whether the production policy lets a fetch reach it. The issue's own (29, item 9) first.
 */
describe('the outbound address classifier', () => {
  it.each<[string, string, AddressRange, string]>([
    // Issue 29: accepted by the webhook check or the link previews' before.
    ['[::127.0.0.1]', '::7f00:1', 'loopback', 'compatible 127.0.0.1'],
    ['[::169.254.169.254]', '::a9fe:a9fe', 'linkLocal', 'compatible 169.254.169.254'],
    ['[::ffff:0:127.0.0.1]', '::ffff:0:7f00:1', 'loopback', 'translated 127.0.0.1'],
    ['[2002:7f00:1::1]', '2002:7f00:1::1', 'loopback', '6to4 127.0.0.1'],

    // IPv4, every spelling `inet_aton` and the URL parser read.
    ['127.0.0.1', '127.0.0.1', 'loopback', ''],
    ['127.1', '127.0.0.1', 'loopback', ''],
    ['127.0.1', '127.0.0.1', 'loopback', ''],
    ['127.255.255.254', '127.255.255.254', 'loopback', ''],
    ['2130706433', '127.0.0.1', 'loopback', ''],
    ['0x7f000001', '127.0.0.1', 'loopback', ''],
    ['0X7F000001', '127.0.0.1', 'loopback', ''],
    ['017700000001', '127.0.0.1', 'loopback', ''],
    ['0x7f.1', '127.0.0.1', 'loopback', ''],
    ['0x7f.0.0.1', '127.0.0.1', 'loopback', ''],
    ['0177.0.0.1', '127.0.0.1', 'loopback', ''],
    ['0177.0.0.01', '127.0.0.1', 'loopback', ''],
    ['0177.1', '127.0.0.1', 'loopback', ''],
    ['127.0.0.1.', '127.0.0.1', 'loopback', ''],
    ['169.254.169.254', '169.254.169.254', 'linkLocal', ''],
    ['0xa9fea9fe', '169.254.169.254', 'linkLocal', ''],
    ['2852039166', '169.254.169.254', 'linkLocal', ''],
    ['0251.0376.0251.0376', '169.254.169.254', 'linkLocal', ''],
    ['169.254.43518', '169.254.169.254', 'linkLocal', ''],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254', 'linkLocal', ''],
    ['0', '0.0.0.0', 'unspecified', ''],
    ['0.0.0.0', '0.0.0.0', 'unspecified', ''],
    ['0x0', '0.0.0.0', 'unspecified', ''],
    ['0.1.2.3', '0.1.2.3', 'unspecified', ''],
    ['10.0.0.1', '10.0.0.1', 'private', ''],
    ['012.0.0.1', '10.0.0.1', 'private', ''],
    ['167772161', '10.0.0.1', 'private', ''],
    ['172.16.0.1', '172.16.0.1', 'private', ''],
    ['172.31.255.255', '172.31.255.255', 'private', ''],
    ['192.168.1.1', '192.168.1.1', 'private', ''],
    ['0300.0250.1.1', '192.168.1.1', 'private', ''],
    ['0xc0a80101', '192.168.1.1', 'private', ''],
    ['100.64.0.1', '100.64.0.1', 'carrierGradeNat', ''],
    ['100.127.255.255', '100.127.255.255', 'carrierGradeNat', ''],
    ['224.0.0.1', '224.0.0.1', 'multicast', ''],
    ['239.255.255.250', '239.255.255.250', 'multicast', ''],
    ['255.255.255.255', '255.255.255.255', 'broadcast', ''],
    ['0xffffffff', '255.255.255.255', 'broadcast', ''],
    ['4294967295', '255.255.255.255', 'broadcast', ''],
    ['240.0.0.1', '240.0.0.1', 'reserved', ''],
    ['192.0.0.8', '192.0.0.8', 'reserved', ''],
    ['192.88.99.1', '192.88.99.1', 'reserved', ''],
    ['192.0.2.1', '192.0.2.1', 'documentation', ''],
    ['198.51.100.7', '198.51.100.7', 'documentation', ''],
    ['203.0.113.9', '203.0.113.9', 'documentation', ''],
    ['198.18.0.1', '198.18.0.1', 'benchmarking', ''],
    ['198.19.255.255', '198.19.255.255', 'benchmarking', ''],
    ['93.184.216.34', '93.184.216.34', 'public', ''],
    ['8.8.8.8', '8.8.8.8', 'public', ''],
    ['134744072', '8.8.8.8', 'public', ''],
    ['0x8.0x8.0x8.0x8', '8.8.8.8', 'public', ''],
    ['172.32.0.1', '172.32.0.1', 'public', ''],
    ['100.128.0.1', '100.128.0.1', 'public', ''],
    ['192.169.0.1', '192.169.0.1', 'public', ''],
    ['11.0.0.1', '11.0.0.1', 'public', ''],

    // IPv6 of its own.
    ['::', '::', 'unspecified', ''],
    ['[::]', '::', 'unspecified', ''],
    ['0:0:0:0:0:0:0:0', '::', 'unspecified', ''],
    ['::1', '::1', 'loopback', ''],
    ['[::1]', '::1', 'loopback', ''],
    ['0:0:0:0:0:0:0:1', '::1', 'loopback', ''],
    ['0000:0000:0000:0000:0000:0000:0000:0001', '::1', 'loopback', ''],
    ['fe80::1', 'fe80::1', 'linkLocal', ''],
    ['FE80::1', 'fe80::1', 'linkLocal', ''],
    ['febf:ffff::1', 'febf:ffff::1', 'linkLocal', ''],
    ['fc00::1', 'fc00::1', 'uniqueLocal', ''],
    ['fd12:3456:789a::1', 'fd12:3456:789a::1', 'uniqueLocal', ''],
    ['fec0::1', 'fec0::1', 'siteLocal', ''],
    ['ff02::1', 'ff02::1', 'multicast', ''],
    ['ff05::1:3', 'ff05::1:3', 'multicast', ''],
    ['2001:db8::1', '2001:db8::1', 'documentation', ''],
    ['3fff::1', '3fff::1', 'documentation', ''],
    ['2001:2::1', '2001:2::1', 'benchmarking', ''],
    ['2001:10::1', '2001:10::1', 'reserved', ''],
    ['100::1', '100::1', 'reserved', ''],
    ['5f00::1', '5f00::1', 'reserved', ''],
    ['4000::1', '4000::1', 'reserved', ''],
    ['::2', '::2', 'unspecified', 'compatible 0.0.0.2'],
    ['2606:4700:4700::1111', '2606:4700:4700::1111', 'public', ''],
    ['[2a00:1450:4001::200e]', '2a00:1450:4001::200e', 'public', ''],
    ['2001:4860:4860::8888', '2001:4860:4860::8888', 'public', ''],

    // IPv4-mapped (::ffff:0:0/96): a socket connects to the IPv4 address itself.
    ['::ffff:127.0.0.1', '::ffff:7f00:1', 'loopback', 'mapped 127.0.0.1'],
    ['::ffff:7f00:1', '::ffff:7f00:1', 'loopback', 'mapped 127.0.0.1'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1', 'loopback', 'mapped 127.0.0.1'],
    ['0:0:0:0:0:ffff:127.0.0.1', '::ffff:7f00:1', 'loopback', 'mapped 127.0.0.1'],
    ['::FFFF:169.254.169.254', '::ffff:a9fe:a9fe', 'linkLocal', 'mapped 169.254.169.254'],
    ['::ffff:10.1.2.3', '::ffff:a01:203', 'private', 'mapped 10.1.2.3'],
    ['::ffff:0.0.0.0', '::ffff:0:0', 'unspecified', 'mapped 0.0.0.0'],
    ['::ffff:93.184.216.34', '::ffff:5db8:d822', 'public', 'mapped 93.184.216.34'],

    // IPv4-compatible (::/96, deprecated): never public, the carried address names the range when it is internal.
    ['::127.0.0.1', '::7f00:1', 'loopback', 'compatible 127.0.0.1'],
    ['::7f00:1', '::7f00:1', 'loopback', 'compatible 127.0.0.1'],
    ['::10.0.0.1', '::a00:1', 'private', 'compatible 10.0.0.1'],
    ['::8.8.8.8', '::808:808', 'reserved', 'compatible 8.8.8.8'],

    // IPv4-translated (::ffff:0:0:0/96, SIIT).
    ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', 'loopback', 'translated 127.0.0.1'],
    ['::ffff:0:a9fe:a9fe', '::ffff:0:a9fe:a9fe', 'linkLocal', 'translated 169.254.169.254'],
    ['::ffff:0:8.8.8.8', '::ffff:0:808:808', 'public', 'translated 8.8.8.8'],

    // NAT64: the well-known prefix carries the IPv4 address; the local-use one is a private network.
    ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', 'loopback', 'nat64 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', '64:ff9b::a9fe:a9fe', 'linkLocal', 'nat64 169.254.169.254'],
    ['64:ff9b::10.0.0.1', '64:ff9b::a00:1', 'private', 'nat64 10.0.0.1'],
    ['64:ff9b::8.8.8.8', '64:ff9b::808:808', 'public', 'nat64 8.8.8.8'],
    ['64:ff9b:1::7f00:1', '64:ff9b:1::7f00:1', 'private', ''],
    ['64:ff9b:1::8.8.8.8', '64:ff9b:1::808:808', 'private', ''],

    // 6to4 (2002::/16): the site behind the IPv4 address in bits 16-47.
    ['2002:7f00:1::', '2002:7f00:1::', 'loopback', '6to4 127.0.0.1'],
    ['2002:a9fe:a9fe::1', '2002:a9fe:a9fe::1', 'linkLocal', '6to4 169.254.169.254'],
    ['2002:c0a8:101::1', '2002:c0a8:101::1', 'private', '6to4 192.168.1.1'],
    ['2002:a00:1::', '2002:a00:1::', 'private', '6to4 10.0.0.1'],
    ['2002:808:808::1', '2002:808:808::1', 'public', '6to4 8.8.8.8'],

    // Teredo (2001::/32): the client's address inverted in the last 32 bits, the server's in bits 32-63.
    [
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'loopback',
      'teredo 127.0.0.1',
    ],
    [
      '2001:0:4136:e378:8000:63bf:5601:5601',
      '2001:0:4136:e378:8000:63bf:5601:5601',
      'linkLocal',
      'teredo 169.254.169.254',
    ],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', '2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private', 'teredo 8.8.8.8'],
    [
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      'public',
      'teredo 8.8.8.8',
    ],
  ])('%s reads as %s: %s, carrying %j', (text, address, range, carries) => {
    const classified = classifyAddress(text);
    expect(classified).toEqual({
      address,
      family: address.includes(':') ? 6 : 4,
      range,
      ...(carries ? { carries: { form: carries.split(' ')[0], ipv4: carries.split(' ')[1] } } : {}),
    });
    expect(isOutboundAddress(text)).toBe(range === 'public');
  });

  it.each([
    'localhost',
    'example.com',
    '',
    ' 127.0.0.1',
    '127.0.0.1 ',
    '1.2.3.4.5',
    '256.0.0.1',
    '1.2.3.256',
    '1.2.65536',
    '4294967296',
    '08.0.0.1',
    '0x7g.0.0.1',
    '1..2',
    '-1',
    'fe80::1%eth0',
    '[fe80::1%25eth0]',
    '1::2::3',
    ':::1',
    '1:2:3:4:5:6:7:8:9',
    '::1:2:3:4:5:6:7:8',
    '::ffff:127.1',
    '::ffff:256.0.0.1',
    '[::1',
    'gggg::1',
  ])('%j is not an address: never reached', (text) => {
    expect(classifyAddress(text)).toBeNull();
    expect(isOutboundAddress(text)).toBe(false);
  });

  it.each<[string, boolean]>([
    // Hosts as the URL parser hands them over.
    ['example.com', true],
    ['pages.example.com', true],
    ['matterport.com.example.org', true],
    ['93.184.216.34', true],
    ['[2606:4700:4700::1111]', true],
    ['[::ffff:5db8:d822]', true],
    ['localhost', false],
    ['localhost.', false],
    ['LOCALHOST', false],
    ['api.localhost', false],
    ['intranet', false],
    ['metadata', false],
    ['printer.local', false],
    ['db.internal', false],
    ['metadata.google.internal', false],
    ['nas.lan', false],
    ['router.home.arpa', false],
    ['site.test', false],
    ['hidden.onion', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['[::1]', false],
    ['[::7f00:1]', false],
    ['[::a9fe:a9fe]', false],
    ['[::ffff:0:7f00:1]', false],
    ['[2002:7f00:1::1]', false],
    ['[64:ff9b::7f00:1]', false],
    ['[fe80::1]', false],
    ['[not:an:address]', false],
    ['xn--bcher-kva.com', true],
    [' example.com', false],
    ['exa mple.com', false],
    ['example..com', false],
    ['', false],
  ])('host %j may be fetched: %s', (host, expected) => {
    expect(isOutboundHost(host)).toBe(expected);
  });

  it.each<[string, AddressRange]>([
    ['127.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['127.0.0.1.', 'loopback'],
    ['%31%32%37.0.0.1', 'loopback'],
    ['127。0。0。1', 'loopback'],
    ['0251.0376.0251.0376', 'linkLocal'],
    ['[::127.0.0.1]', 'loopback'],
    ['[::169.254.169.254]', 'linkLocal'],
    ['[::ffff:0:127.0.0.1]', 'loopback'],
    ['[0:0:0:0:0:ffff:127.0.0.1]', 'loopback'],
    ['[2002:7f00:1::1]', 'loopback'],
    ['[2001:0:4136:e378:8000:63bf:80ff:fffe]', 'loopback'],
  ])('a URL to %s reaches a %s address, and is not fetched', (host, range) => {
    const { hostname } = new URL(`http://${host}/`);
    expect(classifyAddress(hostname)?.range).toBe(range);
    expect(isOutboundHost(hostname)).toBe(false);
  });
});
