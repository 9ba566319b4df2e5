import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { genres, parentChildren, studentGenres, studentTeachers, users } from '../../db/schema/index.js';
import type { Child } from '../../../shared/contracts/members.js';
import type { Level } from '../../../shared/constants.js';
import { inSequence } from '../../lib/in-sequence.js';
import { attendedBy } from '../relations/index.js';
import { inZone } from '../../../shared/school-clock.js';
import { schoolZoneOfAlias } from '../../lib/school-clock.js';

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
  const next = await tx.execute(nextLessonsOf(ids));
  const nextOf = new Map((next.rows as NextLessonRow[]).map((r) => [r.student_id, r]));
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
    nextLesson: presentNextLesson(nextOf.get(k.id)),
  }));
}

type NextLessonRow = { student_id: string; starts_at: Date | string; title: string; room_name: string | null; time_zone: string };

/**
 * Each child's next lesson that will happen (their own or their class/group's), in one query for
 * all children. A parent sees the lesson type only (docs/domains/scheduling.md "Who may do what"'s calendar detail rule).
 */
function nextLessonsOf(studentIds: string[]) {
  const ids = sql.join(studentIds.map((id) => sql`${id}::uuid`), sql`, `);
  return sql`
    select k.id as student_id, l.starts_at, lt.name as title, r.room_name, ${schoolZoneOfAlias('s')} as time_zone
    from unnest(array[${ids}]) as k(id)
    join users child on child.id = k.id
    cross join lateral (
      select x.* from lessons x
      -- The school and a lower bound on the start let the (admin_id, starts_at) index answer.
      where x.admin_id = child.admin_id and x.starts_at > now() - interval '8 hours'
        and x.status = 'scheduled' and x.ends_at > now()
        and ${attendedBy({ id: sql`x.id`, classGroupId: sql`x.class_group_id` }, sql`(k.id)`)}
      order by x.starts_at, x.id limit 1
    ) l
    join lesson_types lt on lt.id = l.lesson_type_id
    left join rooms r on r.id = l.room_id
    join schools s on s.admin_id = l.admin_id`;
}

function presentNextLesson(r: NextLessonRow | undefined): NonNullable<Child['nextLesson']> | null {
  if (!r) return null;
  const start = inZone(new Date(r.starts_at), r.time_zone).toISO({ suppressMilliseconds: true })!;
  return { start, title: r.title, room: r.room_name };
}
