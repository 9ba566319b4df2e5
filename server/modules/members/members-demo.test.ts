import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe('the demo school’s people', () => {
  it('shows the demo teachers with their instruments and pay rates', async () => {
    const token = await signIn(t, 'admin', DEMO_PASSWORD);
    const res = await t.call('POST', '/api/member/teachers/list', { token, body: { sortBy: 'first_name', orderBy: 1 } });
    expect(res.body.data.results.map((r: { first_name: string; genres: { name: string }[]; private_rate: number; class_group_rate: number }) =>
      [r.first_name, r.genres.map((g) => g.name), r.private_rate, r.class_group_rate])).toEqual([
      ['James', ['Cello', 'Drums', 'Guitar', 'Ukulele', 'Violin'], 35, 20],
      ['Sofia', ['Flute', 'Piano', 'Voice'], 35, 20],
    ]);
  });
});

describe('the demo teacher’s students', () => {
  it('count Ella, who is Sofia’s only through the Beginner Piano Group, in the list, the dashboard and login-as alike', async () => {
    const token = await signIn(t, 'teacher', DEMO_PASSWORD);
    const list = await t.call('POST', '/api/member/students/list', { token, body: { limit: 100 } });
    const ella = (list.body.data.results as { _id: string; username: string }[]).find((r) => r.username === 'ellagarcia');
    expect(ella).toBeDefined();
    const dashboard = await t.call('GET', '/api/dashboard/getDashboard', { token });
    const active = (dashboard.body.data.figures as { key: string; value: number }[]).find((f) => f.key === 'activeStudents')!.value;
    expect(active).toBe(list.body.data.activeCount);
    expect((await t.call('POST', '/api/auth/local/loginas', { token, body: { userId: ella!._id } })).status).toBe(200);
  });
});
