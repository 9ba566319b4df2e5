import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { classGroups, lessonTypes, rooms, users } from '../../../db/schema/index.js';
import { fieldError, forbidden } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { mayRunSchedule } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type LessonKind } from '../../../../shared/contracts/scheduling.js';
import { isGroupOfTeacher, membersOfGroup, notStudentsOfTeacher } from '../../relations/index.js';

export type LessonPartsInput = {
  teacherId: string;
  lessonTypeId: string;
  roomId: string | null;
  studentIds: string[];
  classGroupId: string | null;
};

/** The checked parts of a lesson: every id belongs to this school and fits the lesson type. */
export type LessonParts = LessonPartsInput & {
  kind: LessonKind;
  /** Everyone the lesson is for: its own students, or its group's members (for clashes). */
  everyStudentId: string[];
};

/**
 * Checks who and where a lesson is, inside the school: the teacher (a teacher of the school, or
 * the private-teacher admin themself), the lesson type, the room, a class/group or students.
 * A teacher schedules only their own lessons, for their own students and classes/groups
 * (decision 016): another teacher's is a 403, another school's is not found (400 on the field).
 */
/** What the lesson already has: a teacher keeps it when editing other fields (decision 016 reads only what they add). */
export type KeptParts = { studentIds: string[]; classGroupId: string | null };

export async function checkLessonParts(
  tx: Tx, actor: Actor, adminId: string, input: LessonPartsInput, kept: KeptParts = { studentIds: [], classGroupId: null },
): Promise<LessonParts> {
  if (!mayRunSchedule(actor) && input.teacherId !== actor.id) throw forbidden(M.onlyOwnLessons);

  const [type] = await tx.select({ kind: lessonTypes.kind }).from(lessonTypes)
    .where(and(eq(lessonTypes.id, input.lessonTypeId), eq(lessonTypes.adminId, adminId)));
  if (!type) throw fieldError('lessonTypeId', M.lessonTypeNotFound);
  const kind = type.kind as LessonKind;

  const [teacher] = await tx.select({ role: users.role, addrole: users.addrole }).from(users)
    .where(and(eq(users.id, input.teacherId), eq(users.adminId, adminId), eq(users.status, true)));
  const teaches = teacher && (teacher.role === 'teacher' || (teacher.role === 'admin' && teacher.addrole === 'Private teacher'));
  if (!teaches) throw fieldError('teacherId', M.teacherNotInSchool);

  if (input.roomId) {
    const [room] = await tx.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, input.roomId), eq(rooms.adminId, adminId)));
    if (!room) throw fieldError('roomId', M.roomNotInSchool);
  }

  if (kind === 'class_group') {
    if (!input.classGroupId) throw fieldError('classGroupId', M.classGroupRequired);
    const [group] = await tx.select({ id: classGroups.id }).from(classGroups)
      .where(and(eq(classGroups.id, input.classGroupId), eq(classGroups.adminId, adminId)));
    if (!group) throw fieldError('classGroupId', M.classGroupNotInSchool);
    if (!mayRunSchedule(actor) && input.classGroupId !== kept.classGroupId && !(await isGroupOfTeacher(tx, actor.id, input.classGroupId))) {
      throw forbidden(M.onlyOwnStudents);
    }
    return { ...input, studentIds: [], kind, everyStudentId: await membersOfGroup(tx, input.classGroupId) };
  }

  if (input.studentIds.length === 0) throw fieldError('studentIds', M.studentsRequired);
  const found = await tx.select({ id: users.id }).from(users)
    .where(and(inArray(users.id, input.studentIds), eq(users.adminId, adminId), eq(users.role, 'student'), eq(users.status, true)));
  if (found.length !== input.studentIds.length) throw fieldError('studentIds', M.studentsNotInSchool);
  const added = input.studentIds.filter((id) => !kept.studentIds.includes(id));
  if (!mayRunSchedule(actor) && added.length > 0 && (await notStudentsOfTeacher(tx, actor.id, added)).length > 0) throw forbidden(M.onlyOwnStudents);
  return { ...input, classGroupId: null, kind, everyStudentId: input.studentIds };
}
