// The outbound guard's one list: the addresses a deployed function never connects to for a caller
// (webhooks, Discourse, push endpoints). Decided by address family first; an IPv4-mapped IPv6 address is
// checked as the IPv4 address it carries. The blocks are IANA's special-purpose address registries
// (iana-ipv4-special-registry, iana-ipv6-special-registry), every entry whose "globally reachable" is not
// plainly true, plus NAT64 (it leads into IPv4 space), multicast, and IPv6 outside global unicast 2000::/3.
import { BlockList, isIP } from 'node:net';

export interface SpecialBlock {
  prefix: string;
  bits: number;
  /** The registry's name for the block (a refusal names it). */
  name: string;
}

export const SPECIAL_IPV4: readonly SpecialBlock[] = [
  { prefix: '0.0.0.0', bits: 8, name: '"This network" (RFC 791)' },
  { prefix: '10.0.0.0', bits: 8, name: 'Private-Use (RFC 1918)' },
  { prefix: '100.64.0.0', bits: 10, name: 'Shared Address Space (RFC 6598)' },
  { prefix: '127.0.0.0', bits: 8, name: 'Loopback (RFC 1122)' },
  { prefix: '169.254.0.0', bits: 16, name: 'Link Local (RFC 3927)' },
  { prefix: '172.16.0.0', bits: 12, name: 'Private-Use (RFC 1918)' },
  { prefix: '192.0.0.0', bits: 24, name: 'IETF Protocol Assignments (RFC 6890)' },
  { prefix: '192.0.2.0', bits: 24, name: 'Documentation TEST-NET-1 (RFC 5737)' },
  { prefix: '192.88.99.0', bits: 24, name: 'Deprecated 6to4 Relay Anycast (RFC 7526)' },
  { prefix: '192.168.0.0', bits: 16, name: 'Private-Use (RFC 1918)' },
  { prefix: '198.18.0.0', bits: 15, name: 'Benchmarking (RFC 2544)' },
  { prefix: '198.51.100.0', bits: 24, name: 'Documentation TEST-NET-2 (RFC 5737)' },
  { prefix: '203.0.113.0', bits: 24, name: 'Documentation TEST-NET-3 (RFC 5737)' },
  { prefix: '224.0.0.0', bits: 4, name: 'Multicast (RFC 5771)' },
  { prefix: '255.255.255.255', bits: 32, name: 'Limited Broadcast (RFC 919)' },
  { prefix: '240.0.0.0', bits: 4, name: 'Reserved (RFC 1112)' },
];

export const SPECIAL_IPV6: readonly SpecialBlock[] = [
  // (IPv4-mapped ::ffff:0:0/96 never reaches this list: it is checked as IPv4.)
  { prefix: '::1', bits: 128, name: 'Loopback Address (RFC 4291)' },
  { prefix: '::', bits: 128, name: 'Unspecified Address (RFC 4291)' },
  { prefix: '64:ff9b::', bits: 96, name: 'IPv4-IPv6 Translation (RFC 6052)' },
  { prefix: '64:ff9b:1::', bits: 48, name: 'IPv4-IPv6 Translation (RFC 8215)' },
  { prefix: '100::', bits: 64, name: 'Discard-Only Address Block (RFC 6666)' },
  { prefix: '100:0:0:1::', bits: 64, name: 'Dummy IPv6 Prefix' },
  { prefix: '2001::', bits: 23, name: 'IETF Protocol Assignments (RFC 2928), Teredo, ORCHID, Benchmarking' },
  { prefix: '2001:db8::', bits: 32, name: 'Documentation (RFC 3849)' },
  { prefix: '2002::', bits: 16, name: '6to4 (RFC 3056)' },
  { prefix: '3fff::', bits: 20, name: 'Documentation (RFC 9637)' },
  { prefix: '5f00::', bits: 16, name: 'Segment Routing SIDs (RFC 9602)' },
  { prefix: 'fc00::', bits: 7, name: 'Unique-Local (RFC 4193)' },
  { prefix: 'fe80::', bits: 10, name: 'Link-Local Unicast (RFC 4291)' },
  { prefix: 'ff00::', bits: 8, name: 'Multicast (RFC 4291)' },
  // The IPv6 address space registry: only 2000::/3 is global unicast; the rest is reserved by the IETF
  // (IPv4-compatible ::/96, site-local fec0::/10 and unassigned space among it).
  { prefix: '::', bits: 3, name: 'Reserved by IETF (RFC 4291)' },
  { prefix: '4000::', bits: 2, name: 'Reserved by IETF (RFC 4291)' },
  { prefix: '8000::', bits: 1, name: 'Reserved by IETF (RFC 4291)' },
];

function blockList(blocks: readonly SpecialBlock[], type: 'ipv4' | 'ipv6'): Array<[BlockList, string]> {
  return blocks.map((b) => {
    const list = new BlockList();
    list.addSubnet(b.prefix, b.bits, type);
    return [list, b.name];
  });
}
const V4 = blockList(SPECIAL_IPV4, 'ipv4');
const V6 = blockList(SPECIAL_IPV6, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d` in any spelling) carries, else undefined. */
export function mappedIpv4(address: string): string | undefined {
  // The WHATWG URL parser writes every IPv6 address one way: `[::ffff:a.b.c.d]` becomes `[::ffff:hhhh:hhhh]`.
  const canonical = new URL(`http://[${address}]/`).hostname;
  const hex = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/**
 * Why an address is not one a deployed function may connect to (the registry's name for its block), or
 * undefined for a public address. Anything that is not an IP address at all is refused too.
 */
export function specialPurpose(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return V4.find(([list]) => list.check(bare, 'ipv4'))?.[1];
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    if (v4 !== undefined) return specialPurpose(v4);
    return V6.find(([list]) => list.check(bare, 'ipv6'))?.[1];
  }
  return 'not an IP address';
}
