import { sql, type SQL } from 'drizzle-orm';

/**
 * A teacher's students, the one definition (decision 016): the students assigned to them on the
 * member record (`student_teachers`), the members of the classes/groups they lead, and everyone
 * they teach in a lesson (a private lesson's students, or the members of a class/group they
 * teach a lesson of). A subquery of student ids, to use as `x in ${studentsOfTeacher(id)}`.
 */
export function studentsOfTeacher(teacherId: string | SQL): SQL {
  return sql`(select st.student_id from student_teachers st where st.teacher_id = ${teacherId}
    union select ls.student_id from lesson_students ls join lessons l on l.id = ls.lesson_id where l.teacher_id = ${teacherId}
    union select g.student_id from class_group_students g where g.class_group_id in ${groupsOfTeacher(teacherId)})`;
}

/** A teacher's classes/groups: the ones they lead, and the ones they teach a lesson of. */
export function groupsOfTeacher(teacherId: string | SQL): SQL {
  return sql`(select cg.id from class_groups cg where cg.teacher_id = ${teacherId}
    union select l.class_group_id from lessons l where l.teacher_id = ${teacherId} and l.class_group_id is not null)`;
}

/** A student's teachers, the same relation read the other way. */
export function teachersOfStudent(studentId: string | SQL): SQL {
  return teachersOfStudents(sql`(${studentId})`);
}

/** The teachers of any of these students (a subquery of student ids): a parent's children's teachers. */
export function teachersOfStudents(studentIds: SQL): SQL {
  return sql`(select st.teacher_id from student_teachers st where st.student_id in ${studentIds}
    union select l.teacher_id from lessons l join lesson_students ls on ls.lesson_id = l.id where ls.student_id in ${studentIds}
    union select cg.teacher_id from class_groups cg join class_group_students g on g.class_group_id = cg.id
      where g.student_id in ${studentIds} and cg.teacher_id is not null
    union select l.teacher_id from lessons l join class_group_students g on g.class_group_id = l.class_group_id where g.student_id in ${studentIds})`;
}

/** How many students each of these teachers has (rows: owner, n), by the same definition. */
export function studentCountsOfTeachers(teacherIds: string[]): SQL {
  const ids = sql.join(teacherIds.map((id) => sql`${id}::uuid`), sql`, `);
  return sql`select t.id as owner, (select count(*) from ${studentsOfTeacher(sql`t.id`)} s)::int as n
    from unnest(array[${ids}]) as t(id)`;
}
