import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's practice", () => {
  it('gives Lily assignments with some ticked, four weeks of practice with a current streak, and favourite songs', async () => {
    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const me = (await t.call('GET', '/api/auth/me', { token: lily })).body.data.user._id as string;
    const list = (await t.call('POST', '/api/practice/getPractice', { token: lily, body: {} })).body.data;
    expect(list.totalCount).toBe(3);
    const counts = (await t.call('POST', '/api/practice/completeInCompletePracticeCount', { token: lily, body: { studentId: me } })).body.data;
    expect(counts).toEqual({ completePracticeCount: 1, inCompletePracticeCount: 2, countSong: 6, completedSongs: 3 });
    const report = (await t.call('POST', '/api/practice/studentPracticeReport', { token: lily, body: { studentId: me } })).body.data;
    expect(report.currentStreak).toBe(11);
    expect(report.days.filter((d: { minutes: number }) => d.minutes > 0).length).toBe(21);
    const songs = (await t.call('POST', '/api/favourite/getFavouriteSongs', { token: lily, body: {} })).body.data;
    expect(songs.totalCount).toBe(4);
  });

  it('gives Owen practice from James, which Sofia does not see', async () => {
    const parent = await signIn(t, 'parent', DEMO_PASSWORD);
    const children = (await t.call('POST', '/api/practice/getPracticeStudents', { token: parent, body: {} })).body.data.results;
    const owen = children.find((c: { first_name: string }) => c.first_name === 'Owen');
    const owens = (await t.call('POST', '/api/practice/getPractice', { token: parent, body: { studentId: owen._id } })).body.data;
    expect(owens.totalCount).toBe(2);
    const sofia = await signIn(t, 'teacher', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/practice/getPractice', { token: sofia, body: { studentId: owen._id } })).status).toBe(404);
  });
});
