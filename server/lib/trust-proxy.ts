import { isIP } from 'node:net';

/** Whom Fastify believes about X-Forwarded-For: nobody, the nearest N hops, or these proxies. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/**
 * TRUST_PROXY (decision 018): `0` (nobody, the default), a hop count `1`..`10` (the last N
 * addresses in the header are proxies of ours), or a comma-separated list of proxy addresses and
 * CIDR ranges (`10.0.0.5, 10.1.0.0/16, ::1`, or the names `loopback`, `linklocal`, `uniquelocal`).
 * Trusting anyone (`true`, `*`, a /0 range) would let every client pick its own address, and with
 * it escape the per-address limits: such a value stops the start.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: a hop count is 1 to ${MAX_HOPS}`);
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not a hop count, a proxy address, a CIDR range (not /0) or loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (rest.length > 0 || family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * What Fastify is given. Fastify 5 trusts nobody for a bare hop count (it cannot tell the nearest
 * peer is a proxy), so a count becomes the function it would have been: the nearest N addresses
 * are proxies. Only right when every request comes through those N proxies (the app's port is not
 * reachable otherwise); a list of proxy addresses does not depend on that.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp;
}
