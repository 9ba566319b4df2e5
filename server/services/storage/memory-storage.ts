import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { assertStorageKey, StorageNotFoundError, type FileStorage } from './storage.js';

/** Bytes kept in this process: for code that seeds the demo only to read its rows (tests). */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, Buffer>();
  return {
    kind: 'memory',
    async put(key, body) {
      assertStorageKey(key);
      files.set(key, Buffer.isBuffer(body) ? body : await buffer(body));
    },
    async get(key, range) {
      const bytes = files.get(key);
      if (!bytes) throw new StorageNotFoundError(key);
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
