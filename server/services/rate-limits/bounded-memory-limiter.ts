import { RateLimiterMemory, type IRateLimiterOptions } from 'rate-limiter-flexible';

type Storage = { _storage: Map<string, unknown>; set(key: string, value: number, sec: number): unknown; delete(key: string): boolean };

/**
 * The library's memory limiter forgets each key when its window ends, but holds every key of the
 * window: a flood of made-up usernames or addresses would still grow the process. This one holds
 * at most maxKeys and drops the oldest first (the one closest to its end). Decision 018.
 */
export class BoundedRateLimiterMemory extends RateLimiterMemory {
  constructor(options: IRateLimiterOptions, maxKeys: number) {
    super(options);
    const storage = (this as unknown as { _memoryStorage?: Storage })._memoryStorage;
    // The cap reaches into the library's storage: a version that moved it must fail here, not leak.
    if (!(storage?._storage instanceof Map) || typeof storage.set !== 'function') {
      throw new Error('rate-limiter-flexible changed its memory storage: BoundedRateLimiterMemory needs updating');
    }
    const set = storage.set.bind(storage);
    storage.set = (key, value, sec) => {
      if (!storage._storage.has(key)) {
        while (storage._storage.size >= maxKeys) storage.delete(storage._storage.keys().next().value!);
      }
      return set(key, value, sec);
    };
  }

  /** How many keys this limiter holds now. */
  get trackedKeys(): number {
    return (this as unknown as { _memoryStorage: Storage })._memoryStorage._storage.size;
  }
}
