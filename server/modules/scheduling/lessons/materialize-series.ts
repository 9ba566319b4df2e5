import { and, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { holidays, lessons, lessonSeries, lessonSeriesStudents, lessonStudents, type LessonSeriesRow } from '../../../db/schema/index.js';
import { grantCredits } from '../credits/grant-credits.js';
import { membersOfGroup } from '../../relations/index.js';
import { expandRule, ruleContinuesAfter, type Occurrence } from '../time/recurrence.js';
import { loadSchoolSchedule, type SchoolSchedule } from '../time/school-schedule.js';
import { addMinutes } from '../time/wall-clock.js';
import { wallClockOf } from '../../../../shared/school-clock.js';

/** Occurrences are rows this far ahead; the extend job keeps the horizon there (decision 012). */
export const HORIZON_DAYS = 400;

export const horizonFrom = (now: Date) => new Date(now.getTime() + HORIZON_DAYS * 86_400_000);

export type Closure = { id: string; name: string; startsOn: string; endsOn: string; bankLessons: boolean };

export async function closuresBetween(tx: Tx, adminId: string, fromDate: string, toDate: string): Promise<Closure[]> {
  return tx.select({ id: holidays.id, name: holidays.name, startsOn: holidays.startsOn, endsOn: holidays.endsOn, bankLessons: holidays.bankLessons })
    .from(holidays).where(and(eq(holidays.adminId, adminId), lte(holidays.startsOn, toDate), gte(holidays.endsOn, fromDate)));
}

export function closureOn(closures: Closure[], localDate: string): Closure | undefined {
  return closures.find((c) => c.startsOn <= localDate && localDate <= c.endsOn);
}

export const holidayReason = (c: Closure) => `Holiday: ${c.name}`;

/**
 * Writes a series' occurrences in [from, until) as lessons (those already there stay as they
 * are), with its students; a day the school is closed gets its lesson cancelled, and banked when
 * the closure says so. Returns the new lessons' ids in time order.
 */
export async function materializeSeries(tx: Tx, school: SchoolSchedule, series: LessonSeriesRow, from: Date, until: Date, now: Date): Promise<string[]> {
  const occurrences = expandRule(series.rrule, series.startsLocal, series.timeZone, from, until);
  const made = await insertOccurrences(tx, school, series, occurrences, now);
  const more = ruleContinuesAfter(series.rrule, series.startsLocal, series.timeZone, until);
  await tx.update(lessonSeries).set({ materializedUntil: more ? until : null }).where(eq(lessonSeries.id, series.id));
  return made;
}

async function insertOccurrences(tx: Tx, school: SchoolSchedule, series: LessonSeriesRow, occurrences: Occurrence[], now: Date): Promise<string[]> {
  if (occurrences.length === 0) return [];
  const students = await tx.select({ id: lessonSeriesStudents.studentId }).from(lessonSeriesStudents).where(eq(lessonSeriesStudents.seriesId, series.id));
  const dates = occurrences.map((o) => wallClockOf(o.startsAt, series.timeZone).date);
  const closures = await closuresBetween(tx, series.adminId, dates[0]!, dates.at(-1)!);
  const rows = occurrences.map((o, i) => {
    const closure = closureOn(closures, dates[i]!);
    return {
      adminId: series.adminId, seriesId: series.id, occurrenceStart: o.startsAt,
      teacherId: series.teacherId, lessonTypeId: series.lessonTypeId, roomId: series.roomId, classGroupId: series.classGroupId,
      startsAt: o.startsAt, endsAt: addMinutes(o.startsAt, series.durationMinutes), notes: series.notes,
      ...(closure ? { status: 'cancelled', cancelReason: holidayReason(closure), cancelledAt: now, holidayId: closure.id } : {}),
    };
  });
  const made = await tx.insert(lessons).values(rows).onConflictDoNothing({ target: [lessons.seriesId, lessons.occurrenceStart] })
    .returning({ id: lessons.id, startsAt: lessons.startsAt, holidayId: lessons.holidayId });
  made.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (students.length > 0 && made.length > 0) {
    await tx.insert(lessonStudents).values(made.flatMap((l) => students.map((s) => ({ adminId: series.adminId, lessonId: l.id, studentId: s.id }))));
  }
  for (const lesson of made) {
    const closure = lesson.holidayId ? closures.find((c) => c.id === lesson.holidayId) : undefined;
    if (closure?.bankLessons) await grantCredits(tx, school, lesson, await studentsOf(tx, series, students), { byHand: true, now });
  }
  return made.map((l) => l.id);
}

async function studentsOf(tx: Tx, series: LessonSeriesRow, own: { id: string }[]): Promise<string[]> {
  if (!series.classGroupId) return own.map((s) => s.id);
  return membersOfGroup(tx, series.classGroupId);
}

export const EXTEND_BATCH = 200;

/**
 * The extend job: every series whose rows end within a month of the horizon gets the rest, each in
 * a transaction of its own, so one failing series (reported) holds up no other. Answers how many
 * series were extended.
 */
export async function extendSeriesHorizon(db: Database, now: Date, onError: (seriesId: string, error: unknown) => void = () => {}): Promise<number> {
  const until = horizonFrom(now);
  const failed: string[] = [];
  let extended = 0;
  for (;;) {
    const due = await db.transaction({ kind: 'all' }, (tx) => tx.select({ id: lessonSeries.id, adminId: lessonSeries.adminId }).from(lessonSeries)
      .where(and(
        sql`${lessonSeries.materializedUntil} is not null and ${lessonSeries.materializedUntil} < ${new Date(until.getTime() - 30 * 86_400_000)}`,
        failed.length > 0 ? notInArray(lessonSeries.id, failed) : undefined,
      ))
      .limit(EXTEND_BATCH));
    for (const { id, adminId } of due) {
      try {
        await db.transaction({ kind: 'school', adminId }, async (tx) => {
          const [series] = await tx.select().from(lessonSeries).where(eq(lessonSeries.id, id));
          await materializeSeries(tx, await loadSchoolSchedule(tx, adminId), series!, series!.materializedUntil!, until, now);
        });
        extended += 1;
      } catch (error) {
        failed.push(id);
        onError(id, error);
      }
    }
    if (due.length < EXTEND_BATCH) return extended;
  }
}
