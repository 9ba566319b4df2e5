import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../../db/client.js';
import { practiceAssignments, practiceAssignmentStudents, practiceSessions } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { REPORT_DAYS, type StudentPracticeReport } from '../../../../shared/contracts/practice.js';
import { countsOf } from '../assignments-service.js';
import { readableStudent } from '../practice-students.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';


/** Streaks of consecutive practice days: the longest, and the one that ends today (or yesterday, while today is still open). */
export function streaksOf(practiceDays: string[], today: string): { current: number; longest: number } {
  const days = new Set(practiceDays);
  let longest = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the first day of its run
    let length = 1;
    while (days.has(addDays(day, length))) length += 1;
    longest = Math.max(longest, length);
  }
  let current = 0;
  let day = days.has(today) ? today : addDays(today, -1);
  while (days.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, longest };
}

/**
 * /reporting/student-practice: one student's minutes a day and a week over the last four weeks
 * (the school's days), their streaks, and their assignments finished and open.
 */
export async function studentPracticeReport(tx: Tx, actor: Actor, studentId: string, now: Date): Promise<StudentPracticeReport> {
  const student = await readableStudent(tx, actor, studentId);
  const zone = await schoolZoneOf(tx, actor.adminId!);
  const today = todayIn(zone, now);
  const from = addDays(today, -(REPORT_DAYS - 1));
  const perDay = await tx.select({ day: practiceSessions.practicedOn, seconds: sql<number>`sum(${practiceSessions.seconds})::int` })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.studentId, studentId), gte(practiceSessions.practicedOn, from), lte(practiceSessions.practicedOn, today)))
    .groupBy(practiceSessions.practicedOn);
  const secondsOn = new Map(perDay.map((r) => [r.day, r.seconds]));
  const days = Array.from({ length: REPORT_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return { date, minutes: Math.round((secondsOn.get(date) ?? 0) / 60) };
  });
  const weeks = new Map<string, number>();
  for (const d of days) {
    const weekOf = DateTime.fromISO(d.date, { zone: 'utc' }).startOf('week').toISODate()!;
    weeks.set(weekOf, (weeks.get(weekOf) ?? 0) + d.minutes);
  }
  // Every day ever practised, for the longest streak: one short row a day, bounded by the index.
  const practised = await tx.selectDistinct({ day: practiceSessions.practicedOn }).from(practiceSessions)
    .where(and(eq(practiceSessions.studentId, studentId), lte(practiceSessions.practicedOn, today)));
  const streaks = streaksOf(practised.map((r) => r.day), today);
  const [goal] = await tx.select({ minutes: sql<number | null>`max(${practiceAssignments.minutesPerDay})` }).from(practiceAssignments)
    .innerJoin(practiceAssignmentStudents, eq(practiceAssignmentStudents.assignmentId, practiceAssignments.id))
    .where(and(eq(practiceAssignmentStudents.studentId, studentId), gte(practiceAssignments.dueOn, today)));
  return {
    student: { _id: student.id, first_name: student.firstName, last_name: student.lastName },
    timeZone: zone,
    today,
    days,
    weeks: [...weeks.entries()].map(([weekOf, minutes]) => ({ weekOf, minutes })),
    currentStreak: streaks.current,
    longestStreak: streaks.longest,
    totalMinutes: days.reduce((sum, d) => sum + d.minutes, 0),
    minutesPerDayGoal: goal?.minutes ?? null,
    ...(await countsOf(tx, studentId)),
  };
}
