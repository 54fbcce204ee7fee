import { BlockList } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_IPV4_RANGES,
  BLOCKED_IPV6_RANGES,
  isPublicAddress,
  isPublicHost,
  normalisedHost,
  parseIPv6,
} from './ip-addresses';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', '"this" network'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, written out'],
    ['::', 'IPv6 unspecified'],
    ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
    ['::127.0.0.1', 'IPv4-compatible 127.0.0.1, dotted'],
    ['::a00:1', 'IPv4-compatible 10.0.0.1'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::FFFF:7F00:1', 'IPv4-mapped loopback, upper case'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped link-local, written out'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['febf::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique local'],
    ['fd12:3456::1', 'IPv6 unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2130706433', 'not a dotted quad (a name, resolved and checked at delivery)'],
    ['0177.0.0.1', 'not a dotted quad'],
    ['1:2:3:4:5:6:7:8:9', 'not an address'],
    ['1::2::3', 'not an address'],
    ['0.1.2.3', '"this" network'],
    ['239.255.255.250', 'multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local, hex'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads IPv6 as its eight groups, with :: and a dotted IPv4 tail', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIPv6(':1::')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7:8::')).toBeNull();
  });

  // node's BlockList over the same ranges is the reference for every address that embeds no IPv4
  // address (BlockList does not know the IPv4-compatible ::a.b.c.d form, which is refused here).
  const reference = new BlockList();
  for (const [address, prefix] of BLOCKED_IPV4_RANGES) reference.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of BLOCKED_IPV6_RANGES) reference.addSubnet(address, prefix, 'ipv6');

  it('agrees with node’s BlockList on IPv4 addresses', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(isPublicAddress(address)).toBe(!reference.check(address, 'ipv4'));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with node’s BlockList on IPv6 addresses, and judges a mapped one by its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const groups = parseIPv6(address)!;
        expect(groups).not.toBeNull();
        const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
        const v4 = `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
        const expected = mapped ? !reference.check(v4, 'ipv4') : !reference.check(address, 'ipv6');
        expect(isPublicAddress(address)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hosts', () => {
  it.each([
    ['LocalHost.', 'localhost'],
    ['hooks.example.com..', 'hooks.example.com'],
    ['[::7F00:1]', '::7f00:1'],
  ])('normalises %s to %s', (hostname, host) => {
    expect(normalisedHost(hostname)).toBe(host);
  });

  it.each([
    ['localhost.', false],
    ['api.localhost.', false],
    ['printer.local.', false],
    ['intranet.', false],
    ['[::7f00:1]', false],
    ['[::ffff:7f00:1]', false],
    ['127.0.0.1', false],
    ['hooks.example.com.', true],
    ['93.184.216.34', true],
    ['[2606:4700:4700::1111]', true],
  ])('%s is public: %s', (hostname, expected) => {
    expect(isPublicHost(hostname)).toBe(expected);
  });
});
