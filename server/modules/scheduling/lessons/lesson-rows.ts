import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { classGroups, lessons, lessonStudents, lessonTypes, makeupCredits, rooms, users } from '../../../db/schema/index.js';
import { alias } from 'drizzle-orm/pg-core';
import { membersOfGroups } from '../../relations/index.js';

const teacher = alias(users, 'teacher');

/** A lesson with what the calendar shows of it, in one row. */
export const lessonColumns = {
  id: lessons.id,
  seriesId: lessons.seriesId,
  teacherId: lessons.teacherId,
  classGroupId: lessons.classGroupId,
  startsAt: lessons.startsAt,
  endsAt: lessons.endsAt,
  status: lessons.status,
  cancelReason: lessons.cancelReason,
  attendanceTakenAt: lessons.attendanceTakenAt,
  notes: lessons.notes,
  lessonTypeId: lessons.lessonTypeId,
  lessonTypeName: lessonTypes.name,
  lessonKind: lessonTypes.kind,
  roomId: lessons.roomId,
  roomName: rooms.roomName,
  groupName: classGroups.name,
  teacherFirstName: teacher.firstName,
  teacherLastName: teacher.lastName,
  bankedUntil: sql<Date | null>`(select max(c.expires_at) from ${makeupCredits} c where c.lesson_id = ${lessons.id} and c.status <> 'revoked')`,
  isMakeup: sql<boolean>`exists (select 1 from ${makeupCredits} c where c.used_lesson_id = ${lessons.id} and c.status = 'used')`,
};

export type LessonView = {
  id: string; seriesId: string | null; teacherId: string; classGroupId: string | null; startsAt: Date; endsAt: Date;
  status: string; cancelReason: string | null; attendanceTakenAt: Date | null; notes: string;
  lessonTypeId: string; lessonTypeName: string; lessonKind: string; roomId: string | null; roomName: string | null; groupName: string | null;
  teacherFirstName: string | null; teacherLastName: string | null; bankedUntil: Date | string | null; isMakeup: boolean;
};

export function selectLessons(tx: Tx, where: SQL | undefined) {
  return tx.select(lessonColumns).from(lessons)
    .innerJoin(lessonTypes, eq(lessonTypes.id, lessons.lessonTypeId))
    .leftJoin(rooms, eq(rooms.id, lessons.roomId))
    .leftJoin(classGroups, eq(classGroups.id, lessons.classGroupId))
    .leftJoin(teacher, eq(teacher.id, lessons.teacherId))
    .where(where);
}

export type RosterEntry = { studentId: string; firstName: string; lastName: string; attendance: string | null; note: string | null; noteShared: boolean };

/**
 * Who each lesson is for, with their attendance: a private lesson's own students; a group
 * lesson's members, plus anyone whose attendance was taken there and who has left since.
 */
export async function loadRosters(tx: Tx, rows: Pick<LessonView, 'id' | 'classGroupId'>[]): Promise<Map<string, RosterEntry[]>> {
  const rosters = new Map<string, RosterEntry[]>(rows.map((r) => [r.id, []]));
  if (rows.length === 0) return rosters;
  const own = await tx.select({ lessonId: lessonStudents.lessonId, studentId: users.id, firstName: users.firstName, lastName: users.lastName, attendance: lessonStudents.attendance, note: lessonStudents.note, noteShared: lessonStudents.noteShared })
    .from(lessonStudents).innerJoin(users, eq(users.id, lessonStudents.studentId))
    .where(inArray(lessonStudents.lessonId, rows.map((r) => r.id)))
    .orderBy(users.firstName, users.lastName);
  for (const r of own) rosters.get(r.lessonId)!.push(r);

  const groupIds = [...new Set(rows.map((r) => r.classGroupId).filter((g): g is string => !!g))];
  if (groupIds.length > 0) {
    const groups = await membersOfGroups(tx, groupIds);
    const memberIds = [...new Set([...groups.values()].flat())];
    const members = memberIds.length === 0 ? [] : await tx.select({ studentId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users).where(and(inArray(users.id, memberIds), eq(users.status, true)))
      .orderBy(users.firstName, users.lastName);
    for (const lesson of rows) {
      if (!lesson.classGroupId) continue;
      const roster = rosters.get(lesson.id)!;
      const marked = new Set(roster.map((e) => e.studentId));
      const inGroup = new Set(groups.get(lesson.classGroupId));
      for (const m of members) if (inGroup.has(m.studentId) && !marked.has(m.studentId)) roster.push({ ...m, attendance: null, note: null, noteShared: false });
    }
  }
  return rosters;
}
