import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { SCHEDULING_MESSAGES as M, type takeAttendanceBody } from '../../../../shared/contracts/scheduling.js';
import { loadLessonToEdit } from '../lessons/lesson-access.js';
import { loadRosters } from '../lessons/lesson-rows.js';

type AttendanceInput = z.output<typeof takeAttendanceBody>;

/**
 * Marks the students of a lesson that has begun. Only the lesson's roster may be marked: a
 * private lesson's students, a group lesson's members (or someone already marked who has left).
 */
export async function takeAttendance(tx: Tx, actor: Actor, input: AttendanceInput, now = new Date()) {
  const { row } = await loadLessonToEdit(tx, actor, input.lessonId);
  if (row.startsAt > now) throw badRequest(M.attendanceNotYet);
  const roster = (await loadRosters(tx, [row])).get(row.id) ?? [];
  const onRoster = new Set(roster.map((e) => e.studentId));
  const strangers = input.attendance.filter((a) => !onRoster.has(a.studentId));
  if (strangers.length > 0) throw badRequest(M.studentNotOnLesson, { attendance: M.studentNotOnLesson });
  // The lesson is on the caller's calendar, so it is of the caller's school.
  const adminId = actor.adminId!;
  const mark = (a: AttendanceInput['attendance'][number]) => ({ adminId, lessonId: row.id, studentId: a.studentId, attendance: a.status, markedAt: now, markedBy: actor.accountableId });
  const base = { attendance: sql`excluded.attendance`, markedAt: sql`excluded.marked_at`, markedBy: sql`excluded.marked_by` };
  const target = [lessonStudents.lessonId, lessonStudents.studentId];
  // A mark without a note (an older caller) keeps the note already written.
  const noted = input.attendance.filter((a) => a.note !== undefined || a.noteShared !== undefined);
  const bare = input.attendance.filter((a) => a.note === undefined && a.noteShared === undefined);
  if (noted.length > 0) {
    await tx.insert(lessonStudents).values(noted.map((a) => ({ ...mark(a), note: a.note ? a.note : null, noteShared: a.noteShared ?? false })))
      .onConflictDoUpdate({ target, set: { ...base, note: sql`excluded.note`, noteShared: sql`excluded.note_shared` } });
  }
  if (bare.length > 0) await tx.insert(lessonStudents).values(bare.map(mark)).onConflictDoUpdate({ target, set: base });
  await tx.update(lessons).set({ attendanceTakenAt: now, updatedAt: now }).where(eq(lessons.id, row.id));
  return { lessonId: row.id, attendanceTaken: true };
}
