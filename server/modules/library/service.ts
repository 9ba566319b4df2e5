import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { classGroups, libraryFiles, libraryShares, users } from '../../db/schema/index.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { likePattern } from '../../lib/name-search.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import {
  decideManageFile, decideShareFile, decideViewFile, libraryOwnerOf, mayMarkForTeachers, mayUseLibrary, shareReachOf,
} from '../../policies/library.js';
import { groupsOfTeacher, isGroupOfTeacher, isOwnStudent, ownStudentsOf } from '../relations/index.js';
import {
  LIBRARY_MESSAGES as M, type LibraryListAnswer, type libraryListBody, type shareFileBody, type updateFileBody,
} from '../../../shared/contracts/library.js';
import { FILE_ID, fileColumns, fileFor, visibleFiles } from './file-access.js';
import { presentLibraryFile, presentShare, type FileListRow } from './presenter.js';

type ListQuery = z.output<typeof libraryListBody>;
type UpdateInput = z.output<typeof updateFileBody>;
type ShareInput = z.output<typeof shareFileBody>;
export type LinkContext = { signer: FileLinkSigner; now: Date };

const shareCount = sql<number>`(select count(*) from ${libraryShares} where ${libraryShares.fileId} = ${FILE_ID})`.mapWith(Number);

export async function listFiles(tx: Tx, actor: Actor, q: ListQuery, links: LinkContext): Promise<LibraryListAnswer> {
  if (!mayUseLibrary(actor)) throw forbidden();
  const visible = and(eq(libraryFiles.inLibrary, true), visibleFiles(actor));
  const where = and(
    visible,
    q.folder ? eq(libraryFiles.folder, q.folder) : undefined,
    q.kind ? eq(libraryFiles.kind, q.kind) : undefined,
    q.search ? ilike(libraryFiles.name, likePattern(q.search)) : undefined,
  );
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn: SQL = q.sortBy === 'name' ? sql`lower(${libraryFiles.name})` : q.sortBy === 'size' ? sql`${libraryFiles.sizeBytes}` : sql`${libraryFiles.createdAt}`;
  const rows = await tx.select({ ...fileColumns, ownerFirstName: users.firstName, ownerLastName: users.lastName, shareCount, total: totalRows })
    .from(libraryFiles).leftJoin(users, eq(users.id, libraryFiles.ownerId))
    .where(where)
    .orderBy(direction(sortColumn), direction(libraryFiles.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(libraryFiles).where(where);
    return row?.count ?? 0;
  });
  const folders = await tx.selectDistinct({ folder: libraryFiles.folder }).from(libraryFiles)
    .where(and(visible, sql`${libraryFiles.folder} <> ''`)).orderBy(libraryFiles.folder).limit(200);
  const facts = (r: FileListRow) => ({ adminId: r.adminId, ownerId: r.ownerId, sharedWithTeachers: r.sharedWithTeachers, sharedWithActor: actor.role === 'student' });
  const results = rows.map((r) => presentLibraryFile(r, links.signer, links.now, {
    manage: decideManageFile(actor, facts(r)) === 'allow',
    share: decideShareFile(actor, facts(r)) === 'allow',
  }));
  return { ...toListResult(results, total, q), folders: folders.map((f) => f.folder) };
}

/** Renames a file, moves it to a folder, and (staff) marks it for the school's teachers. */
export async function updateFile(tx: Tx, actor: Actor, input: UpdateInput, links: LinkContext) {
  const file = await fileFor(tx, actor, input.id, decideManageFile);
  // A teacher's edit leaves the staff's mark as it was.
  const sharedWithTeachers = mayMarkForTeachers(actor) ? input.sharedWithTeachers : file.sharedWithTeachers;
  await tx.update(libraryFiles).set({ name: input.name, folder: input.folder, sharedWithTeachers }).where(eq(libraryFiles.id, file.id));
  return getFile(tx, actor, file.id, links);
}

export async function getFile(tx: Tx, actor: Actor, id: string, links: LinkContext) {
  await fileFor(tx, actor, id, decideViewFile);
  const [row] = await tx.select({ ...fileColumns, ownerFirstName: users.firstName, ownerLastName: users.lastName, shareCount })
    .from(libraryFiles).leftJoin(users, eq(users.id, libraryFiles.ownerId)).where(eq(libraryFiles.id, id));
  const facts = { adminId: row!.adminId, ownerId: row!.ownerId, sharedWithTeachers: row!.sharedWithTeachers, sharedWithActor: actor.role === 'student' };
  return presentLibraryFile(row!, links.signer, links.now, { manage: decideManageFile(actor, facts) === 'allow', share: decideShareFile(actor, facts) === 'allow' });
}

/**
 * Deletes the file's row (its shares go with it: cascade) and, once that has committed, its
 * bytes: a rolled-back delete leaves the file whole.
 */
export async function removeFile(tx: Tx, actor: Actor, id: string, deleteBytes: (key: string) => void): Promise<void> {
  const file = await fileFor(tx, actor, id, decideManageFile);
  await tx.delete(libraryFiles).where(eq(libraryFiles.id, file.id));
  tx.afterCommit(() => deleteBytes(file.storageKey));
}

/** Shares a file with students and classes/groups (again sharing with one is no change). */
export async function shareFile(tx: Tx, actor: Actor, input: ShareInput) {
  const file = await fileFor(tx, actor, input.id, decideShareFile);
  const reach = shareReachOf(actor);
  const studentIds = [...new Set(input.studentIds)];
  const groupIds = [...new Set(input.classGroupIds)];
  if (studentIds.length > 0) {
    const found = await tx.select({ id: users.id }).from(users)
      .where(and(inArray(users.id, studentIds), eq(users.role, 'student'), eq(users.adminId, file.adminId)));
    if (found.length !== studentIds.length) throw fieldError('studentIds', M.studentOfSchool);
    if (reach === 'own') {
      for (const id of studentIds) if (!(await isOwnStudent(tx, actor, id))) throw fieldError('studentIds', M.ownStudents);
    }
  }
  if (groupIds.length > 0) {
    const found = await tx.select({ id: classGroups.id }).from(classGroups).where(and(inArray(classGroups.id, groupIds), eq(classGroups.adminId, file.adminId)));
    if (found.length !== groupIds.length) throw fieldError('classGroupIds', M.groupOfSchool);
    if (reach === 'own') {
      for (const id of groupIds) if (!(await isGroupOfTeacher(tx, actor.id, id))) throw fieldError('classGroupIds', M.ownGroup);
    }
  }
  const values = [
    ...studentIds.map((studentId) => ({ adminId: file.adminId, fileId: file.id, studentId, sharedBy: actor.id })),
    ...groupIds.map((classGroupId) => ({ adminId: file.adminId, fileId: file.id, classGroupId, sharedBy: actor.id })),
  ];
  await tx.insert(libraryShares).values(values).onConflictDoNothing();
  return listShares(tx, actor, file.id);
}

/** Who a file is shared with; a teacher sees only the shares with their own students and groups. */
export async function listShares(tx: Tx, actor: Actor, fileId: string) {
  await fileFor(tx, actor, fileId, decideShareFile);
  const own = shareReachOf(actor) === 'own'
    ? sql`(${libraryShares.studentId} in ${ownStudentsOf(actor)} or ${libraryShares.classGroupId} in ${groupsOfTeacher(actor.id)})`
    : undefined;
  const rows = await tx.select({
    id: libraryShares.id, studentId: libraryShares.studentId, studentFirstName: users.firstName, studentLastName: users.lastName,
    classGroupId: libraryShares.classGroupId, classGroupName: classGroups.name, createdAt: libraryShares.createdAt,
  }).from(libraryShares)
    .leftJoin(users, eq(users.id, libraryShares.studentId))
    .leftJoin(classGroups, eq(classGroups.id, libraryShares.classGroupId))
    .where(and(eq(libraryShares.fileId, fileId), own))
    .orderBy(asc(libraryShares.createdAt), asc(libraryShares.id));
  return { results: rows.map(presentShare) };
}

/** Takes one share away; a teacher only one of their own students or groups. */
export async function unshareFile(tx: Tx, actor: Actor, fileId: string, shareId: string) {
  const file = await fileFor(tx, actor, fileId, decideShareFile);
  const [share] = await tx.select().from(libraryShares).where(and(eq(libraryShares.id, shareId), eq(libraryShares.fileId, file.id))).limit(1);
  if (!share) throw notFound(M.notFound);
  if (shareReachOf(actor) === 'own') {
    const own = share.studentId ? await isOwnStudent(tx, actor, share.studentId) : await isGroupOfTeacher(tx, actor.id, share.classGroupId!);
    if (!own) throw forbidden();
  }
  await tx.delete(libraryShares).where(eq(libraryShares.id, share.id));
  return listShares(tx, actor, file.id);
}

export type StoredUpload = { storageKey: string; name: string; contentType: string; kind: string; size: number };

/** Records files already stored (the caller deletes their bytes if this transaction fails). */
export async function recordUploads(tx: Tx, actor: Actor, files: StoredUpload[], options: { folder: string; inLibrary: boolean }) {
  const owner = libraryOwnerOf(actor);
  if (!owner) throw forbidden();
  return tx.insert(libraryFiles).values(files.map((f) => ({
    adminId: owner, ownerId: actor.id, storageKey: f.storageKey, name: f.name, contentType: f.contentType, kind: f.kind, sizeBytes: f.size,
    folder: options.folder, inLibrary: options.inLibrary,
  }))).returning();
}
