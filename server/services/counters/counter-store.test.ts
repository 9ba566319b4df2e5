import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterStore } from './counter-store.js';
import { createMemoryCounterStore } from './memory-counter-store.js';
import { createRedisCounterStore } from './redis-counter-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The contract both stores keep (the sign-in and reset limits rely on it). `wait` lets time pass:
 * a moved clock for the memory store, real time for Redis.
 */
function counterStoreContract(setup: () => { store: CounterStore; wait: (ms: number) => Promise<void>; window: number }) {
  let store: CounterStore;
  let wait: (ms: number) => Promise<void>;
  let W: number;
  beforeAll(() => {
    ({ store, wait, window: W } = setup());
  });
  afterAll(() => store.close());

  it('counts hits within a window and reads the count without adding to it', async () => {
    expect(await store.get('a')).toBe(0);
    expect(await store.increment('a', W)).toBe(1);
    expect(await store.increment('a', W)).toBe(2);
    expect(await store.increment('a', W)).toBe(3);
    expect(await store.get('a')).toBe(3);
    expect(await store.get('a')).toBe(3);
  });

  it('keeps keys apart', async () => {
    await store.increment('k1', W);
    await store.increment('k1', W);
    expect(await store.increment('k2', W)).toBe(1);
    expect(await store.get('k1')).toBe(2);
  });

  it('starts again at zero after reset', async () => {
    await store.increment('r', W);
    await store.increment('r', W);
    await store.reset('r');
    expect(await store.get('r')).toBe(0);
    expect(await store.increment('r', W)).toBe(1);
  });

  it('ends the window a fixed time after its first hit; later hits do not extend it', async () => {
    expect(await store.increment('w', W)).toBe(1);
    await wait(W * 0.6);
    expect(await store.increment('w', W)).toBe(2);
    await wait(W * 0.6);
    expect(await store.get('w')).toBe(0);
    expect(await store.increment('w', W)).toBe(1);
  });

  it('counts concurrent hits exactly once each', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('c', W)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
}

describe('memory counter store', () => {
  let now = 1_700_000_000_000;
  counterStoreContract(() => ({
    store: createMemoryCounterStore(() => now),
    wait: async (ms) => void (now += ms),
    window: 60_000,
  }));

  it('forgets everything on close', async () => {
    const store = createMemoryCounterStore(() => now);
    await store.increment('x', 1000);
    await store.close();
    expect(await store.get('x')).toBe(0);
  });
});

const failOnError = (error: Error) => {
  throw error;
};

describe.skipIf(!REDIS_URL)('redis counter store (TEST_REDIS_URL)', () => {
  counterStoreContract(() => ({
    // A prefix of this run only, so that runs never see each other's counts.
    store: createRedisCounterStore(REDIS_URL!, failOnError, `cadenza-test:${randomUUID()}:`),
    wait: sleep,
    window: 400,
  }));

  it('shares counts between two app nodes (two clients of one Redis)', async () => {
    const prefix = `cadenza-test:${randomUUID()}:`;
    const [node1, node2] = [createRedisCounterStore(REDIS_URL!, failOnError, prefix), createRedisCounterStore(REDIS_URL!, failOnError, prefix)];
    try {
      await node1.increment('login-ip:10.0.0.1', 60_000);
      expect(await node2.increment('login-ip:10.0.0.1', 60_000)).toBe(2);
      await node2.reset('login-ip:10.0.0.1');
      expect(await node1.get('login-ip:10.0.0.1')).toBe(0);
    } finally {
      await node1.close();
      await node2.close();
    }
  });
});
