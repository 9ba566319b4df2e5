import { sql, type SQL } from 'drizzle-orm';
import { classGroups, classGroupStudents, parentChildren, studentTeachers, users } from '../../db/schema/index.js';
import type { MemberActor } from '../../policies/members.js';
import type { PersonRole } from '../../../shared/contracts/members.js';

/** The students a teacher teaches: one by one, or in a group they lead. */
export function studentsOfTeacher(teacherId: string): SQL {
  return sql`(select ${studentTeachers.studentId} from ${studentTeachers} where ${studentTeachers.teacherId} = ${teacherId}
    union select ${classGroupStudents.studentId} from ${classGroupStudents}
      join ${classGroups} on ${classGroups.id} = ${classGroupStudents.classGroupId}
      where ${classGroups.teacherId} = ${teacherId})`;
}

/** How many students each of these teachers teaches, the same way (one by one or in a group). */
export function studentCountsOfTeachers(teacherIds: string[]): SQL {
  const ids = sql.join(teacherIds.map((id) => sql`${id}::uuid`), sql`, `);
  return sql`select teacher_id as owner, count(distinct student_id)::int as n from (
      select ${studentTeachers.teacherId} as teacher_id, ${studentTeachers.studentId} as student_id from ${studentTeachers}
        where ${studentTeachers.teacherId} in (${ids})
      union select ${classGroups.teacherId}, ${classGroupStudents.studentId} from ${classGroupStudents}
        join ${classGroups} on ${classGroups.id} = ${classGroupStudents.classGroupId}
        where ${classGroups.teacherId} in (${ids})
    ) taught group by teacher_id`;
}

/**
 * A condition on users.id: the person of this role is one of the actor's own records (the
 * teacher's student or that student's parent, the parent's child, the student themselves).
 */
export function ownCondition(actor: MemberActor, role: PersonRole): SQL {
  if (actor.role === 'teacher' && role === 'student') return sql`${users.id} in ${studentsOfTeacher(actor.id)}`;
  if (actor.role === 'teacher' && role === 'parent') {
    return sql`${users.id} in (select ${parentChildren.parentId} from ${parentChildren}
      where ${parentChildren.studentId} in ${studentsOfTeacher(actor.id)})`;
  }
  if (actor.role === 'parent' && role === 'student') {
    return sql`${users.id} in (select ${parentChildren.studentId} from ${parentChildren} where ${parentChildren.parentId} = ${actor.id})`;
  }
  if (actor.role === 'student' && role === 'student') return sql`${users.id} = ${actor.id}`;
  return sql`false`;
}
