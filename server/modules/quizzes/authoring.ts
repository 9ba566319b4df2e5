import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { quizCategories, quizQuestions, quizzes } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, totalOf, totalRows } from '../../lib/paging.js';
import { mayWriteQuizzes } from '../../policies/quizzes.js';
import {
  QUESTIONS_MAX, QUIZ_MESSAGES as M, type QuizCategory, type QuizDetail, type addQuestionBody, type questionFields, type quizFields,
  type quizListBody, type updateQuestionBody,
} from '../../../shared/contracts/quizzes.js';
import { presentQuestion, presentQuiz, type QuizWithNames } from './presenter.js';

/**
 * The superadmin's side (issue 17): quiz categories, quizzes and their questions, all rows of the
 * provider (admin_id the superadmin's own id).
 */
function provider(actor: Actor): string {
  if (!mayWriteQuizzes(actor)) throw forbidden();
  return actor.id;
}

const questionCount = sql<number>`(select count(*) from quiz_questions qq where qq.quiz_id = quizzes.id)`.mapWith(Number);
const quizCount = sql<number>`(select count(*) from quizzes q where q.category_id = quiz_categories.id)`.mapWith(Number);
const publishedCount = sql<number>`(select count(*) from quizzes q where q.category_id = quiz_categories.id and q.status = 'published')`.mapWith(Number);

/** Every category by name: with all its quizzes for the superadmin, the published ones for a student. */
export async function listCategories(tx: Tx, actor: Actor): Promise<QuizCategory[]> {
  const rows = await tx.select({ id: quizCategories.id, name: quizCategories.name, quizCount, publishedCount }).from(quizCategories).orderBy(asc(quizCategories.name));
  const writer = mayWriteQuizzes(actor);
  return rows
    .filter((r) => writer || r.publishedCount > 0)
    .map((r) => ({ _id: r.id, name: r.name, quizCount: writer ? r.quizCount : r.publishedCount, publishedCount: r.publishedCount }));
}

async function assertNameFree(tx: Tx, owner: string, name: string, except?: string) {
  const [same] = await tx.select({ id: quizCategories.id }).from(quizCategories)
    .where(and(eq(quizCategories.adminId, owner), sql`lower(${quizCategories.name}) = lower(${name})`));
  if (same && same.id !== except) throw fieldError('name', M.nameTaken);
}

async function ownCategory(tx: Tx, owner: string, id: string) {
  const [row] = await tx.select().from(quizCategories).where(and(eq(quizCategories.adminId, owner), eq(quizCategories.id, id))).for('update');
  if (!row) throw notFound(M.categoryNotFound);
  return row;
}

export async function addCategory(tx: Tx, actor: Actor, name: string): Promise<QuizCategory> {
  const owner = provider(actor);
  await assertNameFree(tx, owner, name);
  const [row] = await tx.insert(quizCategories).values({ adminId: owner, provider: true, name }).returning();
  return { _id: row!.id, name: row!.name, quizCount: 0, publishedCount: 0 };
}

export async function updateCategory(tx: Tx, actor: Actor, id: string, name: string): Promise<QuizCategory> {
  const owner = provider(actor);
  const row = await ownCategory(tx, owner, id);
  await assertNameFree(tx, owner, name, row.id);
  await tx.update(quizCategories).set({ name }).where(eq(quizCategories.id, row.id));
  const [after] = await tx.select({ quizCount, publishedCount }).from(quizCategories).where(eq(quizCategories.id, row.id));
  return { _id: row.id, name, ...after! };
}

/** Only an empty category goes: a quiz always has its category. */
export async function removeCategory(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await ownCategory(tx, provider(actor), id);
  const [used] = await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.categoryId, row.id)).limit(1);
  if (used) throw conflict(M.categoryInUse);
  await tx.delete(quizCategories).where(eq(quizCategories.id, row.id));
}

const SORT = { createdAt: quizzes.createdAt, title: quizzes.title } as const;
type ListQuery = Pick<z.output<typeof quizListBody>, 'page' | 'limit' | 'sortBy' | 'orderBy'>;

/** A page of quizzes with their category names and question counts, in one statement. */
export async function selectQuizPage(tx: Tx, where: SQL, q: ListQuery): Promise<{ rows: QuizWithNames[]; total: number }> {
  const column = SORT[q.sortBy];
  const rows = await tx.select({ quiz: quizzes, categoryName: quizCategories.name, questionCount, total: totalRows })
    .from(quizzes).leftJoin(quizCategories, eq(quizCategories.id, quizzes.categoryId))
    .where(where)
    .orderBy(q.orderBy === 1 ? asc(column) : desc(column), desc(quizzes.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(quizzes).where(where))[0]!.n);
  return { rows: rows.map((r) => ({ ...r.quiz, categoryName: r.categoryName, questionCount: r.questionCount })), total };
}

/** /quizzes: the provider's quizzes, twenty a page, by category, status and title. */
export function listQuizzes(tx: Tx, actor: Actor, q: z.output<typeof quizListBody>) {
  const parts: SQL[] = [eq(quizzes.adminId, provider(actor))];
  if (q.categoryId) parts.push(eq(quizzes.categoryId, q.categoryId));
  if (q.status) parts.push(eq(quizzes.status, q.status));
  if (q.search) parts.push(ilike(quizzes.title, likePattern(q.search)));
  return selectQuizPage(tx, and(...parts)!, q);
}

async function ownQuiz(tx: Tx, owner: string, id: string, lock = false) {
  const query = tx.select().from(quizzes).where(and(eq(quizzes.adminId, owner), eq(quizzes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.quizNotFound);
  return row;
}

async function assertCategory(tx: Tx, owner: string, categoryId: string) {
  const [row] = await tx.select({ id: quizCategories.id }).from(quizCategories).where(and(eq(quizCategories.adminId, owner), eq(quizCategories.id, categoryId)));
  if (!row) throw fieldError('categoryId', M.categoryRequired);
}

/** One quiz with every question, correct answers and explanations: the superadmin's editor. */
export async function viewQuiz(tx: Tx, actor: Actor, id: string): Promise<QuizDetail> {
  const owner = provider(actor);
  await ownQuiz(tx, owner, id);
  const page = await selectQuizPage(tx, eq(quizzes.id, id), { page: 1, limit: 1, sortBy: 'createdAt', orderBy: -1 });
  const questions = await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, id)).orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
  return { ...presentQuiz(page.rows[0]!), questions: questions.map(presentQuestion) };
}

export async function addQuiz(tx: Tx, actor: Actor, body: z.output<typeof quizFields>): Promise<QuizDetail> {
  const owner = provider(actor);
  await assertCategory(tx, owner, body.categoryId);
  const [row] = await tx.insert(quizzes).values({
    adminId: owner, provider: true, categoryId: body.categoryId, title: body.title, description: body.description, timeLimit: body.timeLimit, createdBy: actor.accountableId,
  }).returning();
  return viewQuiz(tx, actor, row!.id);
}

export async function updateQuiz(tx: Tx, actor: Actor, body: z.output<typeof quizFields> & { quizId: string }): Promise<QuizDetail> {
  const owner = provider(actor);
  const row = await ownQuiz(tx, owner, body.quizId, true);
  await assertCategory(tx, owner, body.categoryId);
  await tx.update(quizzes).set({ categoryId: body.categoryId, title: body.title, description: body.description, timeLimit: body.timeLimit, updatedAt: new Date() })
    .where(eq(quizzes.id, row.id));
  return viewQuiz(tx, actor, row.id);
}

/** A quiz goes with its questions and its students' attempts (decision 048). */
export async function removeQuiz(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await ownQuiz(tx, provider(actor), id, true);
  await tx.delete(quizzes).where(eq(quizzes.id, row.id));
}

/** Publishing needs a question; moving back to draft hides it from students at once. */
export async function publishQuiz(tx: Tx, actor: Actor, id: string, published: boolean): Promise<QuizDetail> {
  const row = await ownQuiz(tx, provider(actor), id, true);
  if (published) {
    const [one] = await tx.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.quizId, row.id)).limit(1);
    if (!one) throw badRequest(M.noQuestions);
  }
  await tx.update(quizzes).set({ status: published ? 'published' : 'draft', updatedAt: new Date() }).where(eq(quizzes.id, row.id));
  return viewQuiz(tx, actor, row.id);
}

type QuestionValues = z.output<typeof questionFields>;
const questionColumns = (q: QuestionValues) => ({
  kind: q.kind, prompt: q.prompt, answers: q.answers, correct: [...new Set(q.correct)].sort((a, b) => a - b), explanation: q.explanation,
  notation: q.kind === 'staff' ? q.notation : null, sound: q.kind === 'listening' ? q.sound : null,
});

export async function addQuestion(tx: Tx, actor: Actor, body: z.output<typeof addQuestionBody>): Promise<QuizDetail> {
  const owner = provider(actor);
  const quiz = await ownQuiz(tx, owner, body.quizId, true);
  const [last] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number), max: sql<number>`coalesce(max(${quizQuestions.position}), 0)`.mapWith(Number) })
    .from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
  if (last!.n >= QUESTIONS_MAX) throw badRequest(M.questionsMax);
  await tx.insert(quizQuestions).values({ adminId: owner, quizId: quiz.id, position: last!.max + 1, ...questionColumns(body) });
  await tx.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, quiz.id));
  return viewQuiz(tx, actor, quiz.id);
}

async function ownQuestion(tx: Tx, owner: string, id: string) {
  const [row] = await tx.select().from(quizQuestions).where(and(eq(quizQuestions.adminId, owner), eq(quizQuestions.id, id))).for('update');
  if (!row) throw notFound(M.questionNotFound);
  return row;
}

export async function updateQuestion(tx: Tx, actor: Actor, body: z.output<typeof updateQuestionBody>): Promise<QuizDetail> {
  const row = await ownQuestion(tx, provider(actor), body.questionId);
  await tx.update(quizQuestions).set(questionColumns(body)).where(eq(quizQuestions.id, row.id));
  await tx.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, row.quizId));
  return viewQuiz(tx, actor, row.quizId);
}

/** The last question of a published quiz cannot go: a published quiz always has one. */
export async function removeQuestion(tx: Tx, actor: Actor, id: string): Promise<QuizDetail> {
  const owner = provider(actor);
  const row = await ownQuestion(tx, owner, id);
  const quiz = await ownQuiz(tx, owner, row.quizId, true);
  const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
  if (quiz.status === 'published' && count!.n <= 1) throw badRequest(M.noQuestions);
  await tx.delete(quizQuestions).where(eq(quizQuestions.id, row.id));
  return viewQuiz(tx, actor, quiz.id);
}
