import { and, asc, desc, eq, gt, lte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonStudents, lessonTypes, makeupCredits, users } from '../../../db/schema/index.js';
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { childrenOfParent, groupsOfStudent } from '../../relations/index.js';
import { nameMatches } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { mayRunSchedule, type LessonScope } from '../../../policies/scheduling.js';
import { SCHEDULING_MESSAGES as M, type CreditItem, type creditListBody, type grantCreditBody } from '../../../../shared/contracts/scheduling.js';
import { isBankedDue } from './credit-rules.js';
import { grantCredits } from './grant-credits.js';
import { assertMayViewStudent, requireScope } from '../lessons/lesson-scope.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { isoInZone } from '../../../../shared/school-clock.js';

type CreditQuery = z.output<typeof creditListBody>;

const teacher = alias(users, 'credit_teacher');

/** The credits an actor may see: the school's (staff), of lessons they taught (teacher), their own or their children's. */
export function visibleCredits(actor: Actor, scope: LessonScope): SQL {
  const school = eq(makeupCredits.adminId, actor.adminId ?? '00000000-0000-0000-0000-000000000000');
  switch (scope) {
    case 'school':
      return school;
    case 'teacher':
      return and(school, eq(lessons.teacherId, actor.id))!;
    case 'student':
      return and(school, eq(makeupCredits.studentId, actor.id))!;
    case 'parent':
      return and(school, sql`${makeupCredits.studentId} in ${childrenOfParent(actor.id)}`)!;
  }
}

function statusIs(status: CreditQuery['status'], now: Date, bankedDueHours: number): SQL | undefined {
  const available = eq(makeupCredits.status, 'available');
  switch (status) {
    case 'available':
      return and(available, gt(makeupCredits.expiresAt, now));
    case 'bankedDue':
      return and(available, lt(makeupCredits.expiresAt, new Date(now.getTime() + bankedDueHours * 3_600_000)));
    case 'used':
      return eq(makeupCredits.status, 'used');
    case 'expired':
      return and(available, lte(makeupCredits.expiresAt, now));
    case 'all':
      return undefined;
  }
}

/** Make-up credits, by state; banked-due (docs/domains/scheduling.md "Rules") is expired or expiring within the school's threshold. */
export async function listCredits(tx: Tx, actor: Actor, q: CreditQuery, now = new Date()) {
  const scope = requireScope(actor);
  const school = await loadSchoolSchedule(tx, actor.adminId);
  if (q.studentId) await assertMayViewStudent(tx, actor, scope, q.studentId);
  const where = and(
    visibleCredits(actor, scope),
    statusIs(q.status, now, school.settings.bankedDueHours),
    q.studentId ? eq(makeupCredits.studentId, q.studentId) : undefined,
    q.search ? nameMatches(q.search) : undefined,
  );
  const direction = q.orderBy === -1 ? desc : asc;
  const rows = await tx.select({
    credit: makeupCredits, first: users.firstName, last: users.lastName, lessonStart: lessons.startsAt, teacherId: lessons.teacherId,
    lessonType: lessonTypes.name, teacherFirst: teacher.firstName, teacherLast: teacher.lastName, total: totalRows,
  }).from(makeupCredits)
    .innerJoin(users, eq(users.id, makeupCredits.studentId))
    .innerJoin(lessons, eq(lessons.id, makeupCredits.lessonId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, lessons.lessonTypeId))
    .leftJoin(teacher, eq(teacher.id, lessons.teacherId))
    .where(where)
    .orderBy(direction(q.sortBy === 'createdAt' ? makeupCredits.createdAt : makeupCredits.expiresAt), direction(makeupCredits.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(makeupCredits)
      .innerJoin(users, eq(users.id, makeupCredits.studentId)).innerJoin(lessons, eq(lessons.id, makeupCredits.lessonId)).where(where);
    return row?.n ?? 0;
  });
  const zone = school.timeZone;
  const results = rows.map((r): CreditItem => {
    const expired = r.credit.status === 'available' && r.credit.expiresAt <= now;
    return {
      _id: r.credit.id,
      student: { _id: r.credit.studentId, first_name: r.first, last_name: r.last },
      lesson: {
        _id: r.credit.lessonId, start: isoInZone(r.lessonStart, zone), lesson_type: r.lessonType,
        teacher: r.teacherFirst !== null ? { _id: r.teacherId, first_name: r.teacherFirst, last_name: r.teacherLast ?? '' } : null,
      },
      bankedExpDate: isoInZone(r.credit.expiresAt, zone),
      status: expired ? 'expired' : (r.credit.status as CreditItem['status']),
      bankedDue: r.credit.status === 'available' && isBankedDue(r.credit.expiresAt, now, school.settings.bankedDueHours),
      grantedByHand: r.credit.grantedByHand,
      usedLessonId: r.credit.usedLessonId,
      createdAt: r.credit.createdAt.toISOString(),
    };
  });
  return toListResult(results, total, q);
}

/** Staff grant a credit by hand for a cancelled lesson's student (outside the notice window or past a limit). */
export async function grantCredit(tx: Tx, actor: Actor, input: z.output<typeof grantCreditBody>, now = new Date()) {
  if (!mayRunSchedule(actor)) throw forbidden();
  const school = await loadSchoolSchedule(tx, actor.adminId);
  const [lesson] = await tx.select({ id: lessons.id, startsAt: lessons.startsAt, status: lessons.status, classGroupId: lessons.classGroupId })
    .from(lessons).where(and(eq(lessons.id, input.lessonId), eq(lessons.adminId, school.adminId)));
  if (!lesson) throw notFound(M.lessonNotFound);
  if (lesson.status !== 'cancelled') throw badRequest(M.lessonNotCancelled);
  const { rows } = await tx.execute(sql`select exists (select 1 from ${lessonStudents} where ${lessonStudents.lessonId} = ${lesson.id} and ${lessonStudents.studentId} = ${input.studentId})
    or ${lesson.classGroupId}::uuid in ${groupsOfStudent(input.studentId)} as member`);
  if (rows[0]?.member !== true) throw fieldError('studentId', M.studentNotOnLesson);
  const [outcome] = await grantCredits(tx, school, lesson, [input.studentId], { byHand: true, now });
  return outcome!;
}
