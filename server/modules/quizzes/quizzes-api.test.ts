import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quizAttempts } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { QUIZ_MESSAGES as M } from '../../../shared/contracts/quizzes.js';

/**
 * Quizzes (issue 17): the superadmin writes categories, quizzes and questions of every kind; a
 * student of any school takes a published quiz, the server marks it, and neither the correct
 * answers nor the explanations leave before the attempt is submitted.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
type Who = 'superadmin' | 'admin' | 'teacher' | 'student' | 'parent' | 'studentB';
let tok: Record<Who, string>;

const NIL = '00000000-0000-4000-8000-000000000000';
const call = (method: 'POST' | 'DELETE', url: string, token: string | undefined, body: unknown = {}, status = 200) => expectCall(t, method, url, { token, body, status });

const staffQuestion = {
  kind: 'staff', prompt: 'Name this note.', answers: ['E', 'G', 'B'], correct: [1], explanation: 'The second line of the treble staff is G.',
  notation: { clef: 'treble', keySignature: 'C', notes: [['G4']], duration: 'w' },
};
const listeningQuestion = {
  kind: 'listening', prompt: 'Major or minor?', answers: ['Major', 'Minor'], correct: [1], explanation: 'A, C, E is A minor.',
  sound: { steps: [{ notes: ['A3', 'C4', 'E4'], duration: 'h' }], tempo: 80 },
};
const multipleQuestion = { kind: 'multiple', prompt: 'Which are sharp keys?', answers: ['G', 'F', 'D'], correct: [0, 2], explanation: 'G and D have sharps.' };
const trueFalseQuestion = { kind: 'trueFalse', prompt: 'A whole note lasts four beats in 4/4.', answers: ['True', 'False'], correct: [0], explanation: 'Four quarter notes.' };

let categoryId: string;
async function writeQuiz(over: Record<string, unknown> = {}, questions: object[] = [staffQuestion, listeningQuestion, multipleQuestion, trueFalseQuestion]) {
  const quiz = (await call('POST', '/api/quiz/addQuiz', tok.superadmin, { title: 'Notes', description: '', categoryId, timeLimit: null, ...over })).data as { _id: string };
  let detail: { questions: { _id: string }[] } = { questions: [] };
  for (const q of questions) detail = (await call('POST', '/api/quiz/question/add', tok.superadmin, { ...q, quizId: quiz._id })).data;
  return { id: quiz._id, questions: detail.questions.map((q) => q._id) };
}

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await createSchool(t.db), await createSchool(t.db)];
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    superadmin: await sessionToken(t, superadmin.id), admin: await sessionToken(t, a.admin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), studentB: await sessionToken(t, b.student.id),
  };
  categoryId = (await call('POST', '/api/quiz/category/add', tok.superadmin, { name: 'Notes and Keys' })).data._id;
});
afterAll(() => t.close());

describe('the superadmin writes quizzes', () => {
  it('adds, renames and lists categories; a taken name or an empty one is a 400', async () => {
    const other = await call('POST', '/api/quiz/category/add', tok.superadmin, { name: 'Rhythm' });
    expect(other).toMatchObject({ message: M.categoryAdded, data: { name: 'Rhythm', quizCount: 0 } });
    expect((await call('POST', '/api/quiz/category/add', tok.superadmin, { name: 'rhythm' }, 400)).errors).toEqual({ name: M.nameTaken });
    expect((await call('POST', '/api/quiz/category/add', tok.superadmin, { name: ' ' }, 400)).errors).toEqual({ name: M.nameRequired });
    const renamed = await call('POST', '/api/quiz/category/update', tok.superadmin, { categoryId: other.data._id, name: 'Rhythm and Metre' });
    expect(renamed.data.name).toBe('Rhythm and Metre');
    const list = (await call('POST', '/api/quiz/category/list', tok.superadmin)).data.results as { name: string }[];
    expect(list.map((c) => c.name)).toEqual(['Notes and Keys', 'Rhythm and Metre']);
    await call('DELETE', '/api/quiz/category/remove', tok.superadmin, { categoryId: other.data._id });
    await call('DELETE', '/api/quiz/category/remove', tok.superadmin, { categoryId: other.data._id }, 404);
  });

  it('writes a quiz with every kind of question, in draft, and lists it twenty a page', async () => {
    const quiz = await writeQuiz({ title: 'Every kind', timeLimit: '15' });
    const detail = (await call('POST', '/api/quiz/getQuiz', tok.superadmin, { quizId: quiz.id })).data;
    expect(detail).toMatchObject({ title: 'Every kind', status: 'draft', timeLimit: 15, questionCount: 4, category: { _id: categoryId, name: 'Notes and Keys' } });
    expect(detail.questions.map((q: { kind: string }) => q.kind)).toEqual(['staff', 'listening', 'multiple', 'trueFalse']);
    expect(detail.questions[0]).toMatchObject({ correct: [1], explanation: staffQuestion.explanation, notation: staffQuestion.notation, sound: null });
    expect(detail.questions[1]).toMatchObject({ sound: listeningQuestion.sound, notation: null });
    const list = (await call('POST', '/api/quiz/getQuizList', tok.superadmin, { status: 'draft', search: 'every' })).data;
    expect(list).toMatchObject({ page: 1, limit: 20, totalCount: 1, results: [{ _id: quiz.id, questionCount: 4 }] });
    // A category with quizzes stays.
    await call('DELETE', '/api/quiz/category/remove', tok.superadmin, { categoryId }, 409);
  });

  it('refuses questions that break their kind’s rules, field by field', async () => {
    const quiz = await writeQuiz({ title: 'Rules' }, []);
    const bad = async (q: object) => (await call('POST', '/api/quiz/question/add', tok.superadmin, { ...q, quizId: quiz.id }, 400)).errors;
    expect(await bad({ ...staffQuestion, correct: [0, 1] })).toEqual({ correct: M.oneCorrect });
    expect(await bad({ ...multipleQuestion, correct: [] })).toEqual({ correct: M.someCorrect });
    expect(await bad({ ...staffQuestion, notation: null })).toEqual({ notation: M.notationRequired });
    expect(await bad({ ...listeningQuestion, sound: { steps: [{ notes: ['H9'] }] } })).toMatchObject({ 'sound.steps.0.notes.0': M.noteInvalid });
    expect(await bad({ ...trueFalseQuestion, answers: ['Yes', 'No'] })).toEqual({ answers: M.trueFalseAnswers });
    expect(await bad({ ...multipleQuestion, answers: ['only'] })).toMatchObject({ answers: M.answersCount });
    expect((await call('POST', '/api/quiz/getQuiz', tok.superadmin, { quizId: quiz.id })).data.questions).toEqual([]);
    // An empty quiz cannot be published.
    expect((await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: quiz.id, published: true }, 400)).message).toBe(M.noQuestions);
    expect((await call('POST', '/api/quiz/addQuiz', tok.superadmin, { title: '', categoryId: NIL, timeLimit: 0 }, 400)).errors)
      .toEqual({ title: M.titleRequired, timeLimit: M.timeLimit });
    expect((await call('POST', '/api/quiz/addQuiz', tok.superadmin, { title: 'X', categoryId: NIL }, 400)).errors).toEqual({ categoryId: M.categoryRequired });
  });

  it('updates and removes questions and quizzes; previews a draft without its answers', async () => {
    const quiz = await writeQuiz({ title: 'Edit me' }, [staffQuestion, trueFalseQuestion]);
    const updated = await call('POST', '/api/quiz/question/update', tok.superadmin, { ...staffQuestion, questionId: quiz.questions[0], prompt: 'Which note?' });
    expect(updated.data.questions[0].prompt).toBe('Which note?');
    const preview = (await call('POST', '/api/quiz/previewQuiz', tok.superadmin, { quizId: quiz.id })).data;
    expect(preview.status).toBe('draft');
    for (const q of preview.questions) expect(Object.keys(q).sort()).toEqual(['_id', 'answers', 'kind', 'notation', 'position', 'prompt', 'sound']);
    await call('DELETE', '/api/quiz/question/remove', tok.superadmin, { questionId: quiz.questions[1] });
    await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: quiz.id, published: true });
    // The last question of a published quiz stays.
    await call('DELETE', '/api/quiz/question/remove', tok.superadmin, { questionId: quiz.questions[0] }, 400);
    const edited = await call('POST', '/api/quiz/updateQuiz', tok.superadmin, { quizId: quiz.id, title: 'Edited', categoryId, timeLimit: null });
    expect(edited.data).toMatchObject({ title: 'Edited', status: 'published', timeLimit: null });
    await call('DELETE', '/api/quiz/removeQuiz', tok.superadmin, { quizId: quiz.id });
    await call('POST', '/api/quiz/getQuiz', tok.superadmin, { quizId: quiz.id }, 404);
  });

  it('is the superadmin’s alone: 401 without a session, 403 for every other role', async () => {
    const quiz = await writeQuiz({ title: 'Guarded' }, [trueFalseQuestion]);
    const writes: [string, object, 'POST' | 'DELETE'][] = [
      ['/api/quiz/category/add', { name: 'Sneaky' }, 'POST'],
      ['/api/quiz/getQuizList', {}, 'POST'],
      ['/api/quiz/getQuiz', { quizId: quiz.id }, 'POST'],
      ['/api/quiz/addQuiz', { title: 'Sneaky', categoryId }, 'POST'],
      ['/api/quiz/publishQuiz', { quizId: quiz.id, published: true }, 'POST'],
      ['/api/quiz/previewQuiz', { quizId: quiz.id }, 'POST'],
      ['/api/quiz/question/add', { ...trueFalseQuestion, quizId: quiz.id }, 'POST'],
      ['/api/quiz/removeQuiz', { quizId: quiz.id }, 'DELETE'],
    ];
    for (const [url, body, method] of writes) {
      await call(method, url, undefined, body, 401);
      for (const who of ['admin', 'teacher', 'student', 'parent'] as const) await call(method, url, tok[who], body, 403);
    }
    expect((await call('POST', '/api/quiz/getQuiz', tok.superadmin, { quizId: quiz.id })).data.status).toBe('draft');
  });
});

describe('students take published quizzes', () => {
  let quiz: { id: string; questions: string[] };
  let draft: { id: string; questions: string[] };
  beforeAll(async () => {
    const category = (await call('POST', '/api/quiz/category/add', tok.superadmin, { name: 'Take' })).data._id;
    quiz = await writeQuiz({ title: 'Published one', categoryId: category });
    await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: quiz.id, published: true });
    draft = await writeQuiz({ title: 'Still a draft', categoryId: category }, [trueFalseQuestion]);
  });

  it('lists only published quizzes and their categories, to the students of every school', async () => {
    for (const who of ['student', 'studentB'] as const) {
      const list = (await call('POST', '/api/quiz/getPublishedQuizzes', tok[who], {})).data;
      const titles = list.results.map((r: { title: string }) => r.title);
      expect(titles, who).toContain('Published one');
      expect(titles, who).not.toContain('Still a draft');
      const categories = (await call('POST', '/api/quiz/category/list', tok[who])).data.results;
      expect(categories.find((c: { name: string }) => c.name === 'Take')).toMatchObject({ quizCount: 1 });
    }
    for (const who of ['admin', 'teacher', 'parent'] as const) await call('POST', '/api/quiz/getPublishedQuizzes', tok[who], {}, 403);
    await call('POST', '/api/quiz/getPublishedQuizzes', undefined, {}, 401);
    expect((await call('POST', '/api/quiz/getPublishedQuizzes', tok.student, { limit: 0 }, 400)).errors).toHaveProperty('limit');
  });

  it('never reads a draft, and strips the correct answers and explanations before submitting', async () => {
    await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: draft.id }, 404);
    await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: NIL }, 404);
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: quiz.id })).data;
    expect(started).toMatchObject({ deadlineAt: null, quiz: { title: 'Published one' } });
    expect(started.quiz.questions).toHaveLength(4);
    const text = JSON.stringify(started);
    expect(text).not.toContain('"correct"');
    expect(text).not.toContain('"explanation"');
    expect(text).not.toContain(staffQuestion.explanation);
    for (const q of started.quiz.questions) expect(Object.keys(q).sort()).toEqual(['_id', 'answers', 'kind', 'notation', 'position', 'prompt', 'sound']);
    expect(started.quiz.questions[0].notation).toEqual(staffQuestion.notation);
    // No result before submitting.
    expect((await call('POST', '/api/quiz/getAttempt', tok.student, { attemptId: started.attemptId }, 409)).message).toBe(M.notSubmitted);
  });

  it('marks on the server, all or nothing per question, and shows each answer with its explanation', async () => {
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: quiz.id })).data;
    const [staff, listening, multiple] = quiz.questions;
    const answers = [
      { questionId: staff, chosen: [1] }, // right
      { questionId: listening, chosen: [0] }, // wrong
      { questionId: multiple, chosen: [0] }, // half of the correct ones: wrong
    ];
    const res = await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers, score: 4 });
    expect(res).toMatchObject({ message: M.submitted, data: { score: 1, total: 4, percent: 25, timedOut: false } });
    expect(res.data.answers.map((r: { isCorrect: boolean }) => r.isCorrect)).toEqual([true, false, false, false]);
    expect(res.data.answers[0]).toMatchObject({ chosen: [1], correct: [1], explanation: staffQuestion.explanation });
    // Once only.
    await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers: [] }, 409);
    expect((await call('POST', '/api/quiz/getAttempt', tok.student, { attemptId: started.attemptId })).data).toMatchObject({ score: 1, percent: 25 });

    // A retake, all right.
    const again = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: quiz.id })).data;
    const all = quiz.questions.map((questionId, i) => ({ questionId, chosen: [[1], [1], [2, 0], [0]][i]! }));
    expect((await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: again.attemptId, answers: all })).data.percent).toBe(100);
    const listed = (await call('POST', '/api/quiz/getPublishedQuizzes', tok.student, {})).data.results.find((r: { _id: string }) => r._id === quiz.id);
    expect(listed).toMatchObject({ attempts: 2, bestPercent: 100, lastPercent: 100 });
    const mine = (await call('POST', '/api/quiz/myAttempts', tok.student, { quizId: quiz.id })).data.results;
    expect(mine.map((r: { percent: number }) => r.percent)).toEqual([100, 25]);
  });

  it('refuses answers that are not the quiz’s, changing nothing', async () => {
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: quiz.id })).data;
    const res = await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers: [{ questionId: draft.questions[0], chosen: [0] }] }, 400);
    expect(res.errors).toEqual({ answers: M.answerUnknown });
    await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers: [{ questionId: quiz.questions[0], chosen: [7] }] }, 400);
    await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: 'nope', answers: [] }, 400);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(quizAttempts).where(eq(quizAttempts.id, started.attemptId)));
    expect(row!.submittedAt).toBeNull();
  });

  it('keeps an attempt its student’s: another school’s or another student’s is a 404', async () => {
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: quiz.id })).data;
    await call('POST', '/api/quiz/submitAttempt', tok.studentB, { attemptId: started.attemptId, answers: [] }, 404);
    await call('POST', '/api/quiz/getAttempt', tok.studentB, { attemptId: started.attemptId }, 404);
    const sibling = await createUser(t.db, 'student', a.admin.id);
    await call('POST', '/api/quiz/getAttempt', await sessionToken(t, sibling.id), { attemptId: started.attemptId }, 404);
    for (const who of ['superadmin', 'admin', 'teacher', 'parent'] as const) await call('POST', '/api/quiz/getAttempt', tok[who], { attemptId: started.attemptId }, 403);
    await call('POST', '/api/quiz/myAttempts', undefined, {}, 401);
    expect((await call('POST', '/api/quiz/myAttempts', tok.studentB, {})).data.results).toEqual([]);
  });

  it('enforces the time limit from the attempt’s start: late answers are not counted', async () => {
    const timed = await writeQuiz({ title: 'Timed', timeLimit: 5 }, [trueFalseQuestion]);
    await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: timed.id, published: true });
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: timed.id })).data;
    expect(new Date(started.deadlineAt).getTime() - new Date(started.startedAt).getTime()).toBe(5 * 60_000);
    // The student's clock is not asked: the deadline is the row's, moved into the past as time would.
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 60_000) }).where(eq(quizAttempts.id, started.attemptId)));
    const res = await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers: [{ questionId: timed.questions[0], chosen: [0] }] });
    expect(res).toMatchObject({ message: M.timedOut, data: { timedOut: true, score: 0, total: 1 } });
    expect(res.data.answers[0]).toMatchObject({ chosen: [], isCorrect: false, explanation: trueFalseQuestion.explanation });
  });

  it('hides a quiz moved back to draft at once', async () => {
    const shortLived = await writeQuiz({ title: 'Short lived' }, [trueFalseQuestion]);
    await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: shortLived.id, published: true });
    const started = (await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: shortLived.id })).data;
    await call('POST', '/api/quiz/publishQuiz', tok.superadmin, { quizId: shortLived.id, published: false });
    await call('POST', '/api/quiz/submitAttempt', tok.student, { attemptId: started.attemptId, answers: [] }, 404);
    await call('POST', '/api/quiz/startAttempt', tok.student, { quizId: shortLived.id }, 404);
  });
});
