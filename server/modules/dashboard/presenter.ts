import type { GlanceLesson } from '../../../shared/contracts/dashboard.js';
import { type LessonView, type RosterEntry } from '../scheduling/index.js';
import { isoInZone } from '../../../shared/school-clock.js';

const nameOf = (p: { firstName: string | null; lastName: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/**
 * One lesson of the glance. `detail` is docs/domains/scheduling.md "Who may do what"'s rule: without it, no class/group or
 * student names; the teacher's name is always shown (a student sees who teaches them).
 */
export function presentGlanceLesson(row: LessonView, roster: RosterEntry[], zone: string, now: Date, detail: boolean): GlanceLesson {
  const who = row.groupName ?? roster.map((e) => `${e.firstName} ${e.lastName}`).join(', ');
  return {
    _id: row.id,
    start: isoInZone(row.startsAt, zone),
    end: isoInZone(row.endsAt, zone),
    lessonType: row.lessonTypeName,
    who: detail ? who : '',
    teacher: row.teacherFirstName !== null ? nameOf({ firstName: row.teacherFirstName, lastName: row.teacherLastName }) : null,
    room: row.roomName,
    cancelled: row.status === 'cancelled',
    cancelReason: row.status === 'cancelled' ? row.cancelReason : null,
    isMakeup: row.isMakeup,
    attendanceTaken: row.attendanceTakenAt !== null,
    started: row.startsAt.getTime() <= now.getTime(),
  };
}

export function presentSignup(row: { id: string; firstName: string; lastName: string; createdAt: Date }) {
  return { _id: row.id, first_name: row.firstName, last_name: row.lastName, createdAt: row.createdAt.toISOString() };
}
