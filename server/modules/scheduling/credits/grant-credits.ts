import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { BankOutcome } from '../../../../shared/contracts/scheduling.js';
import { lessons, makeupCredits, users } from '../../../db/schema/index.js';
import { creditExpiry, decideCredit, termOf } from './credit-rules.js';
import type { SchoolSchedule } from '../time/school-schedule.js';
import { dayBounds, isoInZone, startOfLocalDay, wallClockOf } from '../../../../shared/school-clock.js';

/** Drizzle writes a lone column unqualified; inside a subquery over credits that would be ambiguous. */
const studentRef = sql.raw('"users"."id"');


/**
 * Banks a cancelled lesson for its students: each gets a make-up credit if the school's rules
 * allow (or staff grant it by hand). A student already credited for this lesson keeps that one.
 */
export async function grantCredits(
  tx: Tx, school: SchoolSchedule, lesson: { id: string; startsAt: Date }, studentIds: string[], opts: { byHand: boolean; now: Date; preview?: boolean },
): Promise<BankOutcome[]> {
  if (studentIds.length === 0) return [];
  const { settings, timeZone } = school;
  const term = termOf(settings, wallClockOf(lesson.startsAt, timeZone).date);
  const termFrom = startOfLocalDay(term.from, timeZone);
  const termTo = dayBounds(term.to, timeZone).end;
  // Two cancellations at once must not both slip under a limit: count a student's credits under their lock.
  if (!opts.preview) for (const id of [...studentIds].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
  const counts = await tx.select({
    studentId: users.id, first: users.firstName, last: users.lastName,
    held: sql<number>`(select count(*) from ${makeupCredits} c where c.student_id = ${studentRef} and c.status = 'available' and c.expires_at > ${opts.now})`.mapWith(Number),
    earned: sql<number>`(select count(*) from ${makeupCredits} c join ${lessons} l on l.id = c.lesson_id
      where c.student_id = ${studentRef} and c.status <> 'revoked' and l.starts_at >= ${termFrom} and l.starts_at < ${termTo})`.mapWith(Number),
    existing: sql<string | null>`(select c.expires_at::text from ${makeupCredits} c where c.student_id = ${studentRef} and c.lesson_id = ${lesson.id} and c.status <> 'revoked')`,
  }).from(users).where(and(inArray(users.id, studentIds), eq(users.adminId, school.adminId)));

  const outcomes: BankOutcome[] = [];
  for (const row of counts) {
    const student = { _id: row.studentId, first_name: row.first, last_name: row.last };
    if (row.existing) {
      outcomes.push({ student, credited: true, reason: null, expiresAt: isoInZone(new Date(row.existing), timeZone) });
      continue;
    }
    const decision = decideCredit(settings, { now: opts.now, lessonStart: lesson.startsAt, held: row.held, earnedThisTerm: row.earned, byHand: opts.byHand });
    if (!decision.credited) {
      outcomes.push({ student, credited: false, reason: decision.reason, expiresAt: null });
      continue;
    }
    const expiresAt = creditExpiry(settings, lesson.startsAt, opts.now, timeZone);
    // A preview (the cancel dialog, before confirming) says what banking would give, and writes nothing.
    if (!opts.preview) await tx.insert(makeupCredits).values({
      adminId: school.adminId, studentId: row.studentId, lessonId: lesson.id, expiresAt, grantedByHand: opts.byHand, status: 'available',
    }).onConflictDoUpdate({
      target: [makeupCredits.lessonId, makeupCredits.studentId],
      set: { status: 'available', expiresAt, grantedByHand: opts.byHand, usedLessonId: null, remindedAt: null },
    });
    outcomes.push({ student, credited: true, reason: null, expiresAt: isoInZone(expiresAt, timeZone) });
  }
  return outcomes;
}
