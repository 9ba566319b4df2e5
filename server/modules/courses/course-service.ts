import { inSequence } from '../../lib/in-sequence.js';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { courseLessons, courses, genres, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { toListResult, totalOf, totalRows } from '../../lib/paging.js';
import {
  changeNeedsApproval, decideEditCourse, decideReadCourse, decideReviewCourse, mayCreateCourse, mayListCourses, mayReviewCourses,
  statusOfNewCourse, type CourseDecision,
} from '../../policies/courses.js';
import { emailLayout } from '../../services/email/layout.js';
import { queueEmail } from '../../services/email/queue-email.js';
import {
  COURSE_MESSAGES as M, type ApprovalListAnswer, type CourseDetails, type CourseFormValues, type CourseItem, type CourseListAnswer,
  type CourseUpdateValues, type LessonDetails, type LessonItem, type approvalListBody, type courseListBody,
} from '../../../shared/contracts/courses.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { attachmentIdsOf, checkCover, type CourseFiles } from './course-files.js';
import { coursesAssignedTo, visibleCourses } from './course-scope.js';
import { presentCourse, presentLesson, type CourseRow, type CourseWithNames } from './presenter.js';
import { notifyPeople } from '../notifications/index.js';

/** Throws the answer of a decision that is not 'allow'. */
export function enforce(decision: CourseDecision, message: string = M.notFound): void {
  if (decision === 'not-found') throw notFound(message);
  if (decision === 'forbidden') throw forbidden();
}

/** A course by id as row-level security lets the caller's school see it (theirs or the provider's). */
async function courseRow(tx: Tx, courseId: string, lock = false): Promise<CourseRow> {
  const query = tx.select().from(courses).where(eq(courses.id, courseId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.notFound);
  return row;
}

async function isAssignedTo(tx: Tx, actor: Actor, courseId: string): Promise<boolean> {
  if (actor.role !== 'student') return false;
  const { rows } = await tx.execute(sql`select ${courseId}::uuid in ${coursesAssignedTo(actor.id)} as assigned`);
  return rows[0]?.assigned === true;
}

/** The course if the caller may read it (404 otherwise). */
export async function readableCourse(tx: Tx, actor: Actor, courseId: string): Promise<CourseRow> {
  const row = await courseRow(tx, courseId);
  enforce(decideReadCourse(actor, row, await isAssignedTo(tx, actor, row.id)));
  return row;
}

/** The course, locked, if the caller may change it (404 or 403 otherwise). */
export async function editableCourse(tx: Tx, actor: Actor, courseId: string): Promise<CourseRow> {
  // Decided before the lock: FOR UPDATE sees only rows one may write, and a school may read the
  // provider's course it may not change (403, not 404).
  const row = await courseRow(tx, courseId);
  enforce(decideEditCourse(actor, row, await isAssignedTo(tx, actor, row.id)));
  return courseRow(tx, courseId, true);
}

/**
 * Records a change of the course or its lessons: a teacher's change sends it back to the school
 * for approval (its students stop seeing it until then). Answers whether it did.
 */
export async function touchCourse(tx: Tx, actor: Actor, course: CourseRow): Promise<boolean> {
  const backToWaiting = changeNeedsApproval(actor) && course.status !== 'waiting';
  await tx.update(courses)
    .set({ updatedAt: new Date(), ...(changeNeedsApproval(actor) ? { status: 'waiting', rejectReason: null, reviewedBy: null, reviewedAt: null } : {}) })
    .where(eq(courses.id, course.id));
  return backToWaiting;
}

/** Selects courses with their instrument, author and lesson count. */
function selectCourses(tx: Tx) {
  return tx.select({
    course: courses,
    genreName: genres.name,
    authorFirst: users.firstName,
    authorLast: users.lastName,
    lessonCount: sql<number>`(select count(*) from course_lessons l where l.course_id = ${courses.id})`.mapWith(Number),
    total: totalRows,
  }).from(courses)
    .innerJoin(genres, eq(genres.id, courses.genreId))
    .leftJoin(users, eq(users.id, courses.createdBy));
}

type Selected = { course: CourseRow; genreName: string; authorFirst: string | null; authorLast: string | null; lessonCount: number };
const flatten = (r: Selected): CourseWithNames => ({ ...r.course, genreName: r.genreName, authorFirst: r.authorFirst, authorLast: r.authorLast, lessonCount: r.lessonCount });

/** The courses' covers, into the presented items (each course read by the caller: its cover opens for them). */
async function putCovers(tx: Tx, actor: Actor, files: CourseFiles, rows: CourseRow[], items: CourseItem[]): Promise<void> {
  const school = rows.flatMap((r, i) => (r.coverFileId && !r.provider ? [{ id: r.coverFileId, item: items[i]! }] : []));
  const provider = rows.flatMap((r, i) => (r.coverFileId && r.provider ? [{ id: r.coverFileId, item: items[i]!, owner: r }] : []));
  const put = (list: { id: string; item: CourseItem }[]) => (refs: FileRef[]) => {
    const byId = new Map(refs.map((r) => [r._id, r]));
    for (const c of list) c.item.cover = byId.get(c.id) ?? null;
  };
  if (school.length > 0) await files.refs(tx, actor, { adminId: actor.adminId ?? '', provider: false }, school.map((c) => c.id), put(school));
  const owners = new Map<string, typeof provider>();
  for (const c of provider) owners.set(c.owner.adminId, [...(owners.get(c.owner.adminId) ?? []), c]);
  for (const [adminId, list] of owners) await files.refs(tx, actor, { adminId, provider: true }, list.map((c) => c.id), put(list));
}

async function presentById(tx: Tx, actor: Actor, files: CourseFiles, courseId: string): Promise<CourseItem> {
  const [row] = await selectCourses(tx).where(eq(courses.id, courseId));
  if (!row) throw notFound(M.notFound);
  const item = presentCourse(flatten(row), actor);
  await putCovers(tx, actor, files, [row.course], [item]);
  return item;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function pageOf(tx: Tx, actor: Actor, files: CourseFiles, where: SQL | undefined, q: { page: number; limit: number }) {
  const rows = await selectCourses(tx).where(where)
    .orderBy(desc(courses.createdAt), asc(courses.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(courses).where(where))[0]!.n);
  const items = rows.map((r) => presentCourse(flatten(r), actor));
  await putCovers(tx, actor, files, rows.map((r) => r.course), items);
  return toListResult(items, total, q);
}

/** /learning/courses: what the caller may see, newest first. */
export async function listCourses(tx: Tx, actor: Actor, files: CourseFiles, q: z.output<typeof courseListBody>): Promise<CourseListAnswer> {
  if (!mayListCourses(actor)) throw forbidden();
  const where = and(
    visibleCourses(actor),
    q.status === 'all' ? undefined : eq(courses.status, q.status),
    q.search ? ilike(courses.title, `%${escapeLike(q.search)}%`) : undefined,
  );
  return pageOf(tx, actor, files, where, q);
}

/** /learning/approve-course: the school's waiting courses, and how many are and are not approved. */
export async function listWaitingCourses(tx: Tx, actor: Actor, files: CourseFiles, q: z.output<typeof approvalListBody>): Promise<ApprovalListAnswer> {
  if (!mayReviewCourses(actor)) throw forbidden();
  const school = and(eq(courses.adminId, actor.adminId!), eq(courses.provider, false));
  const [page, [counts]] = await inSequence([
    pageOf(tx, actor, files, and(school, eq(courses.status, 'waiting')), q),
    tx.select({
      approved: sql<number>`count(*) filter (where ${courses.status} = 'approved')`.mapWith(Number),
      notApproved: sql<number>`count(*) filter (where ${courses.status} <> 'approved')`.mapWith(Number),
    }).from(courses).where(school),
  ]);
  return { ...page, approvedCount: counts!.approved, notApprovedCount: counts!.notApproved };
}

/** A course with its lessons in order (a student's own marks on them), its files not yet in. */
async function courseDetails(tx: Tx, actor: Actor, courseId: string): Promise<{ course: CourseRow; details: CourseDetails }> {
  const course = await readableCourse(tx, actor, courseId);
  // One after another: a transaction is one connection (server/lib/in-sequence.ts).
  const [row] = await selectCourses(tx).where(eq(courses.id, courseId));
  const lessons = await tx.select().from(courseLessons).where(eq(courseLessons.courseId, courseId)).orderBy(asc(courseLessons.position), asc(courseLessons.createdAt));
  const done = await doneLessonIds(tx, actor, courseId);
  if (!row) throw notFound(M.notFound);
  return { course, details: { ...presentCourse(flatten(row), actor), lessons: lessons.map((l) => presentLesson(l, done.has(l.id))) } };
}

/** A course with its lessons in order, its cover and their attachments. */
export async function getCourse(tx: Tx, actor: Actor, files: CourseFiles, courseId: string): Promise<CourseDetails> {
  const { course, details } = await courseDetails(tx, actor, courseId);
  await putCovers(tx, actor, files, [course], [details]);
  await putAttachments(tx, actor, files, course, details.lessons);
  return details;
}

/** One lesson with its course (cover, no lessons) and its neighbours, for whoever may read the course. */
export async function lessonWithCourse(tx: Tx, actor: Actor, files: CourseFiles, courseId: string, lessonId: string): Promise<LessonDetails> {
  const { course, details } = await courseDetails(tx, actor, courseId);
  const { lessons, ...courseItem } = details;
  const at = lessons.findIndex((l) => l._id === lessonId);
  if (at < 0) throw notFound(M.lessonNotFound);
  const answer: LessonDetails = { ...lessons[at]!, course: courseItem, previousId: lessons[at - 1]?._id ?? null, nextId: lessons[at + 1]?._id ?? null };
  // Put into the answer's own objects: a provider's files arrive after the transaction.
  await putCovers(tx, actor, files, [course], [answer.course]);
  await putAttachments(tx, actor, files, course, [answer]);
  return answer;
}

/** The lessons' attachments, into the presented lessons (of a course the caller may read). */
export async function putAttachments(tx: Tx, actor: Actor, files: CourseFiles, course: CourseRow, items: LessonItem[]): Promise<void> {
  const ids = await attachmentIdsOf(tx, items.map((l) => l._id));
  const all = [...new Set([...ids.values()].flat())];
  await files.refs(tx, actor, course, all, (refs) => {
    const byId = new Map(refs.map((r) => [r._id, r]));
    for (const item of items) item.attachments = (ids.get(item._id) ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  });
}

/** The lessons of this course the caller (a student) marked done. */
export async function doneLessonIds(tx: Tx, actor: Actor, courseId: string): Promise<Set<string>> {
  if (actor.role !== 'student') return new Set();
  const { rows } = await tx.execute(sql`select c.lesson_id from course_lesson_completions c join course_lessons l on l.id = c.lesson_id
    where l.course_id = ${courseId} and c.student_id = ${actor.id}`);
  return new Set(rows.map((r) => String(r.lesson_id)));
}

async function checkGenre(tx: Tx, genreId: string): Promise<void> {
  const [genre] = await tx.select({ id: genres.id }).from(genres).where(eq(genres.id, genreId));
  if (!genre) throw fieldError('genreId', M.instrumentUnknown);
}

export async function addCourse(tx: Tx, actor: Actor, files: CourseFiles, v: CourseFormValues): Promise<CourseItem> {
  if (!mayCreateCourse(actor)) throw forbidden();
  await checkGenre(tx, v.genreId);
  await checkCover(tx, actor, files, v.coverFileId, null);
  const provider = actor.role === 'superadmin';
  const status = statusOfNewCourse(actor);
  const [row] = await tx.insert(courses).values({
    adminId: provider ? actor.id : actor.adminId!, provider, title: v.title, description: v.description, genreId: v.genreId, level: v.level,
    coverFileId: v.coverFileId, status, createdBy: actor.id, ...(status === 'approved' ? { reviewedBy: actor.id, reviewedAt: new Date() } : {}),
  }).returning({ id: courses.id });
  return presentById(tx, actor, files, row!.id);
}

export async function updateCourse(tx: Tx, actor: Actor, files: CourseFiles, v: CourseUpdateValues): Promise<{ item: CourseItem; waiting: boolean }> {
  const course = await editableCourse(tx, actor, v.courseId);
  await checkGenre(tx, v.genreId);
  await checkCover(tx, actor, files, v.coverFileId, course.coverFileId);
  await tx.update(courses).set({ title: v.title, description: v.description, genreId: v.genreId, level: v.level, coverFileId: v.coverFileId })
    .where(eq(courses.id, course.id));
  const waiting = await touchCourse(tx, actor, course);
  return { item: await presentById(tx, actor, files, course.id), waiting };
}

export async function removeCourse(tx: Tx, actor: Actor, courseId: string): Promise<void> {
  const course = await editableCourse(tx, actor, courseId);
  await tx.delete(courses).where(eq(courses.id, course.id));
}

async function waitingCourse(tx: Tx, actor: Actor, courseId: string): Promise<CourseRow> {
  enforce(decideReviewCourse(actor, await courseRow(tx, courseId)));
  const course = await courseRow(tx, courseId, true);
  if (course.status !== 'waiting') throw conflict(M.notWaiting);
  return course;
}

export async function approveCourse(tx: Tx, actor: Actor, files: CourseFiles, courseId: string, appUrl: string): Promise<CourseItem> {
  const course = await waitingCourse(tx, actor, courseId);
  await tx.update(courses).set({ status: 'approved', rejectReason: null, reviewedBy: actor.id, reviewedAt: new Date() }).where(eq(courses.id, course.id));
  if (course.createdBy && course.createdBy !== actor.id) {
    await notifyPeople(tx, {
      adminId: course.adminId, userIds: [course.createdBy], kind: 'course-approved', title: 'Course approved',
      body: `Your course "${course.title}" is approved.`, link: `/learning/lessons/${course.id}`,
      // By email for an author who chose it for practice and courses (off by default; decision 091).
      email: { appUrl },
    });
  }
  return presentById(tx, actor, files, course.id);
}

/** Rejects a waiting course and tells its teacher why (queued: sent once the change commits). */
export async function rejectCourse(tx: Tx, actor: Actor, files: CourseFiles, courseId: string, reason: string, appUrl: string): Promise<CourseItem> {
  const course = await waitingCourse(tx, actor, courseId);
  await tx.update(courses).set({ status: 'rejected', rejectReason: reason, reviewedBy: actor.id, reviewedAt: new Date() }).where(eq(courses.id, course.id));
  const [author] = course.createdBy
    ? await tx.select({ id: users.id, email: users.email, first: users.firstName }).from(users).where(and(eq(users.id, course.createdBy), inArray(users.role, ['teacher', 'admin', 'subadmin'])))
    : [];
  if (author?.email) {
    const email = {
      subject: `Your course "${course.title}" was not approved`,
      ...emailLayout(
        `Hello ${author.first},`,
        [`Your course "${course.title}" was not approved.`, `Reason: ${reason}`, 'Change the course and save it to send it for approval again.'],
        { label: 'Open the course', url: `${appUrl}/learning/lessons/${course.id}` },
        'You receive this email because you teach at this school on Cadenza.',
      ),
    };
    await queueEmail(tx, { ...email, to: author.email, kind: 'course-rejected', adminId: course.adminId, userId: author.id });
  }
  return presentById(tx, actor, files, course.id);
}
