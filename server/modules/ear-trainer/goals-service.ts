import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { earTrainerGoals, earTrainerProgress, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { decideGoal } from '../../policies/ear-trainer.js';
import { EAR_TRAINER_MESSAGES as M, type setGoalBody, type StudentGoal } from '../../../shared/contracts/ear-trainer.js';
import { isOwnStudent } from '../relations/index.js';
import { goalOfStudent, streakOfStudent } from './practice-history.js';
import { schoolZoneOf } from '../../lib/school-clock.js';

/** Whether the actor may read and set this student's goal (decision in policies/ear-trainer.ts). */
async function authorizeGoal(tx: Tx, actor: Actor, studentId: string): Promise<string> {
  const [student] = actor.adminId
    ? await tx.select({ id: users.id }).from(users).where(and(eq(users.id, studentId), eq(users.role, 'student'), eq(users.adminId, actor.adminId)))
    : [];
  const isOwn = student !== undefined && actor.role === 'teacher' && (await isOwnStudent(tx, actor, studentId));
  const decision = decideGoal(actor, { isStudentOfSchool: student !== undefined, isOwn });
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'not-found') throw notFound(M.studentNotFound);
  return actor.adminId!;
}

/** The goal, this week's count, the streak and overall right % of one student, for their teacher or the school. */
export async function getGoal(tx: Tx, actor: Actor, studentId: string, now = new Date()): Promise<StudentGoal> {
  const adminId = await authorizeGoal(tx, actor, studentId);
  const zone = await schoolZoneOf(tx, adminId);
  const items = await tx.select({ tries: earTrainerProgress.tries, right: earTrainerProgress.right }).from(earTrainerProgress)
    .where(eq(earTrainerProgress.studentId, studentId));
  const answered = items.reduce((n, i) => n + i.tries, 0);
  const right = items.reduce((n, i) => n + i.right, 0);
  return {
    studentId,
    goal: await goalOfStudent(tx, studentId, zone, now),
    streak: await streakOfStudent(tx, studentId, zone, now),
    answered,
    rightPercent: answered === 0 ? 0 : Math.round((right / answered) * 100),
  };
}

/** Sets the weekly goal (0 removes it). */
export async function setGoal(tx: Tx, actor: Actor, input: z.output<typeof setGoalBody>) {
  const adminId = await authorizeGoal(tx, actor, input.studentId);
  if (input.questionsPerWeek === 0) {
    await tx.delete(earTrainerGoals).where(eq(earTrainerGoals.studentId, input.studentId));
  } else {
    await tx.insert(earTrainerGoals)
      .values({ adminId, studentId: input.studentId, questionsPerWeek: input.questionsPerWeek, setBy: actor.accountableId })
      .onConflictDoUpdate({
        target: earTrainerGoals.studentId,
        set: { questionsPerWeek: input.questionsPerWeek, setBy: actor.accountableId, updatedAt: new Date() },
      });
  }
  return getGoal(tx, actor, input.studentId);
}
