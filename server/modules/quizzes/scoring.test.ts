import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '../../../shared/contracts/quizzes.js';
import { markAnswers, percentOf } from './scoring.js';

const question = (id: string, correct: number[], kind: QuizQuestion['kind'] = 'single'): QuizQuestion => ({
  _id: id, position: 0, kind, prompt: id, answers: ['a', 'b', 'c', 'd'], correct, explanation: '', notation: null, sound: null,
});

describe('markAnswers', () => {
  const quiz = [question('one', [1]), question('many', [0, 2], 'multiple'), question('tf', [0], 'trueFalse')];

  it('counts a question right only when the chosen answers are exactly the correct ones', () => {
    const all = markAnswers(quiz, new Map([['one', [1]], ['many', [2, 0]], ['tf', [0]]]));
    expect(all).toMatchObject({ score: 3, total: 3, percent: 100 });
    expect(all.results.map((r) => r.isCorrect)).toEqual([true, true, true]);
  });

  it('gives multiple choice no partial credit: one missing or one extra is wrong', () => {
    expect(markAnswers(quiz, new Map([['many', [0]]])).results[1]!.isCorrect).toBe(false);
    expect(markAnswers(quiz, new Map([['many', [0, 1, 2]]])).results[1]!.isCorrect).toBe(false);
    expect(markAnswers(quiz, new Map([['many', [0, 1, 2, 3]]])).results[1]!.isCorrect).toBe(false);
  });

  it('marks unanswered questions wrong and ignores repeated or unknown answer numbers', () => {
    const marked = markAnswers(quiz, new Map([['one', [1, 1, 7]]]));
    expect(marked.results[0]).toMatchObject({ chosen: [1], isCorrect: true });
    expect(marked.results[2]).toMatchObject({ chosen: [], isCorrect: false });
    expect(marked).toMatchObject({ score: 1, total: 3, percent: 33 });
  });

  it('rounds the percentage and answers 0 for an empty quiz', () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
