import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { mayReadLessonNote } from '../../../policies/scheduling.js';
import { ATTENDANCE_LABELS, type AttendanceStatus } from '../../../../shared/contracts/scheduling.js';
import type { attendanceFilters } from '../../../../shared/contracts/attendance.js';
import { toCsv } from '../../../lib/csv.js';
import { requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { attendanceWhere } from './attendance-query.js';
import { orderOf, selectAttendance } from './list-attendance.js';
import { inZone } from '../../../../shared/school-clock.js';

/** Three years of a school's attendance fit; the cap keeps one request from reading without end. */
const EXPORT_MAX_ROWS = 50_000;

/**
 * Every row of the filters, oldest first, as CSV; dates and times on the school's wall clock; the
 * teacher's note where the caller may read it (a family: the notes shared with it).
 */
export async function exportAttendance(tx: Tx, actor: Actor, f: z.output<typeof attendanceFilters>): Promise<string> {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const where = await attendanceWhere(tx, actor, scope, school.timeZone, f);
  const rows = await selectAttendance(tx, where).orderBy(...orderOf('date', 1), asc(lessons.id)).limit(EXPORT_MAX_ROWS);
  const header = ['Date', 'Time', 'Student', 'Teacher', 'Lesson Type', 'Status', 'Notes'];
  return toCsv([header, ...rows.map((r) => {
    const at = inZone(r.startsAt, school.timeZone);
    return [
      at.toFormat('yyyy-LL-dd'), at.toFormat('HH:mm'), `${r.studentFirst} ${r.studentLast}`,
      r.teacherId ? `${r.teacherFirst ?? ''} ${r.teacherLast ?? ''}`.trim() : '', r.lessonType,
      ATTENDANCE_LABELS[r.status as AttendanceStatus] ?? r.status,
      mayReadLessonNote(scope, r.noteShared) ? (r.note ?? '') : '',
    ];
  })]);
}
