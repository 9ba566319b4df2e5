import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents, lessonTypes, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { monthsOf } from '../../../lib/months.js';
import { mayReadLessonNote, type LessonScope } from '../../../policies/scheduling.js';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../../../../shared/contracts/scheduling.js';
import type { AttendanceAnswer, AttendanceTotals, attendanceListBody } from '../../../../shared/contracts/attendance.js';
import { requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { attendanceWhere } from './attendance-query.js';
import { isoInZone } from '../../../../shared/school-clock.js';

type ListQuery = z.output<typeof attendanceListBody>;

const student = alias(users, 'student');
const teacher = alias(users, 'teacher');

export const attendanceColumns = {
  lessonId: lessons.id,
  startsAt: lessons.startsAt,
  status: lessonStudents.attendance,
  note: lessonStudents.note,
  noteShared: lessonStudents.noteShared,
  lessonType: lessonTypes.name,
  studentId: student.id,
  studentFirst: student.firstName,
  studentLast: student.lastName,
  teacherId: teacher.id,
  teacherFirst: teacher.firstName,
  teacherLast: teacher.lastName,
};

export function selectAttendance(tx: Tx, where: SQL) {
  return tx.select(attendanceColumns).from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, lessons.lessonTypeId))
    .innerJoin(student, eq(student.id, lessonStudents.studentId))
    .leftJoin(teacher, eq(teacher.id, lessons.teacherId))
    .where(where);
}

export type AttendanceLine = Awaited<ReturnType<typeof selectAttendance>>[number];

export function orderOf(sortBy: ListQuery['sortBy'], orderBy: -1 | 1) {
  const dir = orderBy === 1 ? asc : desc;
  const byDate = [dir(lessons.startsAt), asc(student.firstName), asc(student.lastName), asc(lessonStudents.studentId), asc(lessons.id)];
  if (sortBy === 'student') return [dir(student.firstName), dir(student.lastName), asc(lessonStudents.studentId), desc(lessons.startsAt), asc(lessons.id)];
  if (sortBy === 'status') return [dir(lessonStudents.attendance), desc(lessons.startsAt), asc(lessonStudents.studentId), asc(lessons.id)];
  return byDate;
}

const zeroTotals = (): AttendanceTotals => ({ present: 0, absent: 0, late: 0, excused: 0, cancelled: 0 });

/** One page of the report, with totals and the counts a month over the whole filter (not the page). */
export async function listAttendance(tx: Tx, actor: Actor, q: ListQuery): Promise<AttendanceAnswer> {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const where = await attendanceWhere(tx, actor, scope, school.timeZone, q);
  const rows = await selectAttendance(tx, where).orderBy(...orderOf(q.sortBy, q.orderBy)).limit(q.limit).offset((q.page - 1) * q.limit);
  // One aggregate over the filter gives the chart, and the totals are its sums.
  const month = sql<string>`to_char(${lessons.startsAt} at time zone ${school.timeZone}, 'YYYY-MM')`;
  const counts = await tx.select({ month, status: lessonStudents.attendance, n: sql<number>`count(*)::int` })
    .from(lessonStudents).innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .where(where)
    // By position: the zone is a parameter, and the same expression with a second parameter would not match the select's.
    .groupBy(sql`1`, sql`2`);
  const totals = zeroTotals();
  const byMonth = new Map(monthsOf(q.from, q.to).map((m) => [m, { month: m, ...zeroTotals() }]));
  for (const c of counts) {
    const status = c.status as AttendanceStatus;
    if (!ATTENDANCE_STATUSES.includes(status)) continue;
    totals[status] += Number(c.n);
    const entry = byMonth.get(c.month);
    if (entry) entry[status] += Number(c.n);
  }
  return {
    results: rows.map((r) => presentAttendance(r, school.timeZone, scope)),
    page: q.page,
    limit: q.limit,
    totalCount: Object.values(totals).reduce((a, b) => a + b, 0),
    totals,
    byMonth: [...byMonth.values()],
    timeZone: school.timeZone,
  };
}

/** The note only to whom may read it (staff and teachers every one, a family the shared ones). */
export function presentAttendance(r: AttendanceLine, zone: string, scope: LessonScope) {
  const note = mayReadLessonNote(scope, r.noteShared) ? r.note : null;
  return {
    _id: `${r.lessonId}:${r.studentId}`,
    lessonId: r.lessonId,
    date: isoInZone(r.startsAt, zone),
    student: { _id: r.studentId, first_name: r.studentFirst, last_name: r.studentLast },
    teacher: r.teacherId ? { _id: r.teacherId, first_name: r.teacherFirst ?? '', last_name: r.teacherLast ?? '' } : null,
    lessonType: r.lessonType,
    status: r.status as AttendanceStatus,
    note,
    noteShared: r.noteShared,
  };
}
