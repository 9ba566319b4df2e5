import type { Readable } from 'node:stream';

/** A byte range, both ends included (HTTP's Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live (docs/domains/conventions.md "The stack"): local disk by default, S3-compatible when S3_* is set.
 * Keys are made by the app (random, never a person's file name), so adapters may use them as paths.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3' | 'memory';
  /** Stores the bytes under key; `size` is their exact length. */
  put(key: string, body: Readable | Buffer, meta: { contentType: string; size: number }): Promise<void>;
  /** The stored bytes (or a range of them); StorageNotFoundError when the key holds nothing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
  }
}

/** Keys are ours: lowercase hex and slashes only, so no adapter ever sees `..` or a name. */
export const STORAGE_KEY = /^[a-z0-9]+(\/[a-z0-9]+)*$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.length > 200) throw new Error('Invalid storage key');
}
