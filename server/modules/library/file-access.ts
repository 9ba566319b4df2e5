import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { libraryFiles, libraryShares } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import { libraryOwnerOf, type FileFacts, type LibraryDecision } from '../../policies/library.js';
import { LIBRARY_MESSAGES as M } from '../../../shared/contracts/library.js';
import { groupsOfStudent } from '../relations/index.js';
import type { FileRow } from './presenter.js';

/**
 * library_files.id, always qualified: drizzle leaves a column of a one-table select unqualified,
 * and inside a subquery of library_shares a bare "id" would be the share's.
 */
export const FILE_ID = sql`${sql.identifier('library_files')}.${sql.identifier('id')}`;

/** Is the file shared with this student, directly or through a class/group of theirs? (SQL) */
export function sharedWithStudent(studentId: string): SQL {
  return sql`exists (select 1 from ${libraryShares} where ${libraryShares.fileId} = ${FILE_ID} and (${libraryShares.studentId} = ${studentId}
    or ${libraryShares.classGroupId} in ${groupsOfStudent(studentId)}))`;
}

/** The files of the actor's library they may see, as a condition (the policy's view rule in SQL). */
export function visibleFiles(actor: Actor): SQL {
  const owner = libraryOwnerOf(actor);
  const mine = eq(libraryFiles.adminId, owner ?? '00000000-0000-0000-0000-000000000000');
  switch (actor.role) {
    case 'superadmin':
    case 'admin':
    case 'subadmin':
      return mine;
    case 'teacher':
      return and(mine, sql`(${libraryFiles.ownerId} = ${actor.id} or ${libraryFiles.sharedWithTeachers})`)!;
    case 'student':
      return and(mine, sharedWithStudent(actor.id))!;
    default:
      return sql`false`;
  }
}

export const fileColumns = {
  id: libraryFiles.id,
  adminId: libraryFiles.adminId,
  ownerId: libraryFiles.ownerId,
  storageKey: libraryFiles.storageKey,
  name: libraryFiles.name,
  contentType: libraryFiles.contentType,
  kind: libraryFiles.kind,
  sizeBytes: libraryFiles.sizeBytes,
  folder: libraryFiles.folder,
  inLibrary: libraryFiles.inLibrary,
  sharedWithTeachers: libraryFiles.sharedWithTeachers,
  createdAt: libraryFiles.createdAt,
};
export type StoredFile = FileRow & { storageKey: string; inLibrary: boolean };

/** The file and the facts its policy reads; null when no file of the actor's reach has that id. */
export async function loadFile(tx: Tx, actor: Actor, id: string): Promise<{ row: StoredFile; facts: FileFacts } | null> {
  const owner = libraryOwnerOf(actor);
  if (!owner) return null;
  const [row] = await tx.select({ ...fileColumns, sharedWithActor: actor.role === 'student' ? sharedWithStudent(actor.id).mapWith(Boolean) : sql<boolean>`false` })
    .from(libraryFiles).where(and(eq(libraryFiles.id, id), eq(libraryFiles.adminId, owner))).limit(1);
  if (!row) return null;
  const { sharedWithActor, ...file } = row;
  return { row: file, facts: { adminId: file.adminId, ownerId: file.ownerId, sharedWithTeachers: file.sharedWithTeachers, sharedWithActor } };
}

export function enforceFile(decision: LibraryDecision): void {
  if (decision === 'not-found') throw notFound(M.notFound);
  if (decision === 'forbidden') throw forbidden();
}

/** Loads a file and applies one of the policy's decisions to it: 404 or 403 as it says. */
export async function fileFor(tx: Tx, actor: Actor, id: string, decide: (a: Actor, f: FileFacts) => LibraryDecision): Promise<StoredFile> {
  const found = await loadFile(tx, actor, id);
  if (!found) throw notFound(M.notFound);
  enforceFile(decide(actor, found.facts));
  return found.row;
}
