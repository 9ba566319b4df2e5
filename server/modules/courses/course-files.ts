import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { courseLessonFiles } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError } from '../../lib/http-errors.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { COURSE_MESSAGES as M } from '../../../shared/contracts/courses.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { assertAttachableFile, fileRefsOf, providerFileRefsOf } from '../library/index.js';

type Owner = { adminId: string; provider: boolean };
type Pending = { ownerId: string; ids: string[]; put: (refs: FileRef[]) => void };

/**
 * The signed links of a course's files: its cover and its lessons' attachments. The library signs
 * a link only for someone who may see the file; a course extends that rule to whoever may read
 * the course (decideOpenCourseFiles, policies/courses.ts), so callers present the files only of a
 * course they have just found readable (readableCourse, or the visibleCourses list).
 *
 * A provider course's files are in the provider's library, which a school's transaction cannot
 * read (row-level security): they are read after that transaction, in the provider's own scope
 * (`settle`), and put into the answer then.
 */
export class CourseFiles {
  private pending: Pending[] = [];

  constructor(private readonly db: Database, readonly signer: FileLinkSigner, private readonly now = new Date()) {}

  /** Puts the references of `ids` (files of `owner`'s library), in that order, through `put`. */
  async refs(tx: Tx, actor: Actor, owner: Owner, ids: string[], put: (refs: FileRef[]) => void): Promise<void> {
    if (ids.length === 0) return put([]);
    // The superadmin's transaction spans every school, the provider's library with them.
    if (owner.provider && actor.role !== 'superadmin') {
      this.pending.push({ ownerId: owner.adminId, ids, put });
      return;
    }
    put(await fileRefsOf(tx, this.signer, ids, this.now));
  }

  /** After the request's transaction: the provider's files, one read per provider. */
  async settle(): Promise<void> {
    const byOwner = new Map<string, Pending[]>();
    for (const p of this.pending) byOwner.set(p.ownerId, [...(byOwner.get(p.ownerId) ?? []), p]);
    this.pending = [];
    for (const [ownerId, jobs] of byOwner) {
      const refs = await providerFileRefsOf(this.db, ownerId, this.signer, [...new Set(jobs.flatMap((j) => j.ids))], this.now);
      const byId = new Map(refs.map((r) => [r._id, r]));
      for (const job of jobs) job.put(job.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    }
  }
}

/** A new or changed cover: a file the actor may attach, and an image (its type sniffed from its bytes on upload). */
export async function checkCover(tx: Tx, actor: Actor, files: CourseFiles, coverFileId: string | null, current: string | null): Promise<void> {
  // An unchanged cover stays, even one the editor could not pick (the office chose it for a teacher's course).
  if (coverFileId === null || coverFileId === current) return;
  const ref = await assertAttachableFile(tx, actor, coverFileId, files.signer, 'coverFileId');
  if (ref.kind !== 'image') throw fieldError('coverFileId', M.coverNotImage);
}

/** The file ids attached to each of these lessons, in order. */
export async function attachmentIdsOf(tx: Tx, lessonIds: string[]): Promise<Map<string, string[]>> {
  const byLesson = new Map<string, string[]>(lessonIds.map((id) => [id, []]));
  if (lessonIds.length === 0) return byLesson;
  const rows = await tx.select({ lessonId: courseLessonFiles.lessonId, fileId: courseLessonFiles.fileId }).from(courseLessonFiles)
    .where(inArray(courseLessonFiles.lessonId, lessonIds)).orderBy(asc(courseLessonFiles.position));
  for (const r of rows) byLesson.get(r.lessonId)?.push(r.fileId);
  return byLesson;
}

/**
 * Replaces a lesson's attachments with `ids`, in that order. A newly attached file must be one
 * the actor may attach; those already attached stay (another editor of the course chose them).
 */
export async function saveAttachments(tx: Tx, actor: Actor, files: CourseFiles, lesson: { id: string; adminId: string }, ids: string[]): Promise<void> {
  const current = new Set((await attachmentIdsOf(tx, [lesson.id])).get(lesson.id));
  for (const id of ids) {
    if (!current.has(id)) await assertAttachableFile(tx, actor, id, files.signer, 'attachmentIds');
  }
  await tx.delete(courseLessonFiles).where(eq(courseLessonFiles.lessonId, lesson.id));
  if (ids.length > 0) {
    await tx.insert(courseLessonFiles).values(ids.map((fileId, i) => ({ adminId: lesson.adminId, lessonId: lesson.id, fileId, position: i + 1 })));
  }
}
