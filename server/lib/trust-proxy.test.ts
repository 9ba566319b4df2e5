import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import type { Database } from '../db/client.js';
import { LOOKUP_LIMITS } from '../modules/auth/index.js';
import { readConfig } from '../config.js';
import { parseTrustProxy } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('reads nobody, a hop count, or a list of proxy addresses and ranges', () => {
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1,fd00::/8, loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    expect(readConfig({}).trustProxy).toBe(false);
  });

  it.each(['true', '*', 'yes', '0.0.0.0/0', '::/0', '10.0.0.0/33', '10.0.0.1/x', 'proxy.example', '11', '10.0.0.1,', '-1'])(
    'refuses "%s" (it would trust anyone, or it is not an address): the start stops',
    (value) => {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('the client address behind a proxy', () => {
  let db: Database;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });

  /** The address the app counted a public lookup against (its per-address limit's key). */
  async function seenAddress(trustProxy: string, remoteAddress: string, forwardedFor: string): Promise<string> {
    const t = await createTestApp({ TRUST_PROXY: trustProxy }, { db });
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/checkvalidation', remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor }, payload: { type: 'username', value: 'someone' },
    });
    expect(res.statusCode).toBe(200);
    const limiter = t.services.rateLimits.limiter(LOOKUP_LIMITS.perIp);
    for (const candidate of [remoteAddress, ...forwardedFor.split(',').map((a) => a.trim())]) {
      if (await limiter.get(candidate)) return candidate;
    }
    throw new Error('no address counted');
  }

  it('ignores X-Forwarded-For by default', async () => {
    expect(await seenAddress('0', '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
  });

  it('takes it only from a listed proxy', async () => {
    expect(await seenAddress('10.0.0.5', '10.0.0.5', '198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAddress('10.0.0.0/24', '10.0.0.77', '198.51.100.8')).toBe('198.51.100.8');
    // A client that is not the proxy cannot name its own address.
    expect(await seenAddress('10.0.0.5', '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
  });

  it('with a hop count, believes that many proxies and no more: an address the client wrote itself is not taken', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; our one proxy appended the address it saw.
    expect(await seenAddress('1', '10.0.0.5', '6.6.6.6, 198.51.100.9')).toBe('198.51.100.9');
  });
});
