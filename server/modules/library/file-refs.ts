import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { libraryFiles } from '../../db/schema/index.js';
import { fieldError } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { decideViewFile } from '../../policies/library.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { fileColumns, loadFile, type StoredFile } from './file-access.js';
import { presentFileRef } from './presenter.js';

export const ATTACH_MESSAGE = 'Please choose a file of your library';

/**
 * For other modules (courses): checks that the actor may attach this file (a file of their
 * library they may see: staff any of the school's, a teacher their own or those marked for
 * teachers, the superadmin the provider's). Anything else is a 400 on `field`, answered exactly
 * as for an id that exists nowhere. Answers the file's reference.
 */
export async function assertAttachableFile(tx: Tx, actor: Actor, fileId: string, signer: FileLinkSigner, field = 'fileId'): Promise<FileRef> {
  return presentFileRef(await attachableFile(tx, actor, fileId, field), signer, new Date());
}

async function attachableFile(tx: Tx, actor: Actor, fileId: string, field: string): Promise<StoredFile> {
  const found = await loadFile(tx, actor, fileId);
  if (!found || decideViewFile(actor, found.facts) !== 'allow' || actor.role === 'student') throw fieldError(field, ATTACH_MESSAGE);
  return found.row;
}

/** A file to send by email, by the same rule: where its bytes are stored, for the delivery to read them. */
export type EmailableFile = { id: string; name: string; contentType: string; size: number; storageKey: string };

export async function assertEmailableFile(tx: Tx, actor: Actor, fileId: string, field: string): Promise<EmailableFile> {
  const row = await attachableFile(tx, actor, fileId, field);
  return { id: row.id, name: row.name, contentType: row.contentType, size: row.sizeBytes, storageKey: row.storageKey };
}

/**
 * For other modules: the references (name, type, size, signed links) of files that something the
 * reader may see already names (a course's attachments), in the order of `ids`; missing ones are
 * left out. The reader's right to the thing that names them is the caller's check.
 */
export async function fileRefsOf(tx: Tx, signer: FileLinkSigner, ids: string[], now = new Date()): Promise<FileRef[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select(fileColumns).from(libraryFiles).where(inArray(libraryFiles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [presentFileRef(byId.get(id)!, signer, now)] : []));
}

/**
 * The same for files of the provider's library (a provider course's attachments, read by a
 * school's people): read in the provider's own scope, as row-level security requires.
 */
export async function providerFileRefsOf(db: Database, superadminId: string, signer: FileLinkSigner, ids: string[], now = new Date()): Promise<FileRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.transaction({ kind: 'school', adminId: superadminId }, (tx) =>
    tx.select(fileColumns).from(libraryFiles).where(and(eq(libraryFiles.adminId, superadminId), inArray(libraryFiles.id, ids))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [presentFileRef(byId.get(id)!, signer, now)] : []));
}
