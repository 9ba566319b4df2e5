import type { AnswerResult, QuizQuestion } from '../../../shared/contracts/quizzes.js';

/**
 * Marks a submission (decision 048). A question counts one point, all or nothing: the chosen
 * answers must be exactly the correct ones. Partial credit on multiple choice would reward
 * ticking every box, and a score a student can read as "right or wrong" per question is simpler
 * to trust. Unanswered questions are wrong; answers naming no answer of the question are dropped.
 */
export function markAnswers(questions: QuizQuestion[], chosenByQuestion: Map<string, number[]>): { results: AnswerResult[]; score: number; total: number; percent: number } {
  const results = questions.map((q): AnswerResult => {
    const chosen = [...new Set(chosenByQuestion.get(q._id) ?? [])].filter((i) => i < q.answers.length).sort((x, y) => x - y);
    const correct = [...q.correct].sort((x, y) => x - y);
    const isCorrect = chosen.length === correct.length && chosen.every((c, i) => c === correct[i]);
    return { ...q, chosen, isCorrect };
  });
  const score = results.filter((r) => r.isCorrect).length;
  const total = questions.length;
  return { results, score, total, percent: percentOf(score, total) };
}

export const percentOf = (score: number, total: number) => (total === 0 ? 0 : Math.round((score * 100) / total));
