import { Redis } from 'ioredis';
import type { CounterStore } from './counter-store.js';

export function createRedisCounterStore(url: string, onError: (error: Error) => void, prefix = 'cadenza:count:'): CounterStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', onError);
  return {
    async increment(key, windowMs) {
      const k = prefix + key;
      // The window starts with the first hit and is not extended by later ones.
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return count;
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
