import type { AttendanceStatus, LessonKind, ScheduleEvent } from '../../../../shared/contracts/scheduling.js';
import type { LessonRights } from '../../../policies/scheduling.js';
import type { LessonView, RosterEntry } from './lesson-rows.js';
import { isoInZone } from '../../../../shared/school-clock.js';


const personOf = (e: RosterEntry) => ({ _id: e.studentId, first_name: e.firstName, last_name: e.lastName });

/**
 * docs/domains/scheduling.md "Data and calls"'s schedule event; names of the group and the students only when `detail` allows
 * (docs/domains/scheduling.md "Who may do what" names only those: the teacher's name shows to everyone who sees the lesson).
 */
export function presentEvent(row: LessonView, roster: RosterEntry[], zone: string, rights: LessonRights): ScheduleEvent {
  const { detail } = rights;
  const who = row.groupName ?? roster.map((e) => `${e.firstName} ${e.lastName}`).join(', ');
  const cancelled = row.status === 'cancelled';
  const bankedUntil = row.bankedUntil ? new Date(row.bankedUntil) : null;
  return {
    _id: row.id,
    // Who comes first (issue 10): "Lily Chen – Private Lesson"; the type alone where the rule hides names.
    title: detail && who ? `${who} – ${row.lessonTypeName}` : row.lessonTypeName,
    start: isoInZone(row.startsAt, zone),
    end: isoInZone(row.endsAt, zone),
    assignedId: {
      _id: row.id,
      class_groupId: detail && row.classGroupId && row.groupName ? { _id: row.classGroupId, name: row.groupName } : null,
      cancelLesson: cancelled,
      bankLesson: bankedUntil !== null,
      cancelReason: cancelled ? row.cancelReason : null,
      bankedExpDate: bankedUntil ? isoInZone(bankedUntil, zone) : null,
    },
    lesson_type: { _id: row.lessonTypeId, name: row.lessonTypeName, kind: row.lessonKind as LessonKind },
    room: row.roomId && row.roomName ? { _id: row.roomId, roomName: row.roomName } : null,
    teacher: row.teacherFirstName !== null ? { _id: row.teacherId, first_name: row.teacherFirstName, last_name: row.teacherLastName ?? '' } : null,
    studentAttendance: detail ? roster.map((e) => ({
      studId: personOf(e),
      status: e.attendance as AttendanceStatus | null,
      // The notes are the teacher's: shown to whom may take attendance; families read shared ones in their history.
      note: rights.canEdit ? e.note : null,
      noteShared: rights.canEdit ? e.noteShared : false,
    })) : [],
    seriesId: row.seriesId,
    teacherId: row.teacherId,
    isMakeup: row.isMakeup,
    attendanceTaken: row.attendanceTakenAt !== null,
    detail,
    canEdit: rights.canEdit,
    canCancel: rights.canCancel && !cancelled,
  };
}
