import { sql, type SQL } from 'drizzle-orm';
import { col, type ExportTable } from '../../lib/export-table.js';

/**
 * The link tables as CSVs of a data export (decision 092): who relates to whom is read here
 * (decision 057), so the export names these tables only through this module.
 */
export const LINK_TABLE_EXPORTS: readonly ExportTable[] = [
  {
    file: 'parent_children.csv',
    table: 'parent_children',
    about: 'Which parent is the parent of which student.',
    key: ['id'],
    columns: [col('id'), col('parent_id', 'the parent (users.csv)'), col('student_id', 'the child (users.csv)'),
      col('direct', 'true: linked on the parent or student form; false: only through a family')],
    mine: (people) => sql`(t.parent_id = any(${people}) or t.student_id = any(${people}))`,
  },
  {
    file: 'class_group_students.csv',
    table: 'class_group_students',
    about: 'The students of each class/group.',
    key: ['id'],
    columns: [col('id'), col('class_group_id'), col('student_id')],
    mine: (people) => sql`t.student_id = any(${people})`,
  },
  {
    file: 'student_teachers.csv',
    table: 'student_teachers',
    about: 'The teachers assigned to each student on the student\'s record.',
    key: ['id'],
    columns: [col('id'), col('student_id'), col('teacher_id')],
    mine: (people) => sql`t.student_id = any(${people})`,
  },
];

/** The classes/groups any of these students belong to (a subquery of ids). */
export function groupsOfStudents(studentIds: SQL): SQL {
  return sql`(select g.class_group_id from class_group_students g where g.student_id = any(${studentIds}))`;
}

