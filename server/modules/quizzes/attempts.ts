import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { quizAttempts, quizQuestions, quizzes } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { decideOwnAttempt, decideTakeQuiz, mayTakeQuizzes, type QuizDecision } from '../../policies/quizzes.js';
import {
  QUIZ_MESSAGES as M, SUBMIT_GRACE_SECONDS, type AttemptResult, type AttemptSummary, type PublishedQuiz, type StartedAttempt, type TakeQuiz,
  type publishedListBody, type submitAttemptBody,
} from '../../../shared/contracts/quizzes.js';
import { selectQuizPage } from './authoring.js';
import { presentAttemptResult, presentAttemptSummary, presentQuestion, presentQuiz, presentTakeQuestion } from './presenter.js';
import { markAnswers } from './scoring.js';

/** The students' side (issue 17): published quizzes, attempts, marking on the server. */
function enforce(decision: QuizDecision, message: string) {
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'not-found') throw notFound(message);
}

function student(actor: Actor) {
  if (!mayTakeQuizzes(actor)) throw forbidden();
}

/** /quizCategories: the published quizzes, twenty a page, each with the student's best and last score. */
export async function listPublished(tx: Tx, actor: Actor, q: z.output<typeof publishedListBody>): Promise<{ rows: PublishedQuiz[]; total: number }> {
  student(actor);
  const where = and(eq(quizzes.provider, true), eq(quizzes.status, 'published'), q.categoryId ? eq(quizzes.categoryId, q.categoryId) : undefined)!;
  const page = await selectQuizPage(tx, where, q);
  const ids = page.rows.map((r) => r.id);
  const stats = ids.length === 0 ? [] : await tx.select({
    quizId: quizAttempts.quizId,
    attempts: sql<number>`count(*)`.mapWith(Number),
    best: sql<number>`max(${quizAttempts.percent})`.mapWith(Number),
    last: sql<number>`(array_agg(${quizAttempts.percent} order by ${quizAttempts.submittedAt} desc))[1]`.mapWith(Number),
  }).from(quizAttempts)
    .where(and(eq(quizAttempts.studentId, actor.id), inArray(quizAttempts.quizId, ids), isNotNull(quizAttempts.submittedAt)))
    .groupBy(quizAttempts.quizId);
  const byQuiz = new Map(stats.map((s) => [s.quizId, s]));
  return {
    rows: page.rows.map((r) => {
      const s = byQuiz.get(r.id);
      return { ...presentQuiz(r), attempts: s?.attempts ?? 0, bestPercent: s ? s.best : null, lastPercent: s ? s.last : null };
    }),
    total: page.total,
  };
}

async function questionsOf(tx: Tx, quizId: string) {
  return tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
}

/** The quiz as a student sees it: no correct answers, no explanations (also the superadmin's preview). */
export async function takeView(tx: Tx, quizId: string): Promise<TakeQuiz | null> {
  const page = await selectQuizPage(tx, eq(quizzes.id, quizId), { page: 1, limit: 1, sortBy: 'createdAt', orderBy: -1 });
  if (!page.rows[0]) return null;
  return { ...presentQuiz(page.rows[0]), questions: (await questionsOf(tx, quizId)).map(presentTakeQuestion) };
}

/** Starts an attempt: the time limit runs from now, on the server's clock. */
export async function startAttempt(tx: Tx, actor: Actor, quizId: string): Promise<StartedAttempt> {
  student(actor);
  const [quiz] = await tx.select({ id: quizzes.id, status: quizzes.status, timeLimit: quizzes.timeLimit }).from(quizzes).where(eq(quizzes.id, quizId));
  enforce(quiz ? decideTakeQuiz(actor, quiz) : 'not-found', M.quizNotFound);
  const view = (await takeView(tx, quiz!.id))!;
  const startedAt = new Date();
  const deadlineAt = quiz!.timeLimit ? new Date(startedAt.getTime() + quiz!.timeLimit * 60_000) : null;
  const [row] = await tx.insert(quizAttempts).values({
    adminId: actor.adminId!, quizId: quiz!.id, studentId: actor.id, startedAt, deadlineAt, total: view.questions.length,
  }).returning();
  return { attemptId: row!.id, startedAt: startedAt.toISOString(), deadlineAt: deadlineAt?.toISOString() ?? null, quiz: view };
}

async function ownAttempt(tx: Tx, actor: Actor, id: string, lock = false) {
  student(actor);
  const query = tx.select().from(quizAttempts).where(eq(quizAttempts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  enforce(row ? decideOwnAttempt(actor, row) : 'not-found', M.attemptNotFound);
  return row!;
}

async function titleOf(tx: Tx, quizId: string): Promise<string> {
  const [row] = await tx.select({ title: quizzes.title }).from(quizzes).where(eq(quizzes.id, quizId));
  return row?.title ?? '';
}

/**
 * Marks and closes an attempt. Past the deadline (with a few seconds' grace for the network) the
 * answers are not counted: the attempt closes with the questions unanswered, and the student still
 * sees every explanation.
 */
export async function submitAttempt(tx: Tx, actor: Actor, body: z.output<typeof submitAttemptBody>, now = new Date()): Promise<{ result: AttemptResult; timedOut: boolean }> {
  const attempt = await ownAttempt(tx, actor, body.attemptId, true);
  if (attempt.submittedAt) throw conflict(M.alreadySubmitted);
  const [quiz] = await tx.select({ id: quizzes.id, title: quizzes.title, status: quizzes.status }).from(quizzes).where(eq(quizzes.id, attempt.quizId));
  enforce(quiz ? decideTakeQuiz(actor, quiz) : 'not-found', M.quizNotFound);
  const questions = (await questionsOf(tx, quiz!.id)).map(presentQuestion);
  const byId = new Map(questions.map((q) => [q._id, q]));
  for (const a of body.answers) {
    const q = byId.get(a.questionId);
    if (!q || a.chosen.some((i) => i >= q.answers.length)) throw fieldError('answers', M.answerUnknown);
  }
  const timedOut = attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + SUBMIT_GRACE_SECONDS * 1000;
  const chosen = new Map(timedOut ? [] : body.answers.map((a) => [a.questionId, a.chosen]));
  const marked = markAnswers(questions, chosen);
  const [row] = await tx.update(quizAttempts).set({
    submittedAt: now, timedOut, score: marked.score, total: marked.total, percent: marked.percent, results: marked.results,
  }).where(eq(quizAttempts.id, attempt.id)).returning();
  return { result: presentAttemptResult(row!, quiz!.title), timedOut };
}

/** A submitted attempt's result; an open one has none yet. */
export async function viewAttempt(tx: Tx, actor: Actor, id: string): Promise<AttemptResult> {
  const attempt = await ownAttempt(tx, actor, id);
  if (!attempt.submittedAt) throw conflict(M.notSubmitted);
  return presentAttemptResult(attempt, await titleOf(tx, attempt.quizId));
}

/** The student's submitted attempts, newest first (of one quiz, or all). */
export async function listMyAttempts(tx: Tx, actor: Actor, quizId?: string): Promise<AttemptSummary[]> {
  student(actor);
  const rows = await tx.select({ attempt: quizAttempts, title: quizzes.title }).from(quizAttempts)
    .leftJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.studentId, actor.id), isNotNull(quizAttempts.submittedAt), quizId ? eq(quizAttempts.quizId, quizId) : undefined))
    .orderBy(desc(quizAttempts.submittedAt)).limit(50);
  return rows.map((r) => presentAttemptSummary(r.attempt, r.title ?? ''));
}
