import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedRateLimiterMemory } from './bounded-memory-limiter.js';
import { consumeOrThrow, createRateLimits, isLimited, MEMORY_MAX_KEYS, type LimitRule } from './rate-limits.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const rule: LimitRule = { name: 'test-fail', points: 3, durationSec: 900 };
const tooMany = () => new Error('too many');

describe('rate limits in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('counts failures per key, refuses past the limit and forgets a key on delete', async () => {
    const limiter = createRateLimits().limiter(rule);
    for (let i = 0; i < 3; i++) {
      expect(await isLimited(limiter, 'a')).toBe(false);
      await limiter.penalty('a');
    }
    expect(await isLimited(limiter, 'a')).toBe(true);
    expect(await isLimited(limiter, 'b')).toBe(false);
    await limiter.delete('a');
    expect(await isLimited(limiter, 'a')).toBe(false);
  });

  it('answers the same limiter for a rule name, so every caller counts together', () => {
    const limits = createRateLimits();
    expect(limits.limiter(rule)).toBe(limits.limiter({ ...rule }));
  });

  it('consumeOrThrow lets the points through, then throws the given error', async () => {
    const limiter = createRateLimits().limiter(rule);
    for (let i = 0; i < 3; i++) await consumeOrThrow(limiter, 'k', tooMany);
    await expect(consumeOrThrow(limiter, 'k', tooMany)).rejects.toThrow('too many');
  });

  it(`holds at most ${MEMORY_MAX_KEYS} keys: 10,000 more distinct ones do not grow it`, async () => {
    const limiter = createRateLimits().limiter(rule) as BoundedRateLimiterMemory;
    const key = (i: number) => `203.0.113.${i}|made-up-${i}`;
    for (let i = 0; i < MEMORY_MAX_KEYS + 10_000; i++) await limiter.penalty(key(i));
    expect(limiter.trackedKeys).toBe(MEMORY_MAX_KEYS);
    // The oldest went first; the newest still count.
    expect(await limiter.get(key(0))).toBeNull();
    expect((await limiter.get(key(MEMORY_MAX_KEYS + 9_999)))?.consumedPoints).toBe(1);
  });

  it('forgets every key when its window ends, even keys never asked about again', async () => {
    // Fake timers are slow with many timers: a thousand keys show it as well as ten thousand.
    vi.useFakeTimers();
    const limiter = createRateLimits().limiter(rule) as BoundedRateLimiterMemory;
    for (let i = 0; i < 1_000; i++) await limiter.penalty(`made-up-${i}`);
    expect(limiter.trackedKeys).toBe(1_000);
    vi.advanceTimersByTime(rule.durationSec * 1000 + 1);
    expect(limiter.trackedKeys).toBe(0);
  });

  it('ends the window a fixed time after its first point; later points do not extend it', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimits().limiter(rule);
    for (let i = 0; i < 3; i++) await limiter.penalty('w');
    vi.advanceTimersByTime(600_000);
    await limiter.penalty('w');
    vi.advanceTimersByTime(300_001);
    expect(await isLimited(limiter, 'w')).toBe(false);
    expect((await limiter.penalty('w')).consumedPoints).toBe(1);
  });
});

describe.skipIf(!REDIS_URL)('rate limits in Redis (TEST_REDIS_URL)', () => {
  it('shares counts between two app nodes (two clients of one Redis), with an expiry on every key', async () => {
    // A prefix of this run only, so that runs never see each other's counts.
    const prefix = `cadenza-test:${randomUUID()}`;
    const [client1, client2] = [new Redis(REDIS_URL!), new Redis(REDIS_URL!)];
    try {
      const [node1, node2] = [createRateLimits({ redis: client1, prefix }), createRateLimits({ redis: client2, prefix })];
      await node1.limiter(rule).penalty('10.0.0.1');
      await node2.limiter(rule).penalty('10.0.0.1');
      expect(await isLimited(node1.limiter(rule), '10.0.0.1')).toBe(false);
      await node1.limiter(rule).penalty('10.0.0.1');
      expect(await isLimited(node2.limiter(rule), '10.0.0.1')).toBe(true);
      const ttl = await client1.pttl(`${prefix}:${rule.name}:10.0.0.1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(rule.durationSec * 1000);
      await node2.limiter(rule).delete('10.0.0.1');
      expect(await isLimited(node1.limiter(rule), '10.0.0.1')).toBe(false);
      for (let i = 0; i < 3; i++) await consumeOrThrow(node1.limiter(rule), 'k', tooMany);
      await expect(consumeOrThrow(node2.limiter(rule), 'k', tooMany)).rejects.toThrow('too many');
    } finally {
      await client1.quit();
      await client2.quit();
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('keep counting in this process instead of failing', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      const limiter = createRateLimits({ redis }).limiter(rule);
      for (let i = 0; i < 3; i++) await limiter.penalty('k');
      expect(await isLimited(limiter, 'k')).toBe(true);
      expect(await isLimited(limiter, 'other')).toBe(false);
    } finally {
      redis.disconnect();
    }
  });
});
