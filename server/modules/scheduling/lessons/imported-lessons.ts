import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonSeries, lessonSeriesStudents, lessonTypes } from '../../../db/schema/index.js';

/**
 * What a lessons import (decision 099) reads of the calendar before it books through addLesson,
 * the one create-lesson rule: the school's lesson types by name, and the weekly series already
 * there, so that a second run of a file books nothing twice.
 */

/** A weekly series by who and when: teacher, student, and its first lesson's local date and time. */
export const seriesKey = (teacherId: string, studentId: string, startsLocal: string) => `${teacherId}|${studentId}|${startsLocal}`;

/** The keys of the school's series for these teachers. */
export async function seriesKeysOf(tx: Tx, adminId: string, teacherIds: string[]): Promise<Set<string>> {
  if (teacherIds.length === 0) return new Set();
  const rows = await tx.select({ teacherId: lessonSeries.teacherId, startsLocal: lessonSeries.startsLocal, studentId: lessonSeriesStudents.studentId })
    .from(lessonSeries).innerJoin(lessonSeriesStudents, eq(lessonSeriesStudents.seriesId, lessonSeries.id))
    .where(and(eq(lessonSeries.adminId, adminId), inArray(lessonSeries.teacherId, teacherIds)));
  return new Set(rows.map((r) => seriesKey(r.teacherId, r.studentId, r.startsLocal)));
}

/** The school's private lesson types (a file's rows are one student's lessons). */
export async function privateLessonTypes(tx: Tx, adminId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: lessonTypes.id, name: lessonTypes.name }).from(lessonTypes)
    .where(and(eq(lessonTypes.adminId, adminId), eq(lessonTypes.kind, 'private')));
}
