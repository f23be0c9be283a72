import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a server-side fetch must never reach: loopback, private, link-local, shared (CGNAT),
 * multicast, unspecified, documentation, benchmarking and reserved ranges (IANA special-purpose
 * registries). Everything else is the public internet.
 */
const blockedV4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const blockedV6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated) and IPv4-mapped addresses are unwrapped below; anything else in ::/96 is refused.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const blockList = new BlockList();
for (const [network, prefix] of blockedV4) blockList.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of blockedV6) blockList.addSubnet(network, prefix, 'ipv6');

/** Expands an IPv6 address (with or without an embedded dotted IPv4 tail) into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    if (!isIPv4(dotted[1])) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const numbers = groups.map((group) => Number.parseInt(group, 16));
  return numbers.length === 8 && numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff)
    ? numbers
    : null;
}

/** The IPv4 address an IPv6 address carries when it is IPv4-mapped (::ffff:a.b.c.d), else null. */
function mappedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 !== 0 || g1 !== 0 || g2 !== 0 || g3 !== 0 || g4 !== 0 || g5 !== 0xffff) return null;
  return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
}

/** True when the address is on the public internet (not loopback, private, link-local, multicast, …). */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blockList.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const mapped = mappedIPv4(address);
  if (mapped) return !blockList.check(mapped, 'ipv4');
  return !blockList.check(address.split('%')[0] ?? address, 'ipv6');
}
