import type { ClassDetails, ClassListItem } from '../../../shared/contracts/classes.js';
import type { PersonRef } from '../../../shared/contracts/members.js';

export type ClassRow = {
  id: string;
  adminId: string;
  name: string;
  createdAt: Date;
  teacherId: string | null;
  teacherFirstName: string | null;
  teacherLastName: string | null;
  studentCount: number;
};

export type StudentRow = { id: string; firstName: string; lastName: string; status: boolean };

export const presentPerson = (p: { id: string; firstName: string; lastName: string }): PersonRef => ({
  _id: p.id, first_name: p.firstName, last_name: p.lastName,
});

export function presentClassItem(row: ClassRow): ClassListItem {
  return {
    _id: row.id,
    name: row.name,
    // A removed teacher leaves the group without one (teacher_id is set null) until it is edited.
    teacher: row.teacherId && row.teacherFirstName !== null
      ? { _id: row.teacherId, first_name: row.teacherFirstName, last_name: row.teacherLastName ?? '' }
      : null,
    studentCount: row.studentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentClassDetails(row: ClassRow, students: StudentRow[], canEdit: boolean): ClassDetails {
  return {
    ...presentClassItem(row),
    students: students.map((s) => ({ ...presentPerson(s), status: s.status })),
    canEdit,
  };
}
