import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroups, studentGenres, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Dashboard } from '../../../shared/contracts/dashboard.js';
import { childrenOfParent, groupsOfStudent, groupsOfTeacher, studentsOfTeacher, teachersOfStudent } from '../relations/index.js';
import { officeNumbers, providerNumbers, teacherNumbers } from './numbers.js';

type Figure = Dashboard['figures'][number];

const count = sql<number>`count(*)::int`;
const countIf = (cond: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${cond}))::int`;

/** Active and inactive people of a role, in one school, or in all (schoolId null: superadmin). */
async function peopleCounts(tx: Tx, role: string, schoolId: string | null) {
  const [row] = await tx
    .select({ active: countIf(sql`${users.status}`), inactive: countIf(sql`not ${users.status}`) })
    .from(users)
    .where(and(eq(users.role, role), schoolId ? eq(users.adminId, schoolId) : undefined));
  return row ?? { active: 0, inactive: 0 };
}

/**
 * Each count names its school (or its person) itself; row-level security is the second wall.
 */
export async function getDashboardFigures(tx: Tx, me: Actor, now = new Date()): Promise<Figure[]> {
  switch (me.role) {
    case 'superadmin': {
      const [schoolRow] = await tx
        .select({
          activeSchools: countIf(sql`${users.status} and coalesce(${users.addrole}, 'School') = 'School'`),
          inactiveSchools: countIf(sql`not ${users.status} and coalesce(${users.addrole}, 'School') = 'School'`),
          activePrivate: countIf(sql`${users.status} and ${users.addrole} = 'Private teacher'`),
          inactivePrivate: countIf(sql`not ${users.status} and ${users.addrole} = 'Private teacher'`),
        })
        .from(users)
        .where(eq(users.role, 'admin'));
      const students = await peopleCounts(tx, 'student', null);
      return [
        { key: 'activeSchools', label: 'Active Schools', value: schoolRow?.activeSchools ?? 0 },
        { key: 'inactiveSchools', label: 'Inactive Schools', value: schoolRow?.inactiveSchools ?? 0 },
        { key: 'activePrivateTeachers', label: 'Active Private Teachers', value: schoolRow?.activePrivate ?? 0 },
        { key: 'inactivePrivateTeachers', label: 'Inactive Private Teachers', value: schoolRow?.inactivePrivate ?? 0 },
        { key: 'activeStudents', label: 'Active Students', value: students.active },
        ...(await providerNumbers(tx, now)),
      ];
    }
    case 'admin':
    case 'subadmin': {
      const school = me.adminId!;
      // One connection answers one query at a time: ask in turn (see server/lib/in-sequence.ts).
      const students = await peopleCounts(tx, 'student', school);
      const teachers = await peopleCounts(tx, 'teacher', school);
      const parents = await peopleCounts(tx, 'parent', school);
      const [groups] = await tx.select({ n: count }).from(classGroups).where(eq(classGroups.adminId, school));
      const figures: Figure[] = [
        { key: 'activeStudents', label: 'Active Students', value: students.active },
        { key: 'inactiveStudents', label: 'Inactive Students', value: students.inactive },
      ];
      // A private teacher is the one teacher of their school: no teacher figures.
      if (me.addrole !== 'Private teacher') {
        figures.push(
          { key: 'activeTeachers', label: 'Active Teachers', value: teachers.active },
          { key: 'inactiveTeachers', label: 'Inactive Teachers', value: teachers.inactive },
        );
      }
      figures.push(
        { key: 'parents', label: 'Parents', value: parents.active + parents.inactive },
        { key: 'classGroups', label: 'Classes/Groups', value: groups?.n ?? 0 },
        ...(await officeNumbers(tx, school, now)),
      );
      return figures;
    }
    case 'teacher': {
      // The teacher's students and classes/groups as every list and policy counts them (decision 016).
      const [students] = await tx
        .select({ active: countIf(sql`${users.status}`), inactive: countIf(sql`not ${users.status}`) })
        .from(users)
        .where(sql`${users.id} in ${studentsOfTeacher(me.id)}`);
      const [groups] = await tx.select({ n: count }).from(classGroups).where(sql`${classGroups.id} in ${groupsOfTeacher(me.id)}`);
      return [
        { key: 'activeStudents', label: 'My Active Students', value: students?.active ?? 0 },
        { key: 'inactiveStudents', label: 'My Inactive Students', value: students?.inactive ?? 0 },
        { key: 'classGroups', label: 'My Classes/Groups', value: groups?.n ?? 0 },
        ...(await teacherNumbers(tx, me, now)),
      ];
    }
    case 'student': {
      const [instruments] = await tx.select({ n: count }).from(studentGenres).where(eq(studentGenres.studentId, me.id));
      const [teachers] = await tx.select({ n: count }).from(users).where(sql`${users.id} in ${teachersOfStudent(me.id)}`);
      const [groups] = await tx.select({ n: count }).from(classGroups).where(sql`${classGroups.id} in ${groupsOfStudent(me.id)}`);
      return [
        { key: 'instruments', label: 'Instruments', value: instruments?.n ?? 0 },
        { key: 'teachers', label: 'Teachers', value: teachers?.n ?? 0 },
        { key: 'classGroups', label: 'Classes/Groups', value: groups?.n ?? 0 },
      ];
    }
    case 'parent': {
      const [children] = await tx.select({ n: count }).from(users).where(sql`${users.id} in ${childrenOfParent(me.id)}`);
      return [{ key: 'children', label: 'Children', value: children?.n ?? 0 }];
    }
    default:
      return [];
  }
}
