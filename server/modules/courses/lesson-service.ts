import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courseLessonCompletions, courseLessons } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { mayMarkLessons } from '../../policies/courses.js';
import {
  COURSE_MESSAGES as M, type LessonAddValues, type LessonDetails, type LessonItem, type LessonUpdateValues,
} from '../../../shared/contracts/courses.js';
import { saveAttachments, type CourseFiles } from './course-files.js';
import { editableCourse, getCourse, lessonWithCourse, putAttachments, readableCourse, touchCourse } from './course-service.js';
import { presentLesson, type LessonRow } from './presenter.js';
import { sanitizeLessonHtml } from './sanitize-lesson-html.js';

async function lessonRow(tx: Tx, lessonId: string): Promise<LessonRow> {
  const [row] = await tx.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
  if (!row) throw notFound(M.lessonNotFound);
  return row;
}

/** The lesson and its course, if the caller may change that course (404 for a course they cannot see). */
async function editableLesson(tx: Tx, actor: Actor, lessonId: string) {
  const lesson = await lessonRow(tx, lessonId);
  const course = await editableCourse(tx, actor, lesson.courseId).catch((error: { status?: number }) => {
    throw error.status === 404 ? notFound(M.lessonNotFound) : error;
  });
  return { lesson, course };
}

const contentOf = (v: { title: string; body: string; videoUrl: string }) => ({
  title: v.title,
  bodyHtml: sanitizeLessonHtml(v.body),
  videoUrl: v.videoUrl === '' ? null : v.videoUrl,
});

export async function addLesson(tx: Tx, actor: Actor, files: CourseFiles, v: LessonAddValues): Promise<{ item: LessonItem; waiting: boolean }> {
  const course = await editableCourse(tx, actor, v.courseId);
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${courseLessons.position}), 0)`.mapWith(Number) })
    .from(courseLessons).where(eq(courseLessons.courseId, course.id));
  const [row] = await tx.insert(courseLessons).values({ adminId: course.adminId, courseId: course.id, position: last!.n + 1, ...contentOf(v) }).returning();
  await saveAttachments(tx, actor, files, row!, v.attachmentIds);
  const waiting = await touchCourse(tx, actor, course);
  const item = presentLesson(row!, false);
  await putAttachments(tx, actor, files, course, [item]);
  return { item, waiting };
}

export async function updateLesson(tx: Tx, actor: Actor, files: CourseFiles, v: LessonUpdateValues): Promise<{ item: LessonItem; waiting: boolean }> {
  const { lesson, course } = await editableLesson(tx, actor, v.lessonId);
  const [row] = await tx.update(courseLessons).set({ ...contentOf(v), updatedAt: new Date() }).where(eq(courseLessons.id, lesson.id)).returning();
  await saveAttachments(tx, actor, files, row!, v.attachmentIds);
  const waiting = await touchCourse(tx, actor, course);
  const item = presentLesson(row!, false);
  await putAttachments(tx, actor, files, course, [item]);
  return { item, waiting };
}

export async function removeLesson(tx: Tx, actor: Actor, lessonId: string): Promise<{ waiting: boolean }> {
  const { lesson, course } = await editableLesson(tx, actor, lessonId);
  await tx.delete(courseLessons).where(eq(courseLessons.id, lesson.id));
  return { waiting: await touchCourse(tx, actor, course) };
}

/** Puts the course's lessons in the order given; the list must name each of them once. */
export async function reorderLessons(tx: Tx, actor: Actor, files: CourseFiles, courseId: string, lessonIds: string[]) {
  const course = await editableCourse(tx, actor, courseId);
  const current = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id));
  const known = new Set(current.map((l) => l.id));
  if (lessonIds.length !== known.size || new Set(lessonIds).size !== known.size || lessonIds.some((id) => !known.has(id))) {
    throw badRequest(M.reorderMismatch, { lessonIds: M.reorderMismatch });
  }
  const ids = sql.join(lessonIds.map((id) => sql`${id}::uuid`), sql`, `);
  await tx.execute(sql`update course_lessons set position = o.n::int, updated_at = now()
    from unnest(array[${ids}]) with ordinality as o(id, n) where course_lessons.id = o.id and course_lessons.course_id = ${course.id}`);
  const waiting = await touchCourse(tx, actor, course);
  return { course: await getCourse(tx, actor, files, course.id), waiting };
}

/** One lesson with its course and its neighbours, for whoever may read the course. */
export async function getLesson(tx: Tx, actor: Actor, files: CourseFiles, lessonId: string): Promise<LessonDetails> {
  const lesson = await lessonRow(tx, lessonId);
  await readableCourse(tx, actor, lesson.courseId).catch((error: { status?: number }) => {
    throw error.status === 404 ? notFound(M.lessonNotFound) : error;
  });
  return lessonWithCourse(tx, actor, files, lesson.courseId, lesson.id);
}

/** A student marks a lesson of a course given to them done, or not done. */
export async function markLesson(tx: Tx, actor: Actor, files: CourseFiles, lessonId: string, done: boolean): Promise<LessonItem> {
  if (!mayMarkLessons(actor)) throw forbidden();
  const lesson = await lessonRow(tx, lessonId);
  const course = await readableCourse(tx, actor, lesson.courseId).catch((error: { status?: number }) => {
    throw error.status === 404 ? notFound(M.lessonNotFound) : error;
  });
  if (done) {
    await tx.insert(courseLessonCompletions).values({ adminId: actor.adminId!, lessonId: lesson.id, studentId: actor.id }).onConflictDoNothing();
  } else {
    await tx.delete(courseLessonCompletions).where(and(eq(courseLessonCompletions.lessonId, lesson.id), eq(courseLessonCompletions.studentId, actor.id)));
  }
  const item = presentLesson(lesson, done);
  await putAttachments(tx, actor, files, course, [item]);
  return item;
}


