import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's quizzes", () => {
  it('gives Lily two published quizzes in Notes and Keys and Rhythm, with her attempts; the draft stays the provider’s', async () => {
    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const categories = (await t.call('POST', '/api/quiz/category/list', { token: lily })).body.data.results;
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['Notes and Keys', 'Rhythm']);
    const quizzes = (await t.call('POST', '/api/quiz/getPublishedQuizzes', { token: lily, body: { sortBy: 'title', orderBy: 1 } })).body.data.results;
    expect(quizzes.map((q: { title: string; attempts: number; bestPercent: number; lastPercent: number }) => [q.title, q.attempts, q.bestPercent, q.lastPercent])).toEqual([
      ['Rhythm Basics', 1, 75, 75],
      ['Treble Clef Notes and Key Signatures', 2, 100, 100],
    ]);
    const superadmin = await signIn(t, 'superadmin', DEMO_PASSWORD);
    const all = (await t.call('POST', '/api/quiz/getQuizList', { token: superadmin, body: {} })).body.data;
    expect(all.totalCount).toBe(3);
    const notes = all.results.find((q: { title: string }) => q.title.startsWith('Treble'));
    const detail = (await t.call('POST', '/api/quiz/getQuiz', { token: superadmin, body: { quizId: notes._id } })).body.data;
    expect(detail.questions.map((q: { kind: string }) => q.kind)).toEqual(['staff', 'staff', 'staff', 'listening', 'multiple', 'trueFalse']);
  });
});
