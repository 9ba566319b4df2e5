import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { earTrainerGoals, earTrainerProgress, earTrainerQuestions } from '../../db/schema/index.js';
import type { GoalProgress, ItemStat, Streak } from '../../../shared/contracts/ear-trainer.js';
import { streakOf, weekStartIn } from './streak.js';
import { todayIn } from '../../../shared/school-clock.js';

/** Days in a row with an answered question, on the school's clock (a year back at most). */
export async function streakOfStudent(tx: Tx, studentId: string, zone: string, now: Date): Promise<Streak> {
  const day = sql<string>`to_char((${earTrainerQuestions.answeredAt} at time zone ${zone})::date, 'YYYY-MM-DD')`;
  const rows = await tx.selectDistinct({ day }).from(earTrainerQuestions)
    .where(and(eq(earTrainerQuestions.studentId, studentId), gte(earTrainerQuestions.answeredAt, new Date(now.getTime() - 400 * 86_400_000))));
  return streakOf(rows.map((r) => r.day), todayIn(zone, now));
}

/** The weekly goal and the questions answered since Monday on the school's clock; null without a goal. */
export async function goalOfStudent(tx: Tx, studentId: string, zone: string, now: Date): Promise<GoalProgress> {
  const [goal] = await tx.select({ questionsPerWeek: earTrainerGoals.questionsPerWeek }).from(earTrainerGoals).where(eq(earTrainerGoals.studentId, studentId));
  if (!goal) return null;
  const week = weekStartIn(zone, now);
  const [answered] = await tx.select({ n: count() }).from(earTrainerQuestions)
    .where(and(eq(earTrainerQuestions.studentId, studentId), isNotNull(earTrainerQuestions.answeredAt), gte(earTrainerQuestions.answeredAt, week.instant)));
  return { questionsPerWeek: goal.questionsPerWeek, answeredThisWeek: answered!.n, weekStarts: week.day };
}

/** Tries and right answers per item, the weakest first. */
export async function statsOfStudent(tx: Tx, studentId: string): Promise<ItemStat[]> {
  const rows = await tx.select().from(earTrainerProgress).where(eq(earTrainerProgress.studentId, studentId));
  return rows
    .map((r) => ({
      key: r.itemKey, label: r.label, tries: r.tries, right: r.right,
      rightPercent: r.tries === 0 ? 0 : Math.round((r.right / r.tries) * 100), dueAt: r.dueAt.toISOString(),
    }))
    .sort((a, b) => a.rightPercent - b.rightPercent || b.tries - a.tries || a.label.localeCompare(b.label));
}
