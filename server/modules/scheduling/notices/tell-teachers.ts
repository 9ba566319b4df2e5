import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonTypes, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { notifyEach, type NotificationKind, type PersonalNotification } from '../../notifications/index.js';
import { inZone } from '../../../../shared/school-clock.js';
import type { SchoolSchedule } from '../time/school-schedule.js';

/** A lesson of a teacher that someone else changed: its students, type, time before and after. */
export type TeacherLesson = { teacherId: string; studentIds: string[]; lessonTypeId: string; startsAt: Date; newStartsAt?: Date | null };

/** `reason`: a closure's name ("Holiday: Staff day"), which the teacher reads first. */
export type TeacherNotice = { kind: 'cancelled' | 'moved' | 'makeup' | 'closure'; lessons: TeacherLesson[]; following?: boolean; reason?: string };

const KINDS: Record<TeacherNotice['kind'], NotificationKind> = {
  cancelled: 'teacher-lesson-cancelled', moved: 'teacher-lesson-moved', makeup: 'teacher-makeup-booked', closure: 'teacher-lesson-closure',
};
const DONE: Record<TeacherNotice['kind'], string> = {
  cancelled: 'cancelled a lesson', moved: 'moved a lesson', makeup: 'booked a make-up into your slot', closure: 'closed the school on days you teach',
};

const when = (d: Date, zone: string) => inZone(d, zone).toFormat('ccc d LLL, h:mm a');

/**
 * Tells each teacher whose lessons a family or the office changed (issue 28): in the bell and by
 * email as they chose for schedule changes, in the change's transaction. The teacher who made the
 * change hears nothing of it, nor of lessons already over. A family's cancel from the student's or
 * the parent's calendar goes through cancelLesson, and so here; a closure (addHoliday) too, one
 * notice a teacher for all the lessons it cancels (docs/decisions/091-everyone-told-through-the-routes.md).
 */
export async function tellTeachers(tx: Tx, school: SchoolSchedule, actor: Actor, appUrl: string, notice: TeacherNotice, now = new Date()): Promise<number> {
  const lessons = notice.lessons.filter((l) => l.teacherId !== actor.id && (l.startsAt > now || (l.newStartsAt != null && l.newStartsAt > now)))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (lessons.length === 0) return 0;
  const studentIds = [...new Set(lessons.flatMap((l) => l.studentIds))];
  const names = new Map((studentIds.length === 0 ? [] : await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users)
    .where(inArray(users.id, studentIds))).map((s) => [s.id, `${s.first} ${s.last}`]));
  const types = new Map((await tx.select({ id: lessonTypes.id, name: lessonTypes.name }).from(lessonTypes)
    .where(inArray(lessonTypes.id, [...new Set(lessons.map((l) => l.lessonTypeId))]))).map((t) => [t.id, t.name]));
  const family = actor.role === 'student' || actor.role === 'parent';
  const who = family ? `${actor.user.firstName} ${actor.user.lastName}` : 'The office';

  const notes: PersonalNotification[] = [];
  for (const teacherId of new Set(lessons.map((l) => l.teacherId))) {
    const theirs = lessons.filter((l) => l.teacherId === teacherId);
    const first = theirs[0]!;
    const students = [...new Set(theirs.flatMap((l) => l.studentIds))].map((id) => names.get(id)).filter(Boolean).join(', ');
    const moved = first.newStartsAt ? ` to ${when(first.newStartsAt, school.timeZone)}` : '';
    const more = notice.following ? ' and the lessons after it in the series' : theirs.length > 1 ? ` and ${theirs.length - 1} more` : '';
    notes.push({
      userId: teacherId, kind: KINDS[notice.kind], title: `${who} ${DONE[notice.kind]}`,
      body: `${notice.reason ? `${notice.reason}. ` : ''}${types.get(first.lessonTypeId) ?? 'Lesson'}${students ? ` with ${students}` : ''}, ${when(first.startsAt, school.timeZone)}${moved}${more}.`,
      link: '/scheduling/weekly', email: { appUrl },
    });
  }
  return (await notifyEach(tx, school.adminId, notes, now)).length;
}
