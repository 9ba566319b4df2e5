import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { FileStorage } from '../../services/storage/storage.js';
import { forbidden } from '../../lib/http-errors.js';
import { libraryOwnerOf, mayUpload } from '../../policies/library.js';
import type { ReceivedFile } from './receive-uploads.js';
import { recordUploads, type StoredUpload } from './service.js';

/** A school's files under its id, each under 128 random bits: no name, no guess. */
export const storageKeyFor = (ownerId: string) => `${ownerId.replace(/-/g, '')}/${randomBytes(16).toString('hex')}`;

/**
 * Stores received files, then records them in one transaction. If anything fails, the bytes
 * already stored are deleted again: a refused or failed upload leaves nothing behind.
 */
export async function storeUploads(req: FastifyRequest, storage: FileStorage, files: ReceivedFile[], options: { folder: string; inLibrary: boolean }) {
  const actor = req.actor!;
  const owner = libraryOwnerOf(actor);
  if (!owner || !mayUpload(actor)) throw forbidden();
  const stored: string[] = [];
  try {
    const uploads: StoredUpload[] = [];
    for (const f of files) {
      const storageKey = storageKeyFor(owner);
      await storage.put(storageKey, createReadStream(f.path), { contentType: f.type, size: f.size });
      stored.push(storageKey);
      uploads.push({ storageKey, name: f.name, contentType: f.type, kind: f.kind, size: f.size });
    }
    return await req.tx((tx) => recordUploads(tx, actor, uploads, options));
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  }
}
