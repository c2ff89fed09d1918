import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:DB8:1:2::abcd]', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it('puts thirty addresses of one /64 under one key and a neighbouring /64 under another', () => {
    const keys = new Set(Array.from({ length: 30 }, (_, i) => clientAddressKey(`2001:db8:aa:bb::${i + 1}`)));
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(clientAddressKey('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
  });
});
