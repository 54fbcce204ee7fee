// IP addresses and host names a webhook is never sent to (SSRF): this machine, private and shared
// networks, link-local (cloud metadata at 169.254.169.254), multicast and reserved space, in IPv4 and
// IPv6, whatever way the address is written. Pure, so the account page's form, registration and each
// delivery (every address a name resolves to) apply the same rule.

/** A range as written in its RFC: the first address, the prefix length and why it is refused. */
export type AddressRange = [address: string, prefix: number, why: string];

export const BLOCKED_IPV4_RANGES: readonly AddressRange[] = [
  ['0.0.0.0', 8, '"this" network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved and broadcast'],
];

/**
 * IPv6 ranges. An IPv4-mapped address (::ffff:a.b.c.d) is judged by its IPv4 address; the ranges that
 * embed an IPv4 address some other way are refused whole.
 */
export const BLOCKED_IPV6_RANGES: readonly AddressRange[] = [
  ['::', 96, 'unspecified, loopback and IPv4-compatible (::7f00:1 is 127.0.0.1; deprecated)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['64:ff9b::', 96, 'NAT64 (embeds an IPv4 address)'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 32, 'Teredo (embeds an IPv4 address)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4 (embeds an IPv4 address)'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

/** A dotted-quad IPv4 address as a number, or null (other spellings are names: URLs canonicalise them). */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

/** An IPv6 address (zone id ignored, IPv4 tail allowed) as its eight 16-bit groups, or null. */
export function parseIPv6(text: string): number[] | null {
  let rest = text.replace(/%.*$/, '');
  if (rest.includes('.')) {
    const at = rest.lastIndexOf(':');
    const v4 = parseIPv4(rest.slice(at + 1));
    if (at < 0 || v4 === null) return null;
    rest = `${rest.slice(0, at + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const all = [...head, ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  if (halves.length === 1 ? all.length !== 8 : all.length > 7) return null;
  const zeros = Array<number>(8 - all.length).fill(0);
  return [...head, ...zeros, ...tail].map((g) => Number.parseInt(String(g), 16));
}

const v4Ranges = BLOCKED_IPV4_RANGES.map(([address, prefix]) => {
  const size = 2 ** (32 - prefix);
  return { start: Math.floor(parseIPv4(address)! / size) * size, size };
});
const inV4Range = (value: number) => v4Ranges.some((r) => value >= r.start && value < r.start + r.size);

const v6Ranges = BLOCKED_IPV6_RANGES.map(([address, prefix]) => ({ groups: parseIPv6(address)!, prefix }));
function inV6Range(groups: number[]): boolean {
  return v6Ranges.some(({ groups: base, prefix }) => {
    for (let i = 0, bits = prefix; bits > 0; i++, bits -= 16) {
      const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
      if ((groups[i]! & mask) !== (base[i]! & mask)) return false;
    }
    return true;
  });
}

/** Whether `text` is an IP address (IPv4 dotted quad or IPv6, without brackets). */
export const isIpAddress = (text: string): boolean => parseIPv4(text) !== null || parseIPv6(text) !== null;

/** Whether a webhook may be sent to this IP address (false for anything that is not an address). */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return !inV4Range(v4);
  const v6 = parseIPv6(address);
  if (v6 === null) return false;
  // ::ffff:a.b.c.d reaches the IPv4 address a.b.c.d: judged as that address.
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) return !inV4Range(v6[6]! * 65536 + v6[7]!);
  return !inV6Range(v6);
}

/**
 * A URL's host as it is checked: lower case, without the brackets of an IPv6 literal and without the
 * trailing dots of a fully qualified name (`localhost.` is localhost). The WHATWG URL parser has
 * already turned the other spellings of an IPv4 address (2130706433, 0177.0.0.1, 0x7f.1) into
 * 127.0.0.1 and shortened IPv6 ones (::ffff:127.0.0.1 to ::ffff:7f00:1).
 */
export const normalisedHost = (hostname: string): string =>
  hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');

/** Host names that always mean this machine or its network, whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Whether a webhook may be sent to a URL's host (`URL.hostname`): an address must be public; a name
 * must have a dot and not be a local one (the addresses it resolves to are checked at each delivery).
 */
export function isPublicHost(hostname: string): boolean {
  const host = normalisedHost(hostname);
  if (isIpAddress(host)) return isPublicAddress(host);
  return host.includes('.') && !LOCAL_NAMES.test(host);
}
