import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether an IP address is on the public internet: the server posts to addresses that people
 * give it (web push), and must never reach this machine, the private network or a cloud's
 * metadata service through them (docs/decisions/068-push-services-on-the-public-internet.md).
 */

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry, RFC 6890 and later). */
const IPV4_SPECIAL: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space (carrier NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata service (169.254.169.254)
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private (RFC 1918)
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/**
 * IPv6: only global unicast (2000::/3) is public, which leaves out loopback, unspecified, the
 * IPv4-mapped and NAT64 forms (they could name a private IPv4 address), unique-local fc00::/7
 * (fd00:ec2::254 is AWS's metadata service), link-local fe80::/10 and multicast. Within
 * 2000::/3 these are not public either: IETF assignments (Teredo among them), documentation and
 * 6to4 (which embeds an IPv4 address).
 */
const IPV6_GLOBAL: [string, number][] = [['2000::', 3]];
const IPV6_SPECIAL: [string, number][] = [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]];

function listOf(ranges: [string, number][], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}
const v4Special = listOf(IPV4_SPECIAL, 'ipv4');
const v6Global = listOf(IPV6_GLOBAL, 'ipv6');
const v6Special = listOf(IPV6_SPECIAL, 'ipv6');
const v4Loopback = listOf([['127.0.0.0', 8]], 'ipv4');
const v6Loopback = listOf([['::1', 128]], 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !v4Special.check(address, 'ipv4');
  if (family === 6) return v6Global.check(address, 'ipv6') && !v6Special.check(address, 'ipv6');
  return false;
}

/** 127.0.0.0/8 and ::1: this machine. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return v4Loopback.check(address, 'ipv4');
  return family === 6 && v6Loopback.check(address, 'ipv6');
}

export type ResolvedAddress = { address: string; family: number };
/** A host name's addresses, as the system resolver gives them (the tests' app answers its own names). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemHostLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
