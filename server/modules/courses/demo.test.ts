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

describe("the demo's courses", () => {
  it('gives Riverside three courses (one of Sofia’s waiting) and the provider’s Music Theory Basics, with Lily’s progress', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    const list = (await t.call('POST', '/api/course/list', { token: admin, body: {} })).body.data;
    expect(list.results.map((c: { title: string; status: string; provider: boolean }) => [c.title, c.status, c.provider])).toEqual([
      ['Sight-Reading for Piano', 'waiting', false],
      ['Voice Warm-ups', 'approved', false],
      ['Piano Foundations', 'approved', false],
      ['Music Theory Basics', 'approved', true],
    ]);
    const approval = (await t.call('POST', '/api/course/approvalList', { token: admin, body: {} })).body.data;
    expect(approval).toMatchObject({ approvedCount: 2, notApprovedCount: 1, totalCount: 1 });
    expect(approval.results[0].author.first_name).toBe('Sofia');

    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const hers = (await t.call('POST', '/api/course/list', { token: lily, body: {} })).body.data.results;
    expect(hers.map((c: { title: string }) => c.title)).toEqual(['Voice Warm-ups', 'Piano Foundations', 'Music Theory Basics']);
    const foundations = (await t.call('GET', `/api/course/view/${hers[1]._id}`, { token: lily })).body.data;
    expect(foundations.lessons.map((l: { done: boolean }) => l.done)).toEqual([true, true, false]);
    // Riverside's courses have covers (the provider's shows the placeholder); a lesson has the scales sheet attached.
    expect(hers.map((c: { cover: { kind: string } | null }) => c.cover?.kind ?? null)).toEqual(['image', 'image', null]);
    expect(foundations.lessons[2].attachments).toMatchObject([{ name: 'Scales practice sheet.pdf', kind: 'pdf' }]);

    const sofia = await signIn(t, 'teacher', DEMO_PASSWORD);
    const progress = (await t.call('POST', '/api/course/progress', { token: sofia, body: { courseId: hers[1]._id } })).body.data;
    expect(progress.assignments[0].classGroup.name).toBe('Beginner Piano Group');
    expect(progress.students).toHaveLength(4);
  });
});
