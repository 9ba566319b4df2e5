import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { assertStorageKey, StorageNotFoundError, type ByteRange, type FileStorage } from './storage.js';

/** Files on this machine's disk under `root` (DATA_DIR/uploads): one node, or a shared volume. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const part = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(part, { mode: 0o600 }));
        await rename(part, path);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        throw new StorageNotFoundError(key);
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
