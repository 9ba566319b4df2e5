import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { BoundedRateLimiterMemory } from './bounded-memory-limiter.js';

/** A limit: at most `points` in `durationSec` seconds, counted from the first point of a key. */
export type LimitRule = { name: string; points: number; durationSec: number };

/** Keys one memory limiter holds at most (a few MB); Redis bounds its own memory. */
export const MEMORY_MAX_KEYS = 10_000;

/**
 * The app's rate limits (decisions 004 and 018): rate-limiter-flexible, in this process or in Redis
 * when REDIS_URL is set, so that every app node counts together. One limiter per rule name.
 */
export type RateLimits = {
  limiter(rule: LimitRule): RateLimiterAbstract;
};

export function createRateLimits(options: { redis?: Redis; prefix?: string; memoryMaxKeys?: number } = {}): RateLimits {
  const { redis, prefix = 'cadenza:rl', memoryMaxKeys = MEMORY_MAX_KEYS } = options;
  const limiters = new Map<string, RateLimiterAbstract>();
  return {
    limiter(rule) {
      let limiter = limiters.get(rule.name);
      if (!limiter) {
        const opts = { keyPrefix: `${prefix}:${rule.name}`, points: rule.points, duration: rule.durationSec };
        const memory = new BoundedRateLimiterMemory(opts, memoryMaxKeys);
        // Redis unreachable: this node keeps counting on its own rather than failing every sign-in.
        limiter = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
        limiters.set(rule.name, limiter);
      }
      return limiter;
    },
  };
}

/** Has this key used up its points? Reads without counting. */
export async function isLimited(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const res = await limiter.get(key);
  // The memory store answers a window that has ended until its timer clears it: that counts nothing.
  if (!res || res.msBeforeNext <= 0) return false;
  return res.consumedPoints >= limiter.points;
}

/** Counts one point; a key over its limit throws `tooMany` (a store that fails throws its own error). */
export async function consumeOrThrow(limiter: RateLimiterAbstract, key: string, tooMany: () => Error): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany();
    throw error;
  }
}
