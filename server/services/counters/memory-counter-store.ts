import type { CounterStore } from './counter-store.js';

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async increment(key, windowMs) {
      const w = live(key) ?? { count: 0, endsAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return w.count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
