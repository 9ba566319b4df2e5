import type { HostLookup, ResolvedAddress } from '../lib/public-address.js';

/**
 * The tests' DNS (decision 068): the app resolves push services' names before it posts, and a
 * test must not depend on the network's resolver. Every name answers this public address (IANA's
 * example.com) unless a test names its own answers.
 */
export const PUBLIC_TEST_ADDRESS = '93.184.215.14';

/**
 * Answers `hosts[name]` (an address or several, in order; a function is asked on each lookup, for
 * a DNS that changes its answer), else PUBLIC_TEST_ADDRESS; `lookups` counts the questions per name.
 */
export function testHostLookup(hosts: Record<string, string[] | (() => string[])> = {}): HostLookup & { lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    lookups.set(hostname, (lookups.get(hostname) ?? 0) + 1);
    const answer = hosts[hostname];
    const addresses = typeof answer === 'function' ? answer() : answer ?? [PUBLIC_TEST_ADDRESS];
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { lookups });
}
