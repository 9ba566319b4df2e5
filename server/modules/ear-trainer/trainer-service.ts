import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { earTrainerProgress, earTrainerQuestions, studentGenres } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { mayTrain } from '../../policies/ear-trainer.js';
import { LEVELS, type Level } from '../../../shared/constants.js';
import {
  answerKeyOf, answerLabelOf, itemKeyOf, itemLabelOf, playbackOf, promptOf, type ExerciseItem,
} from '../../../shared/ear-trainer-theory.js';
import {
  EAR_TRAINER_MESSAGES as M, type AnswerOption, type AnswerResult, type answerQuestionBody, type MyTrainer, type Question,
} from '../../../shared/contracts/ear-trainer.js';
import { goalOfStudent, statsOfStudent, streakOfStudent } from './practice-history.js';
import { findSet, setsOfLevel } from './sets-service.js';
import { NEW_ITEM, pickNext, review } from './sm2.js';
import { schoolZoneOf } from '../../lib/school-clock.js';

/** The student's ear-training level: the highest of their instruments' levels (beginner without one). */
export async function levelOfStudent(tx: Tx, studentId: string): Promise<Level> {
  const rows = await tx.select({ level: studentGenres.level }).from(studentGenres).where(eq(studentGenres.studentId, studentId));
  const rank = Math.max(0, ...rows.map((r) => LEVELS.indexOf(r.level as Level)));
  return LEVELS[rank]!;
}

function trainee(actor: Actor): { studentId: string; adminId: string } {
  if (!mayTrain(actor) || !actor.adminId) throw forbidden();
  return { studentId: actor.id, adminId: actor.adminId };
}

export async function getMyTrainer(tx: Tx, actor: Actor, now = new Date()): Promise<MyTrainer> {
  const { studentId, adminId } = trainee(actor);
  const level = await levelOfStudent(tx, studentId);
  const zone = await schoolZoneOf(tx, adminId);
  return {
    level,
    sets: await setsOfLevel(tx, level),
    stats: await statsOfStudent(tx, studentId),
    streak: await streakOfStudent(tx, studentId, zone, now),
    goal: await goalOfStudent(tx, studentId, zone, now),
  };
}

/** The answer buttons: every distinct answer of the set's items of the question's kind, in the set's order. */
function optionsFor(items: ExerciseItem[], item: ExerciseItem): AnswerOption[] {
  const options = new Map<string, string>();
  for (const i of items) if (i.kind === item.kind) options.set(answerKeyOf(i), answerLabelOf(i));
  return [...options].map(([key, label]) => ({ key, label }));
}

/** A root that keeps every note of the item within a comfortable range (C3 to about C6). */
function rootFor(item: ExerciseItem): number {
  return item.kind === 'scale' ? randomInt(53, 62) : randomInt(48, 61);
}

/**
 * The next question of a set of the student's level: the item SM-2 says is most owed (pickNext),
 * from a random root. The item stays in the question row; the page gets pitches and choices.
 */
export async function nextQuestion(tx: Tx, actor: Actor, setId: string, now = new Date()): Promise<Question> {
  const { studentId, adminId } = trainee(actor);
  const set = await findSet(tx, setId);
  if (!set || set.level !== (await levelOfStudent(tx, studentId))) throw notFound(M.setNotFound);
  const keyed = set.items.map((item) => ({ item, key: itemKeyOf(item) }));
  const progress = await tx.select({ itemKey: earTrainerProgress.itemKey, dueAt: earTrainerProgress.dueAt }).from(earTrainerProgress)
    .where(and(eq(earTrainerProgress.studentId, studentId), inArray(earTrainerProgress.itemKey, keyed.map((k) => k.key))));
  const due = new Map(progress.map((p) => [p.itemKey, p.dueAt]));
  const [last] = await tx.select({ itemKey: earTrainerQuestions.itemKey }).from(earTrainerQuestions)
    .where(eq(earTrainerQuestions.studentId, studentId)).orderBy(desc(earTrainerQuestions.createdAt)).limit(1);
  const chosen = pickNext(keyed.map((k) => ({ ...k, dueAt: due.get(k.key) ?? null })), now, last?.itemKey ?? null);
  const root = rootFor(chosen.item);
  const [row] = await tx.insert(earTrainerQuestions)
    .values({ adminId, studentId, setId, item: chosen.item, itemKey: chosen.key, root, createdAt: now })
    .returning({ id: earTrainerQuestions.id });
  const playback = playbackOf(chosen.item, root);
  return {
    _id: row!.id, prompt: promptOf(chosen.item), ...playback, reference: Math.min(...playback.notes), options: optionsFor(set.items, chosen.item),
  };
}

/** Checks the answer against the question row (once), moves the item's SM-2 schedule and counts the try. */
export async function answerQuestion(tx: Tx, actor: Actor, input: z.output<typeof answerQuestionBody>, now = new Date()): Promise<AnswerResult> {
  const { studentId, adminId } = trainee(actor);
  const [question] = await tx.select().from(earTrainerQuestions)
    .where(and(eq(earTrainerQuestions.id, input.questionId), eq(earTrainerQuestions.studentId, studentId))).for('update');
  if (!question) throw notFound(M.questionNotFound);
  if (question.answeredAt) throw conflict(M.alreadyAnswered);
  const correct = input.answer === answerKeyOf(question.item);
  await tx.update(earTrainerQuestions).set({ answer: input.answer, correct, answeredAt: now }).where(eq(earTrainerQuestions.id, question.id));

  // The item's row exists before it is locked: two first answers at once then queue on it.
  await tx.insert(earTrainerProgress)
    .values({ adminId, studentId, itemKey: question.itemKey, label: itemLabelOf(question.item), dueAt: now, ...NEW_ITEM })
    .onConflictDoNothing();
  const [current] = await tx.select().from(earTrainerProgress)
    .where(and(eq(earTrainerProgress.studentId, studentId), eq(earTrainerProgress.itemKey, question.itemKey))).for('update');
  const next = review(current!, correct, now);
  await tx.update(earTrainerProgress).set({
    repetitions: next.repetitions, intervalDays: next.intervalDays, ease: next.ease, dueAt: next.dueAt, updatedAt: now,
    tries: current!.tries + 1, right: current!.right + (correct ? 1 : 0),
  }).where(eq(earTrainerProgress.id, current!.id));
  return {
    correct,
    answer: { key: answerKeyOf(question.item), label: answerLabelOf(question.item) },
    ...playbackOf(question.item, question.root),
    dueAt: next.dueAt.toISOString(),
  };
}
