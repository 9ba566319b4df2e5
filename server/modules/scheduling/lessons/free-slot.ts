import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http-errors.js';
import { assertNoClashes } from './find-clashes.js';
import { studentsOfLessons } from './lesson-students.js';
import type { SchoolSchedule } from '../time/school-schedule.js';

export type CancelledLesson = { id: string; startsAt: Date; endsAt: Date; teacherId: string; roomId: string | null; classGroupId: string | null };

/** A cancelled lesson may come back only to a slot nobody took meanwhile: refused with the clash named. */
export async function assertSlotStillFree(tx: Tx, school: SchoolSchedule, lesson: CancelledLesson): Promise<void> {
  const students = await studentsOfLessons(tx, [lesson]);
  await assertNoClashes(tx, [{ startsAt: lesson.startsAt, endsAt: lesson.endsAt }], {
    adminId: school.adminId, timeZone: school.timeZone, teacherId: lesson.teacherId, roomId: lesson.roomId,
    studentIds: students.get(lesson.id)!, excludeLessonIds: [lesson.id], allowRoomConflict: false,
  });
}

export async function isSlotStillFree(tx: Tx, school: SchoolSchedule, lesson: CancelledLesson): Promise<boolean> {
  try {
    await assertSlotStillFree(tx, school, lesson);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
}
