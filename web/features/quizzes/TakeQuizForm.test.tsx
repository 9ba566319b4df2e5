import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TakeQuiz } from '../../../shared/contracts/quizzes';
import { renderWithApp } from '../../test/render';
import { TakeQuizForm } from './TakeQuizForm';
import { patient } from '../../../tests/patience';

// The dialog opens and closes with Mantine's transitions, slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: patient(60_000) });

const question = (n: number) => ({
  _id: `q${n}`, position: n, kind: 'single' as const, prompt: `Question ${n}?`, answers: ['Yes', 'No'], notation: null, sound: null,
});
const QUIZ: TakeQuiz = {
  _id: 'quiz', title: 'Six questions', description: '', category: null, timeLimit: null, status: 'published', questionCount: 6,
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', questions: [1, 2, 3, 4, 5, 6].map(question),
};

/** Question n's "Yes" (each question's answers are Yes and No, in order). */
const answer = (n: number) => fireEvent.click(screen.getAllByRole('radio', { name: 'Yes' })[n - 1]!);

describe('TakeQuizForm', () => {
  it('asks before submitting with unanswered questions, and sends only once the student says so', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<TakeQuizForm quiz={QUIZ} onSubmit={onSubmit} />);
    for (const n of [1, 2, 3, 4]) answer(n);
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit with unanswered questions?' });
    expect(within(dialog).getByText('2 of 6 questions are unanswered. Submit anyway?')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
    expect(onSubmit).not.toHaveBeenCalled();
    answer(5);
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Submit with unanswered questions?' })).getByRole('button', { name: 'Submit anyway' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toHaveLength(6);
    expect(onSubmit.mock.calls[0]![0][5]).toEqual({ questionId: 'q6', chosen: [] });
  });

  it('submits at once when every question is answered', () => {
    const onSubmit = vi.fn();
    renderWithApp(<TakeQuizForm quiz={QUIZ} onSubmit={onSubmit} />);
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n);
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
