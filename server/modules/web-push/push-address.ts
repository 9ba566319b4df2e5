import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress, type HostLookup, type ResolvedAddress } from '../../lib/public-address.js';

/**
 * Where a push may go (docs/decisions/068-push-services-on-the-public-internet.md): the push
 * service's host name is resolved, and every address it names must be public; the connection is
 * made to one of those very addresses (its `lookup`), so a second answer of the DNS (a rebind)
 * is never asked for between the check and the POST.
 */
/** A subscription's check at registration waits this long for the DNS; then it is refused (the browser can try again). */
const REGISTER_LOOKUP_MS = 3_000;

/**
 * Public addresses only; the test-only setting PUSH_ALLOW_INSECURE_ENDPOINTS lets this machine's
 * loopback through too (the local push service of the tests), never a private, link-local or
 * metadata address.
 */
export function pushAddressRule(allowInsecure: boolean): (address: string) => boolean {
  return (address) => isPublicAddress(address) || (allowInsecure && isLoopbackAddress(address));
}

export type HostCheck = { kind: 'allowed'; addresses: ResolvedAddress[] } | { kind: 'not-public' } | { kind: 'unknown' };

/** An IP literal is checked as it is; a name by every address it resolves to (one private address refuses it). */
export async function checkPushHost(hostname: string, lookup: HostLookup, allowed: (address: string) => boolean): Promise<HostCheck> {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(literal);
  if (family !== 0) return allowed(literal) ? { kind: 'allowed', addresses: [{ address: literal, family }] } : { kind: 'not-public' };
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(hostname);
  } catch {
    return { kind: 'unknown' };
  }
  if (addresses.length === 0) return { kind: 'unknown' };
  return addresses.every((a) => allowed(a.address)) ? { kind: 'allowed', addresses } : { kind: 'not-public' };
}

/** The check of a subscription being added, bounded in time (an unanswered DNS is "unknown"). */
export async function checkPushEndpoint(endpoint: string, lookup: HostLookup, allowed: (address: string) => boolean): Promise<HostCheck['kind']> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HostCheck>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'unknown' }), REGISTER_LOOKUP_MS);
  });
  try {
    return (await Promise.race([checkPushHost(new URL(endpoint).hostname, lookup, allowed), timeout])).kind;
  } finally {
    clearTimeout(timer);
  }
}

/** The error a refused address fails the connection with, so the sender tells it from a network failure. */
export class NotPublicAddressError extends Error {
  readonly code = 'EPUSHNOTPUBLIC';
  constructor(hostname: string) {
    super(`The push service ${hostname} is not on the public internet`);
  }
}

/**
 * The connection's `lookup` (node:net): resolves the name once, checks every address, and hands
 * the socket only addresses that passed, so the socket connects to what was checked.
 */
export function checkedLookup(lookup: HostLookup, allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    void checkPushHost(hostname, lookup, allowed).then((check) => {
      if (check.kind === 'not-public') return callback(new NotPublicAddressError(hostname), '', 0);
      const wanted = check.kind === 'allowed' && (options.family === 4 || options.family === 6)
        ? check.addresses.filter((a) => a.family === options.family)
        : check.kind === 'allowed' ? check.addresses : [];
      const first = wanted[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} was not found`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return callback(null, wanted);
      return callback(null, first.address, first.family);
    });
  };
}
