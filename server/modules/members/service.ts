import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { genres, parentChildren, studentGenres, studentTeachers, users } from '../../db/schema/index.js';
import type { Child } from '../../../shared/contracts/members.js';
import type { Level } from '../../../shared/constants.js';
import { inSequence } from '../../lib/in-sequence.js';

const teacher = alias(users, 'teacher');

/** A parent's children with their instruments and teachers, in three queries whatever the count. */
export async function listChildren(tx: Tx, parentId: string): Promise<Child[]> {
  const kids = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, status: users.status })
    .from(parentChildren)
    .innerJoin(users, eq(users.id, parentChildren.studentId))
    .where(eq(parentChildren.parentId, parentId))
    .orderBy(asc(users.firstName), asc(users.lastName));
  if (kids.length === 0) return [];
  const ids = kids.map((k) => k.id);
  const [instrumentRows, teacherRows] = await inSequence([
    tx.select({ studentId: studentGenres.studentId, genreId: genres.id, name: genres.name, level: studentGenres.level })
      .from(studentGenres).innerJoin(genres, eq(genres.id, studentGenres.genreId))
      .where(inArray(studentGenres.studentId, ids)).orderBy(asc(genres.name)),
    tx.select({ studentId: studentTeachers.studentId, id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName })
      .from(studentTeachers).innerJoin(teacher, eq(teacher.id, studentTeachers.teacherId))
      .where(inArray(studentTeachers.studentId, ids)).orderBy(asc(teacher.firstName)),
  ]);
  return kids.map((k) => ({
    _id: k.id,
    first_name: k.firstName,
    last_name: k.lastName,
    username: k.username,
    status: k.status,
    instruments: instrumentRows
      .filter((r) => r.studentId === k.id)
      .map((r) => ({ genreId: { _id: r.genreId, name: r.name }, level: r.level as Level })),
    teachers: teacherRows
      .filter((r) => r.studentId === k.id)
      .map((r) => ({ _id: r.id, first_name: r.firstName, last_name: r.lastName })),
  }));
}
