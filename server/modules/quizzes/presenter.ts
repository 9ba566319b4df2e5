import type { quizAttempts, quizQuestions, quizzes } from '../../db/schema/index.js';
import type { AttemptResult, AttemptSummary, QuizQuestion, QuizSummary, TakeQuestion } from '../../../shared/contracts/quizzes.js';

type QuizRow = typeof quizzes.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;
export type QuizWithNames = QuizRow & { categoryName: string | null; questionCount: number };

export function presentQuiz(r: QuizWithNames): QuizSummary {
  return {
    _id: r.id, title: r.title, description: r.description, category: r.categoryName === null ? null : { _id: r.categoryId, name: r.categoryName },
    timeLimit: r.timeLimit, status: r.status, questionCount: r.questionCount, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}

/** The superadmin's view of a question: with the correct answers and the explanation. */
export function presentQuestion(r: QuestionRow): QuizQuestion {
  return {
    _id: r.id, position: r.position, kind: r.kind, prompt: r.prompt, answers: r.answers, correct: r.correct,
    explanation: r.explanation, notation: r.notation ?? null, sound: r.sound ?? null,
  };
}

/**
 * A question as a student takes it. Built field by field rather than by deleting from the full
 * view, so a field added to questions later stays hidden until it is named here.
 */
export function presentTakeQuestion(r: QuestionRow): TakeQuestion {
  return { _id: r.id, position: r.position, kind: r.kind, prompt: r.prompt, answers: r.answers, notation: r.notation ?? null, sound: r.sound ?? null };
}

export function presentAttemptSummary(r: AttemptRow, quizTitle: string): AttemptSummary {
  return {
    _id: r.id, quizId: r.quizId, quizTitle, startedAt: r.startedAt.toISOString(), submittedAt: r.submittedAt?.toISOString() ?? null,
    score: r.score, total: r.total, percent: r.percent, timedOut: r.timedOut,
  };
}

/** A submitted attempt with every answer marked and explained. */
export function presentAttemptResult(r: AttemptRow, quizTitle: string): AttemptResult {
  return {
    _id: r.id, quizId: r.quizId, quizTitle, startedAt: r.startedAt.toISOString(), submittedAt: r.submittedAt!.toISOString(), timedOut: r.timedOut,
    score: r.score ?? 0, total: r.total, percent: r.percent ?? 0, answers: r.results ?? [],
  };
}
